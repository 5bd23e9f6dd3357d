/**
 * EPCRA 313 threshold reports (rules §4-6), one per activity: the pounds of each listed chemical
 * manufactured, processed or otherwise used during the year, from the lines flagged with that
 * activity, against 25,000 / 25,000 / 10,000 lb (PBT and PFAS thresholds apart) with >.
 * The thresholds are annual throughput; while a line has no annual amount its maximum on hand
 * stands in and the report is a "screening" (rules §4-6: never silently).
 */
import { roundTo } from '../shared/numbers.ts';
import { aggregateByCas, type CasAggregate, type Contribution } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import {
  countAmmonia,
  formA,
  formQualifier,
  listMarkerWarnings,
  splitByQualifierMark,
  sumContributions,
  TRI_FORM_A_MAX_LB,
  TRI_FORM_A_REPORTABLE_MAX_LB,
  type TriMarkerSources,
  triMarkerSources,
} from './epcra-313-listings.ts';
import { builtInPbt, builtInPbtCategory, builtInPfas } from './epcra-313-special-concern.ts';
import { formatPounds, formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { type LineQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import { AMMONIA_CAS, AMMONIUM_HYDROXIDE_CAS } from './reference.ts';
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
import { undeterminedHeader, unknownAmountsOf } from './unknown-amounts.ts';

/** 42 USC 11023(f): manufactured and processed 25,000 lb, otherwise used 10,000 lb per year. */
export const TRI_THRESHOLDS_LB: Record<TriActivity, number> = {
  manufactured: 25_000,
  processed: 25_000,
  otherwise_used: 10_000,
};
/** 372.28: PBT thresholds are 100 or 10 lb per chemical; 100 lb while neither the list nor 372.28's table gives one. */
export const TRI_PBT_DEFAULT_THRESHOLD_LB = 100;
/** PFAS added by the NDAA: 100 lb for each activity. */
export const TRI_PFAS_THRESHOLD_LB = 100;

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
  /** The list's qualifier text (e.g. "acid aerosols …"). */
  qualifier: string;
  /** Which share of the pounds was counted and why, printed beside the figure ('' for the plain sum). */
  count_basis: string;
  is_pbt: boolean;
  is_pfas: boolean;
  activity: TriActivity;
  annual_lb: number;
  threshold_lb: number;
  exceeds: boolean;
  /** Issue 33 point 2: lines of unknown pounds could exceed the threshold ("cannot be determined: {input}"). */
  cannot_be_determined: string | null;
  missing_inputs: string[];
  near_threshold: boolean;
  /**
   * Form A (372.27) may apply: the chemical exceeds its threshold, is not PBT or PFAS and this
   * activity's amount is ≤ 1,000,000 lb. The ≤ 500 lb annual reportable amount is the user's to confirm.
   */
  form_a_possible: boolean;
  /** The Form A column's text, conditions stated ('' under the threshold). */
  form_a: string;
  /** At least one line's maximum on hand stands in for its annual amount. */
  is_screening: boolean;
  test: ThresholdTest;
  explanation: Explanation;
}

/**
 * A qualified listing (372.65) with lines not marked as meeting its qualifier: their pounds are
 * not counted and not in the threshold table; the report shows them apart for the user to check.
 */
export interface Epcra313QualifiedCheckRow {
  cas_number: string;
  chemical_name: string;
  qualifier: string;
  activity: TriActivity;
  /** Pounds of the lines not marked as meeting the qualifier (not counted). */
  unmarked_lb: number;
  /** Pounds of the marked lines (counted in the threshold table). */
  counted_lb: number;
  threshold_lb: number;
  explanation: Explanation;
}

export type Epcra313Result = ProgrammeResult<Epcra313Row> & {
  activity: TriActivity;
  qualified_check: Epcra313QualifiedCheckRow[];
};

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

interface TriThreshold {
  value: number;
  note: string;
  isPbt: boolean;
  isPfas: boolean;
}

const PFAS_NOTE = 'PFAS (chemical of special concern): threshold 100 lb, no de minimis, no Form A.';

/**
 * A 313 listing's threshold (rules §4-6). PFAS: 100 lb. PBT: its 372.28 threshold. The list's own
 * columns decide where it has them (a list with a "Reporting threshold (lb)" column and no PBT
 * column marks its PBTs by a threshold below the general one); a list without a PBT or PFAS
 * column leaves it to the built-in tables, by CAS. Such chemicals have no de minimis.
 */
function thresholdFor(
  entry: ReferenceEntry | undefined,
  casNumber: string,
  activity: TriActivity,
  sources: TriMarkerSources,
): TriThreshold {
  const general = TRI_THRESHOLDS_LB[activity];
  const listed = entry?.threshold_quantity_lbs ?? null;
  const pbt = pbtFor(entry, casNumber, listed, general, sources);
  const builtInPfasEntry = sources.pfas === 'built_in' ? builtInPfas(casNumber) : undefined;
  if (entry?.is_pfas || builtInPfasEntry) {
    return {
      value: listed ?? TRI_PFAS_THRESHOLD_LB,
      note: builtInPfasEntry
        ? `${PFAS_NOTE} PFAS by CAS from NDAA FY2020 section 7321 (built in): the uploaded list has no PFAS column.`
        : PFAS_NOTE,
      isPbt: pbt !== null,
      isPfas: true,
    };
  }
  if (pbt) return { ...pbt, isPbt: true, isPfas: false };
  return {
    value: general,
    note: `${TRI_ACTIVITY_LABELS[activity]}: > ${formatThreshold(general)} lb per year.`,
    isPbt: false,
    isPfas: false,
  };
}

/** A PBT listing's threshold and its note, or null for a chemical that is not a PBT. */
function pbtFor(
  entry: ReferenceEntry | undefined,
  casNumber: string,
  listed: number | null,
  general: number,
  sources: TriMarkerSources,
): { value: number; note: string } | null {
  const known = builtInPbt(casNumber);
  const alloyNote = known?.note ? ` Note: ${known.note}.` : '';
  if (sources.pbt === 'built_in') {
    if (!known) return null;
    return {
      value: known.threshold_lb,
      note: `PBT chemical: threshold ${known.threshold_text} from 40 CFR 372.28 (built in: the uploaded list has no PBT column), no de minimis.${alloyNote}`,
    };
  }
  if (entry?.is_pbt) {
    if (listed !== null)
      return {
        value: listed,
        note: `PBT chemical: threshold ${formatThreshold(listed)} lb from the list, no de minimis.${alloyNote}`,
      };
    if (known)
      return {
        value: known.threshold_lb,
        note: `PBT chemical (marked by the list): threshold ${known.threshold_text} from 40 CFR 372.28 (built in), the list gives none; no de minimis.${alloyNote}`,
      };
    return {
      value: TRI_PBT_DEFAULT_THRESHOLD_LB,
      note: `PBT chemical: the list gives no threshold, ${TRI_PBT_DEFAULT_THRESHOLD_LB} lb used; no de minimis.`,
    };
  }
  if (listed !== null && listed < general)
    return {
      value: listed,
      note: `Threshold ${formatThreshold(listed)} lb from the list, below the general ${formatThreshold(general)} lb: a 372.28 (PBT) threshold, no de minimis.`,
    };
  return null;
}

function deMinimisFor(
  entry: ReferenceEntry | undefined,
  casNumber: string,
  activity: TriActivity,
  sources: TriMarkerSources,
): DeMinimisRule | null {
  const threshold = thresholdFor(entry, casNumber, activity, sources);
  if (threshold.isPbt || threshold.isPfas) return null;
  const percent = entry?.de_minimis_pct;
  // A list's own percent replaces both general figures (it already says 0.1 for a carcinogen).
  if (typeof percent === 'number' && percent > 0)
    return { percent, carcinogen_percent: null, inclusive: false };
  return EPCRA_313_DE_MINIMIS;
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

function byLine(a: { inventory_product_id: number }, b: { inventory_product_id: number }): number {
  return a.inventory_product_id - b.inventory_product_id;
}

/**
 * The list's chemicals by CAS, with ammonium hydroxide's pounds moved under the ammonia listing
 * (GuideME Q550; for 313 only: rules §0.2 keeps them apart everywhere else).
 */
function aggregateListed(context: ComplianceContext, activity: TriActivity, sources: TriMarkerSources) {
  const entryOf = (cas: string) => context.lists.find('313', cas)[0];
  const casNumbers = new Set(context.lists.casNumbers('313'));
  const ammoniaListed = casNumbers.has(AMMONIA_CAS);
  if (ammoniaListed) casNumbers.add(AMMONIUM_HYDROXIDE_CAS);
  const aggregates = aggregateByCas(context.components, {
    basis: 'midpoint',
    casNumbers,
    includeLine: (quantity) => quantity.line[LINE_FLAG[activity]],
    exclude: (item, percent) => {
      const cas = item.cas_number === AMMONIUM_HYDROXIDE_CAS ? AMMONIA_CAS : item.cas_number;
      const rule = deMinimisFor(entryOf(cas), cas, activity, sources);
      return rule && isBelowDeMinimis(percent, rule, item.is_carcinogen)
        ? deMinimisText(percent, rule, item.is_carcinogen)
        : null;
    },
    linePounds: (quantity) => annualPounds(quantity, activity),
  });
  const hydroxide = ammoniaListed ? aggregates.get(AMMONIUM_HYDROXIDE_CAS) : undefined;
  if (!hydroxide) return { aggregates: [...aggregates.values()], hydroxide: [] as Contribution[] };
  aggregates.delete(AMMONIUM_HYDROXIDE_CAS);
  const ammonia: CasAggregate = aggregates.get(AMMONIA_CAS) ?? {
    cas_number: AMMONIA_CAS,
    component_names: [],
    pounds: 0,
    contributions: [],
    excluded: [],
  };
  aggregates.set(AMMONIA_CAS, {
    ...ammonia,
    component_names: [...new Set([...ammonia.component_names, ...hydroxide.component_names])].sort(),
    excluded: [...ammonia.excluded, ...hydroxide.excluded].sort(byLine),
  });
  return { aggregates: [...aggregates.values()], hydroxide: hydroxide.contributions };
}

function runFor(activity: TriActivity, context: ComplianceContext): Epcra313Result {
  const flagged = (quantity: LineQuantity) => quantity.line[LINE_FLAG[activity]];
  const entryOf = (cas: string) => context.lists.find('313', cas)[0];
  const sources = triMarkerSources(context.lists);
  const { aggregates, hydroxide } = aggregateListed(context, activity, sources);
  const lineById = new Map(context.lines.map((quantity) => [quantity.line.inventory_product_id, quantity]));
  const snapshotLines = new Map(
    context.lines.map((quantity) => [quantity.line.inventory_product_id, quantity.line]),
  );
  const rows: Epcra313Row[] = [];
  const qualifiedCheck: Epcra313QualifiedCheckRow[] = [];
  for (const aggregate of aggregates) {
    const entry = entryOf(aggregate.cas_number);
    const threshold = thresholdFor(entry, aggregate.cas_number, activity, sources);
    const chemicalName = entry?.chemical_name ?? aggregate.component_names[0] ?? aggregate.cas_number;
    const qualifier = formQualifier(entry);
    let counted: Contribution[];
    let pounds: number;
    let countBasis = '';
    const countNotes: string[] = [];
    const excluded = [...aggregate.excluded];
    if (aggregate.cas_number === AMMONIA_CAS) {
      const ammonia = countAmmonia(aggregate.contributions, hydroxide, snapshotLines);
      counted = [...aggregate.contributions, ...hydroxide].sort(byLine);
      pounds = ammonia.pounds;
      countBasis = ammonia.basis;
      countNotes.push(...ammonia.notes);
    } else if (qualifier !== null) {
      const { marked, unmarked } = splitByQualifierMark(aggregate.contributions, snapshotLines);
      counted = marked;
      pounds = sumContributions(marked);
      countBasis = 'Only lines marked as meeting the qualifier';
      countNotes.push(
        `Qualified listing (40 CFR 372.65: ${qualifier}): only lines marked as meeting the qualifier count.`,
      );
      if (unmarked.length > 0) {
        const unmarkedLb = sumContributions(unmarked);
        countNotes.push(
          `${formatPounds(unmarkedLb)} lb on ${unmarked.length} line(s) not marked: not counted, see "${TRI_QUALIFIED_CHECK_TITLE}".`,
        );
        for (const c of unmarked) {
          excluded.push({
            inventory_product_id: c.inventory_product_id,
            product_id: c.product_id,
            product_name: c.product_name,
            location_stored: c.location_stored,
            percent_weight: c.percent_weight,
            reason: `${formatPounds(c.pounds_contributed)} lb not marked as meeting the listing's qualifier (${qualifier})`,
          });
        }
        excluded.sort(byLine);
        qualifiedCheck.push({
          cas_number: aggregate.cas_number,
          chemical_name: chemicalName,
          qualifier,
          activity,
          unmarked_lb: unmarkedLb,
          counted_lb: pounds,
          threshold_lb: threshold.value,
          explanation: {
            rule_text: `${formatPounds(unmarkedLb)} lb not counted: the lines are not marked as meeting the qualifier "${qualifier}"`,
            contributions: unmarked,
            excluded: [],
            notes: [
              `Mark a line "Meets the 313 listing's qualifier" only where the chemical is handled in the listed form (${qualifier}); otherwise it does not count toward the threshold.`,
            ],
          },
        });
        // Nothing marked: the chemical appears only in the check block, never in the threshold table.
        if (marked.length === 0) continue;
      }
    } else {
      counted = aggregate.contributions;
      pounds = aggregate.pounds;
    }
    const test = testThreshold(
      roundTo(pounds, QUANTITY_DECIMALS),
      threshold.value,
      EPCRA_313_OPERATOR,
      'threshold',
      context.options.near_threshold_fraction,
    );
    const isScreening = counted.some((c) => {
      const quantity = lineById.get(c.inventory_product_id);
      return quantity ? !hasAnnual(quantity, activity) : true;
    });
    const formAResult = formA({
      exceeds: test.meets,
      isPbt: threshold.isPbt,
      isPfas: threshold.isPfas,
      pounds: test.quantity_lb,
      activityLabel: TRI_ACTIVITY_LABELS[activity],
    });
    const unknown = unknownAmountsOf(test.meets, aggregate.excluded, `${formatPounds(test.quantity_lb)} lb`);
    rows.push({
      cas_number: aggregate.cas_number,
      chemical_name: chemicalName,
      component_names: aggregate.component_names,
      qualifier: entry?.condition ?? '',
      count_basis: countBasis,
      is_pbt: threshold.isPbt,
      is_pfas: threshold.isPfas,
      activity,
      annual_lb: test.quantity_lb,
      threshold_lb: threshold.value,
      exceeds: test.meets,
      cannot_be_determined: unknown.cannot_be_determined,
      missing_inputs: unknown.missing_inputs,
      near_threshold: test.near_threshold,
      form_a_possible: formAResult.possible,
      form_a: formAResult.text,
      is_screening: isScreening,
      test,
      explanation: {
        rule_text: test.rule_text,
        contributions: counted,
        excluded,
        notes: [
          threshold.note,
          ...countNotes,
          ...(formAResult.note ? [formAResult.note] : []),
          ...unknown.notes,
        ],
      },
    });
  }
  rows.sort(
    (a, b) => Number(b.exceeds) - Number(a.exceeds) || a.chemical_name.localeCompare(b.chemical_name),
  );
  qualifiedCheck.sort((a, b) => a.chemical_name.localeCompare(b.chemical_name));
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
      facilityCoverageNote(context.snapshot.facility.naics_code),
      FORM_A_NOTE,
      ...categoryNote(context),
    ],
    lists_used: listsUsed(context, ['313']),
    ...undeterminedHeader(
      'Chemicals whose threshold cannot be determined',
      rows.map((row) => ({ name: row.chemical_name, ...row })),
    ),
    rows,
    warnings: [...listMarkerWarnings(context.lists), ...context.warnings],
    activity,
    qualified_check: qualifiedCheck,
  };
}

