/**
 * EPCRA 302 extremely hazardous substances (rules §1): each EHS on the uploaded list, added up
 * across every product at the facility by CAS, against its TPQ with ≥.
 */
import { roundTo } from '../shared/numbers.ts';
import { aggregateByCas } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { lowestRq } from './epcra-304.ts';
import { formatPercent, formatPounds, formatThreshold, percentBasisSentence } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { parseTpqText } from './reference.ts';
import {
  deMinimisText,
  EPCRA_302_DE_MINIMIS,
  EPCRA_302_OPERATOR,
  isBelowDeMinimis,
  meetsThreshold,
  type ThresholdTest,
  testThreshold,
} from './thresholds.ts';
import { contributionsAddUp, roundingNotes } from './totals.ts';
import type { EmergencyCoordinator, PercentBasis, ReferenceEntry, SnapshotLine } from './types.ts';
import { undeterminedHeader, unknownAmountsOf } from './unknown-amounts.ts';

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
  /** Issue 33 point 2: lines of unknown pounds could require the notification ("cannot be determined: {input}"). */
  cannot_be_determined: string | null;
  missing_inputs: string[];
  near_threshold: boolean;
  /** The EPCRA 304 / CERCLA RQ, for reference. */
  rq_lb: number | null;
  test: ThresholdTest;
  explanation: Explanation;
}

export interface Epcra302Result extends ProgrammeResult<Epcra302Row> {
  /** 355.20(b): the facility emergency coordinator the notification names; null when none is recorded. */
  emergency_coordinator: EmergencyCoordinator | null;
}

/** The rule paragraph, naming the point of an SDS percent range the report read (issue 31 point 13). */
export function epcra302RuleText(basis: PercentBasis): string {
  return (
    'EPCRA section 302 (40 CFR 355.12): a facility where an extremely hazardous substance (EHS) is present at any one time ' +
    'in an amount equal to or greater than its threshold planning quantity (TPQ) must notify the SERC and LEPC and name a ' +
    'facility emergency coordinator. The amount is the EHS in every product at the facility added up by CAS number, ' +
    'regardless of location, number of containers or method of storage (355.14); a component at 1% by weight or less is ' +
    `not counted (355.13). ${percentBasisSentence(basis)} A solid listed with two TPQs takes the lower one in a powder ` +
    '(particles under 100 µm), solution or molten form or at NFPA reactivity 2-4 (355.15(a)), and 10,000 lb otherwise ' +
    '(355.15(b)); the amount in those forms is reduced as 355.16 says: a powder counts its share under 100 µm ' +
    '(355.16(a)), a solid in solution × 0.2 (355.16(b)), a molten solid × 0.3 (355.16(c)).'
  );
}

/** The note under the table: the 355.16 reductions, and that they are for 302 only (its notes to (b) and (c)). */
export const EPCRA_302_SOLIDS_NOTE =
  'Solids with two TPQs: the lower TPQ is tested with the reduced amounts of 40 CFR 355.16 (powder: the share under ' +
  '100 µm, 355.16(a); solution: × 0.2, 355.16(b); molten: × 0.3, 355.16(c)), the 10,000 lb TPQ with the whole weight. ' +
  'The reductions are for 302 only (notes to 355.16(b) and (c)).';

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

/** 40 CFR 355.16(b) and (c): a solid in solution counts a fifth of its weight, a molten solid three tenths. */
export const SOLUTION_FACTOR = 0.2;
export const MOLTEN_FACTOR = 0.3;

/** The NFPA 704 reactivity (instability) figure of a rating typed "2-3-1", "H2 F3 R1" or "2/3/1"; null when unreadable. */
export function nfpaReactivity(nfpa: string | null | undefined): number | null {
  const text = (nfpa ?? '').trim();
  const labelled = /R\s*([0-4])/i.exec(text);
  if (labelled) return Number(labelled[1]);
  const figures = text.split(/[\s\-/,]+/).filter((part) => /^[0-4]$/.test(part));
  return figures.length >= 3 ? Number(figures[2]) : null;
}

/**
 * How one line's share of a solid EHS with two TPQs counts (355.15, 355.16): against the lower TPQ
 * (with the form's reduction) when it is a powder, in solution, molten, of NFPA reactivity 2-4,
 * or of an unrecorded form (the conservative reading); otherwise against the 10,000 lb TPQ only.
 */
export function solidTreatment(line: SnapshotLine): { lower: boolean; factor: number; text: string } {
  const reactivity = nfpaReactivity(line.nfpa);
  switch (line.solid_form) {
    case 'solution':
      return { lower: true, factor: SOLUTION_FACTOR, text: 'in solution: × 0.2 (355.16(b))' };
    case 'molten':
      return { lower: true, factor: MOLTEN_FACTOR, text: 'molten: × 0.3 (355.16(c))' };
    case 'powder': {
      const fraction = line.powder_fraction_pct;
      return typeof fraction === 'number' && fraction >= 0 && fraction <= 100
        ? {
            lower: true,
            factor: fraction / 100,
            text: `powder: × ${formatPercent(fraction)}% under 100 µm (355.16(a))`,
          }
        : { lower: true, factor: 1, text: 'powder, share under 100 µm not recorded: full weight' };
    }
    case 'other':
      return reactivity !== null && reactivity >= 2
        ? { lower: true, factor: 1, text: `NFPA reactivity ${reactivity}: full weight (355.15(a)(4))` }
        : { lower: false, factor: 1, text: 'a solid not powder, solution or molten' };
    default:
      return reactivity !== null && reactivity >= 2
        ? { lower: true, factor: 1, text: `NFPA reactivity ${reactivity}: full weight (355.15(a)(4))` }
        : { lower: true, factor: 1, text: 'solid form not recorded: full weight (the conservative choice)' };
  }
}

