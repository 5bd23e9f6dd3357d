/**
 * EPCRA 302 extremely hazardous substances (rules §1): each EHS on the uploaded list, added up
 * across every product at the facility by CAS, against its TPQ with ≥.
 */
import { aggregateByCas } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { lowestRq } from './epcra-304.ts';
import { formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { parseTpqText } from './reference.ts';
import {
  deMinimisText,
  EPCRA_302_DE_MINIMIS,
  EPCRA_302_OPERATOR,
  isBelowDeMinimis,
  type ThresholdTest,
  testThreshold,
} from './thresholds.ts';
import type { ReferenceEntry } from './types.ts';

export interface Epcra302Row {
  cas_number: string;
  chemical_name: string;
  /** The names the products' SDSs give the chemical. */
  component_names: string[];
  tpq_text: string;
  tpq_lower_lb: number;
  /** The second TPQ of a solid ("500/10,000"), null for one TPQ. */
  tpq_upper_lb: number | null;
  tpq_applied_lb: number;
  quantity_lb: number;
  notification_required: boolean;
  near_threshold: boolean;
  /** The EPCRA 304 / CERCLA RQ, for reference. */
  rq_lb: number | null;
  test: ThresholdTest;
  explanation: Explanation;
}

export type Epcra302Result = ProgrammeResult<Epcra302Row>;

export const EPCRA_302_RULE_TEXT =
  'EPCRA section 302 (40 CFR 355.12): a facility where an extremely hazardous substance (EHS) is present at any one time ' +
  'in an amount equal to or greater than its threshold planning quantity (TPQ) must notify the SERC and LEPC and name a ' +
  'facility emergency coordinator. The amount is the EHS in every product at the facility added up by CAS number, ' +
  'regardless of location, number of containers or method of storage (355.14); a component at 1% by weight or less is ' +
  'not counted (355.13). Percent ranges are read at their upper bound. A solid listed with two TPQs takes the lower one ' +
  'unless every product holding it is recorded as a solid that is not a powder, solution or molten (355.15).';

/** EHS footnote "a" (40 CFR 355 App. A): a reactive solid that never takes the 10,000 lb TPQ. */
export function isReactiveSolidEntry(entry: ReferenceEntry): boolean {
  return (entry.note ?? '').split(';').some((mark) => mark.trim().toLowerCase() === 'a');
}

/**
 * The TPQ of an EHS entry: the stored figures first (lower and upper), else the printed text
 * ("500/10,000"). A reactive solid (note "a") keeps only its lower TPQ.
 */
export function ehsTpq(entry: ReferenceEntry): { lower: number; upper: number | null; text: string } | null {
  const lower = entry.threshold_quantity_lbs;
  const parsed = parseTpqText(entry.tpq_text);
  let tpq: { lower: number; upper: number | null } | null = null;
  if (lower !== null && lower > 0) {
    const upper = entry.threshold_quantity_upper_lbs ?? parsed?.upper ?? null;
    tpq = { lower, upper: upper !== null && upper > lower ? upper : null };
  } else if (parsed) {
    tpq = parsed;
  }
  if (!tpq) return null;
  const text = entry.tpq_text?.trim() || formatThreshold(tpq.lower);
  return { ...tpq, upper: isReactiveSolidEntry(entry) ? null : tpq.upper, text };
}

/** Of several entries for one CAS, the one with the lowest TPQ (the conservative reading). */
export function lowestTpqEntry(entries: readonly ReferenceEntry[]) {
  let best: { entry: ReferenceEntry; tpq: NonNullable<ReturnType<typeof ehsTpq>> } | null = null;
  for (const entry of entries) {
    const tpq = ehsTpq(entry);
    if (tpq && (best === null || tpq.lower < best.tpq.lower)) best = { entry, tpq };
  }
  return best;
}

function run(context: ComplianceContext): Epcra302Result {
  const ehs = new Set(context.lists.casNumbers('ehs'));
  const aggregates = aggregateByCas(context.components, {
    basis: 'upper',
    casNumbers: ehs,
    exclude: (_item, percent) =>
      isBelowDeMinimis(percent, EPCRA_302_DE_MINIMIS, false)
        ? deMinimisText(percent, EPCRA_302_DE_MINIMIS, false)
        : null,
  });
  const lineById = new Map(
    context.lines.map((quantity) => [quantity.line.inventory_product_id, quantity.line]),
  );
  const notes: string[] = [
    'The quantity reductions of 40 CFR 355.16 for solids (powder fraction, solution × 0.2, molten × 0.3) are not applied: the amounts shown are the full weights, the conservative reading.',
  ];
  const rows: Epcra302Row[] = [];
  for (const aggregate of aggregates.values()) {
    const best = lowestTpqEntry(context.lists.find('ehs', aggregate.cas_number));
    if (!best) {
      notes.push(`${aggregate.cas_number}: the EHS list gives no TPQ; it is not tested.`);
      continue;
    }
    const rowNotes: string[] = [];
    let applied = best.tpq.lower;
    if (best.tpq.upper !== null) {
      const forms = aggregate.contributions.map((c) => lineById.get(c.inventory_product_id));
      const allBulkSolids =
        forms.length > 0 &&
        forms.every((line) => line?.physical_state === 'solid' && line.solid_form === 'other');
      if (allBulkSolids) {
        applied = best.tpq.upper;
        rowNotes.push(
          `Every product is a solid recorded as not powder, solution or molten: TPQ ${formatThreshold(applied)} lb applies.`,
        );
      } else {
        const unknown = forms.some((line) => line?.physical_state === 'solid' && !line.solid_form);
        rowNotes.push(
          `Lower TPQ ${formatThreshold(applied)} lb applies${unknown ? ' (a solid whose form is not recorded: the conservative choice)' : ''}.`,
        );
      }
    }
    const test = testThreshold(
      aggregate.pounds,
      applied,
      EPCRA_302_OPERATOR,
      'TPQ',
      context.options.near_threshold_fraction,
    );
    rows.push({
      cas_number: aggregate.cas_number,
      chemical_name: best.entry.chemical_name,
      component_names: aggregate.component_names,
      tpq_text: best.tpq.text,
      tpq_lower_lb: best.tpq.lower,
      tpq_upper_lb: best.tpq.upper,
      tpq_applied_lb: applied,
      quantity_lb: test.quantity_lb,
      notification_required: test.meets,
      near_threshold: test.near_threshold,
      rq_lb: lowestRq(context, aggregate.cas_number)?.rq_lb ?? null,
      test,
      explanation: {
        rule_text: test.rule_text,
        contributions: aggregate.contributions,
        excluded: aggregate.excluded,
        notes: rowNotes,
      },
    });
  }
  rows.sort(
    (a, b) =>
      Number(b.notification_required) - Number(a.notification_required) ||
      a.chemical_name.localeCompare(b.chemical_name),
  );
  return {
    programme: 'epcra_302',
    title: 'EPCRA 302 Extremely Hazardous Substances',
    rule: EPCRA_302_RULE_TEXT,
    is_screening: false,
    notes,
    lists_used: listsUsed(context, ['ehs', 'cercla']),
    rows,
    warnings: context.warnings,
  };
}

export const epcra302Rule: ProgrammeRule<Epcra302Result> = {
  id: 'epcra_302',
  title: 'EPCRA 302 Extremely Hazardous Substances',
  lists: ['ehs', 'cercla'],
  run,
};