/** The title of the block that holds the unmarked lines of qualified listings (issue 21 §16). */
export const TRI_QUALIFIED_CHECK_TITLE = 'Qualified listings: check the form';

const FORM_A_NOTE =
  `Form A (40 CFR 372.27) is shown as possible only for a chemical that exceeds its threshold, is not a PBT or PFAS, ` +
  `and whose amount in the activity is at most ${formatThreshold(TRI_FORM_A_MAX_LB)} lb; it also needs an annual ` +
  `reportable amount (releases and other waste management) of at most ${TRI_FORM_A_REPORTABLE_MAX_LB} lb, which ` +
  `the inventory does not record: that figure is the user's to confirm.`;

/**
 * 40 CFR 372.22: a facility reports only with 10 or more full-time employees and a covered NAICS
 * code (372.23). The app records the facility's NAICS code but not the covered list nor the
 * employees, so the note names the recorded code for the user to check, rather than saying none is
 * recorded when the facility form holds one.
 */
function facilityCoverageNote(naicsCode: string | null | undefined): string {
  const code = naicsCode?.trim();
  return code
    ? `Facility coverage also needs 10 or more full-time employees and a covered NAICS code (40 CFR 372.23): the facility records NAICS ${code}, to be checked against that list; the employees are not recorded.`
    : 'Facility coverage also needs 10 or more full-time employees and a covered NAICS code (40 CFR 372.23), neither of which the facility records.';
}

/** Category listings (N230 …) carry no CAS, so the engine cannot match them: say so, never silently. */
function categoryNote(context: ComplianceContext): string[] {
  const categories = context.lists.uncasedEntries('313');
  if (categories.length === 0) return [];
  const names = categories.map((entry) => {
    const name = entry.category ? `${entry.category} ${entry.chemical_name}` : entry.chemical_name;
    const pbt = builtInPbtCategory(entry.category);
    return pbt ? `${name} (PBT, 40 CFR 372.28: ${pbt.threshold_text})` : name;
  });
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
