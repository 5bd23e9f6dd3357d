/**
 * EPCRA 313 threshold reports (rules §4-6), one per activity: the pounds of each listed chemical
 * manufactured, processed or otherwise used during the year, from the lines flagged with that
 * activity, against 25,000 / 25,000 / 10,000 lb (PBT and PFAS thresholds apart) with >.
 * The thresholds are annual throughput; while a line has no annual amount its maximum on hand
 * stands in and the report is a "screening" (rules §4-6: never silently).
 */
import { roundTo } from '../shared/numbers.ts';
import { aggregateByCas } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { formatPounds, formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { type LineQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import {
  type DeMinimisRule,
  deMinimisText,
  EPCRA_313_DE_MINIMIS,
  EPCRA_313_OPERATOR,
  isBelowDeMinimis,
  type ThresholdTest,
  testThreshold,
} from './thresholds.ts';
import type { ReferenceEntry, TriActivity } from './types.ts';

/** 42 USC 11023(f): manufactured and processed 25,000 lb, otherwise used 10,000 lb per year. */
export const TRI_THRESHOLDS_LB: Record<TriActivity, number> = {
  manufactured: 25_000,
  processed: 25_000,
  otherwise_used: 10_000,
};
/** 372.28: PBT thresholds are 100 or 10 lb per chemical; 100 lb while the list gives none. */
export const TRI_PBT_DEFAULT_THRESHOLD_LB = 100;
/** PFAS added by the NDAA: 100 lb for each activity. */
export const TRI_SPECIAL_CONCERN_THRESHOLD_LB = 100;
/** Form A: a non-PBT chemical handled at no more than 1,000,000 lb (and ≤ 500 lb reportable amount). */
export const TRI_FORM_A_MAX_LB = 1_000_000;

export const TRI_ACTIVITY_LABELS: Record<TriActivity, string> = {
  manufactured: 'Manufactured',
  processed: 'Processed',
  otherwise_used: 'Otherwise used',
};

const LINE_FLAG = {
  manufactured: 'is_manufactured',
  processed: 'is_processed',
  otherwise_used: 'is_otherwise_used',
} as const satisfies Record<TriActivity, string>;

export interface Epcra313Row {
  cas_number: string;
  chemical_name: string;
  component_names: string[];
  /** The list's qualifier text (e.g. "acid aerosols"). */
  qualifier: string;
  is_pbt: boolean;
  is_special_concern: boolean;
  activity: TriActivity;
  annual_lb: number;
  threshold_lb: number;
  exceeds: boolean;
  near_threshold: boolean;
  /** Form A may apply (non-PBT, not PFAS, ≤ 1,000,000 lb); it also needs ≤ 500 lb reportable amount. */
  form_a_possible: boolean;
  /** At least one line's maximum on hand stands in for its annual amount. */
  is_screening: boolean;
  test: ThresholdTest;
  explanation: Explanation;
}

export type Epcra313Result = ProgrammeResult<Epcra313Row> & { activity: TriActivity };

export function epcra313RuleText(activity: TriActivity): string {
  return (
    `EPCRA section 313 (40 CFR 372.25, 372.28, 372.38): a covered facility files a Form R or Form A for each listed ` +
    `chemical ${TRI_ACTIVITY_LABELS[activity].toLowerCase()} in a quantity that exceeds ` +
    `${formatThreshold(TRI_THRESHOLDS_LB[activity])} lb during the calendar year (PBT chemicals: their 372.28 threshold; ` +
    `PFAS: 100 lb). The quantity is the chemical in every product used in that activity, added up by CAS number; ` +
    `components below 1% by weight (0.1% for OSHA carcinogens) are not counted, except PBTs and PFAS, which have no de ` +
    `minimis. Percent ranges are read at their midpoint. Where a product has no annual amount its maximum on hand is used, ` +
    `which makes the result a screening, not a threshold determination.`
  );
}

function deMinimisFor(entry: ReferenceEntry | undefined): DeMinimisRule | null {
  if (entry?.is_pbt || entry?.is_special_concern) return null;
  const percent = entry?.de_minimis_pct;
  // A list's own percent replaces both general figures (it already says 0.1 for a carcinogen).
  if (typeof percent === 'number' && percent > 0)
    return { percent, carcinogen_percent: null, inclusive: false };
  return EPCRA_313_DE_MINIMIS;
}

function thresholdFor(
  entry: ReferenceEntry | undefined,
  activity: TriActivity,
): { value: number; note: string } {
  const listed = entry?.threshold_quantity_lbs ?? null;
  if (entry?.is_special_concern) {
    return {
      value: listed ?? TRI_SPECIAL_CONCERN_THRESHOLD_LB,
      note: 'Chemical of special concern (PFAS): no de minimis.',
    };
  }
  if (entry?.is_pbt) {
    return listed !== null
      ? {
          value: listed,
          note: `PBT chemical: threshold ${formatThreshold(listed)} lb from the list, no de minimis.`,
        }
      : {
          value: TRI_PBT_DEFAULT_THRESHOLD_LB,
          note: `PBT chemical: the list gives no threshold, ${TRI_PBT_DEFAULT_THRESHOLD_LB} lb used; no de minimis.`,
        };
  }
  return {
    value: TRI_THRESHOLDS_LB[activity],
    note: `${TRI_ACTIVITY_LABELS[activity]}: > ${formatThreshold(TRI_THRESHOLDS_LB[activity])} lb per year.`,
  };
}

function annualPounds(
  quantity: LineQuantity,
  activity: TriActivity,
): { pounds: number; basis: string } | null {
  const annual = quantity.line.annual_pounds?.[activity];
  if (typeof annual === 'number' && Number.isFinite(annual) && annual >= 0) {
    return {
      pounds: annual,
      basis: `annual amount ${TRI_ACTIVITY_LABELS[activity].toLowerCase()} ${formatPounds(annual)} lb`,
    };
  }
  if (quantity.pounds === null) return null;
  return {
    pounds: quantity.pounds,
    basis: `maximum on hand ${formatPounds(quantity.pounds)} lb (screening: no annual amount)`,
  };
}

function hasAnnual(quantity: LineQuantity, activity: TriActivity): boolean {
  const annual = quantity.line.annual_pounds?.[activity];
  return typeof annual === 'number' && Number.isFinite(annual) && annual >= 0;
}

function runFor(activity: TriActivity, context: ComplianceContext): Epcra313Result {
  const flagged = (quantity: LineQuantity) => quantity.line[LINE_FLAG[activity]];
  const entryOf = (cas: string) => context.lists.find('313', cas)[0];
  const aggregates = aggregateByCas(context.components, {
    basis: 'midpoint',
    casNumbers: new Set(context.lists.casNumbers('313')),
    includeLine: flagged,
    exclude: (item, percent) => {
      const rule = deMinimisFor(entryOf(item.cas_number));
      return rule && isBelowDeMinimis(percent, rule, item.is_carcinogen)
        ? deMinimisText(percent, rule, item.is_carcinogen)
        : null;
    },
    linePounds: (quantity) => annualPounds(quantity, activity),
  });
  const lineById = new Map(context.lines.map((quantity) => [quantity.line.inventory_product_id, quantity]));
  const rows: Epcra313Row[] = [];
  for (const aggregate of aggregates.values()) {
    const entry = entryOf(aggregate.cas_number);
    const threshold = thresholdFor(entry, activity);
    const factor = entry?.qualifier_factor;
    const hasFactor = typeof factor === 'number' && factor > 0 && factor !== 1;
    const quantityLb = hasFactor ? roundTo(aggregate.pounds * factor, QUANTITY_DECIMALS) : aggregate.pounds;
    const test = testThreshold(
      quantityLb,
      threshold.value,
      EPCRA_313_OPERATOR,
      'threshold',
      context.options.near_threshold_fraction,
    );
    const isScreening = aggregate.contributions.some((c) => {
      const quantity = lineById.get(c.inventory_product_id);
      return quantity ? !hasAnnual(quantity, activity) : true;
    });
    const isPbt = entry?.is_pbt === true;
    const isSpecial = entry?.is_special_concern === true;
    rows.push({
      cas_number: aggregate.cas_number,
      chemical_name: entry?.chemical_name ?? aggregate.component_names[0] ?? aggregate.cas_number,
      component_names: aggregate.component_names,
      qualifier: entry?.condition ?? '',
      is_pbt: isPbt,
      is_special_concern: isSpecial,
      activity,
      annual_lb: test.quantity_lb,
      threshold_lb: threshold.value,
      exceeds: test.meets,
      near_threshold: test.near_threshold,
      form_a_possible: !isPbt && !isSpecial && test.quantity_lb <= TRI_FORM_A_MAX_LB,
      is_screening: isScreening,
      test,
      explanation: {
        rule_text: test.rule_text,
        contributions: aggregate.contributions,
        excluded: aggregate.excluded,
        notes: [
          threshold.note,
          ...(hasFactor
            ? [
                `List qualifier: ${formatPounds(aggregate.pounds)} lb × ${factor} = ${formatPounds(quantityLb)} lb counted.`,
              ]
            : []),
        ],
      },
    });
  }
  rows.sort(
    (a, b) => Number(b.exceeds) - Number(a.exceeds) || a.chemical_name.localeCompare(b.chemical_name),
  );
  const flaggedLines = context.lines.filter(flagged);
  const isScreening =
    flaggedLines.length === 0 || flaggedLines.some((quantity) => !hasAnnual(quantity, activity));
  const title = `EPCRA 313 Threshold: ${TRI_ACTIVITY_LABELS[activity]}${isScreening ? ' (screening)' : ''}`;
  return {
    programme: `epcra_313_${activity}`,
    title,
    rule: epcra313RuleText(activity),
    is_screening: isScreening,
    notes: [
      ...(isScreening
        ? [
            'Screening: annual amounts are not recorded for every product in this activity; the maximum on hand stands in for them. Confirm with purchase and use records before filing.',
          ]
        : []),
      'Facility coverage also needs 10 or more full-time employees and a covered NAICS code, which the inventory does not record.',
      ...categoryNote(context),
    ],
    lists_used: listsUsed(context, ['313']),
    rows,
    warnings: context.warnings,
    activity,
  };
}

/** Category listings (N230 …) carry no CAS, so the engine cannot match them: say so, never silently. */
function categoryNote(context: ComplianceContext): string[] {
  const categories = context.lists.uncasedEntries('313');
  if (categories.length === 0) return [];
  const names = categories.map((entry) =>
    entry.category ? `${entry.category} ${entry.chemical_name}` : entry.chemical_name,
  );
  return [
    `${categories.length} category listing(s) of the 313 list have no CAS number and are not matched by the engine; check the products against them by hand: ${names.join('; ')}.`,
  ];
}

function epcra313Rule(activity: TriActivity): ProgrammeRule<Epcra313Result> {
  return {
    id: `epcra_313_${activity}`,
    title: `EPCRA 313 Threshold: ${TRI_ACTIVITY_LABELS[activity]}`,
    lists: ['313'],
    run: (context) => runFor(activity, context),
  };
}

export const epcra313ManufacturedRule = epcra313Rule('manufactured');
export const epcra313ProcessedRule = epcra313Rule('processed');
export const epcra313OtherwiseUsedRule = epcra313Rule('otherwise_used');