function run(context: ComplianceContext): Epcra302Result {
  const ehs = new Set(context.lists.casNumbers('ehs'));
  const deMinimis = (_item: unknown, percent: number) =>
    isBelowDeMinimis(percent, EPCRA_302_DE_MINIMIS, false)
      ? deMinimisText(percent, EPCRA_302_DE_MINIMIS, false)
      : null;
  const aggregates = aggregateByCas(context.components, {
    basis: context.options.percent_basis,
    casNumbers: ehs,
    exclude: deMinimis,
  });
  // The lower TPQ of a solid with two is met by the reduced amounts of the lines in its forms (355.16).
  const reduced = aggregateByCas(context.components, {
    basis: context.options.percent_basis,
    casNumbers: ehs,
    exclude: deMinimis,
    includeLine: (quantity) => solidTreatment(quantity.line).lower,
    linePounds: (quantity) => {
      if (quantity.pounds === null) return null;
      const treatment = solidTreatment(quantity.line);
      return treatment.factor === 1
        ? { pounds: quantity.pounds, basis: `${quantity.basis}; ${treatment.text}` }
        : {
            pounds: roundTo(quantity.pounds * treatment.factor, 4),
            basis: `${quantity.basis} ${treatment.text} = ${formatPounds(quantity.pounds * treatment.factor)} lb`,
          };
    },
  });
  const notes: string[] = [];
  const coordinator = context.snapshot.facility.emergency_coordinator;
  if (!coordinator?.name) {
    notes.push(
      'No facility emergency coordinator is recorded on the facility: 40 CFR 355.20(b) requires one to be named to the LEPC.',
    );
  }
  const rows: Epcra302Row[] = [];
  for (const aggregate of aggregates.values()) {
    const best = lowestTpqEntry(context.lists.find('ehs', aggregate.cas_number));
    if (!best) {
      notes.push(`${aggregate.cas_number}: the EHS list gives no TPQ; it is not tested.`);
      continue;
    }
    const rowNotes: string[] = [];
    let applied = best.tpq.lower;
    let figure = aggregate;
    if (best.tpq.upper !== null) {
      // Two tests (355.15, 355.16): the reduced amount in the lower-TPQ forms against the lower TPQ,
      // and the whole weight against the upper; the row shows the one met, else the closer one.
      const lowerAggregate = reduced.get(aggregate.cas_number);
      const lowerLb = lowerAggregate?.pounds ?? 0;
      const lowerMet = meetsThreshold(lowerLb, best.tpq.lower, EPCRA_302_OPERATOR);
      const upperMet = meetsThreshold(aggregate.pounds, best.tpq.upper, EPCRA_302_OPERATOR);
      const useLower =
        lowerAggregate !== undefined &&
        lowerAggregate.contributions.length > 0 &&
        (lowerMet || (!upperMet && lowerLb / best.tpq.lower >= aggregate.pounds / best.tpq.upper));
      rowNotes.push(
        `Lower TPQ ${formatThreshold(best.tpq.lower)} lb: ${formatPounds(lowerLb)} lb in a powder, solution, molten, reactive or unrecorded form (after the 355.16 reductions).`,
        `TPQ ${formatThreshold(best.tpq.upper)} lb: ${formatPounds(aggregate.pounds)} lb, the whole weight.`,
      );
      if (useLower) {
        figure = lowerAggregate;
      } else {
        applied = best.tpq.upper;
      }
    }
    const test = testThreshold(
      figure.pounds,
      applied,
      EPCRA_302_OPERATOR,
      'TPQ',
      context.options.near_threshold_fraction,
    );
    const notification =
      test.meets ||
      (best.tpq.upper !== null && meetsThreshold(aggregate.pounds, best.tpq.upper, EPCRA_302_OPERATOR));
    const unknown = unknownAmountsOf(
      notification,
      aggregate.excluded,
      `${formatPounds(test.quantity_lb)} lb`,
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
      notification_required: notification,
      cannot_be_determined: unknown.cannot_be_determined,
      missing_inputs: unknown.missing_inputs,
      near_threshold: test.near_threshold,
      rq_lb: lowestRq(context, aggregate.cas_number)?.rq_lb ?? null,
      test,
      explanation: {
        rule_text: test.rule_text,
        contributions: figure.contributions,
        excluded: figure.excluded,
        notes: [...rowNotes, ...unknown.notes],
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
    rule: epcra302RuleText(context.options.percent_basis),
    is_screening: false,
    notes: [
      EPCRA_302_SOLIDS_NOTE,
      ...notes,
      // Each row's contributing lines print under its on-site figure (issue 31 point 14).
      ...roundingNotes(rows.map((row) => contributionsAddUp(row.explanation, row.quantity_lb))),
    ],
    emergency_coordinator: coordinator?.name ? coordinator : null,
    ...undeterminedHeader(
      'EHS whose notification cannot be determined',
      rows.map((row) => ({ name: row.chemical_name, ...row })),
    ),
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
