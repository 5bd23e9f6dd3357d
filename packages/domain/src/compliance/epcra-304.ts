/**
 * EPCRA 304 / CERCLA 103 spill-reporting exposure (rules §2). The app has no release data, so
 * this screens what is on hand against each reportable quantity: could a release of what is
 * stored reach the RQ? No de minimis (302.6(b) mixture rule: the component's pounds count).
 */

import { roundTo } from '../shared/numbers.ts';
import { aggregateByCas, type Contribution, type LineComponent, lineContribution } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import {
  formatPercent,
  formatPercentRange,
  formatPounds,
  formatThreshold,
  percentBasisSentence,
} from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { type LineQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import { AMMONIA_CAS, AMMONIUM_HYDROXIDE_CAS, normalizeCas, WATER_CAS } from './reference.ts';
import { CERCLA_OPERATOR, meetsThreshold, type ThresholdTest, testThreshold } from './thresholds.ts';
import { contributionsAddUp, roundingNotes } from './totals.ts';
import type { PercentBasis, SnapshotLine } from './types.ts';
import { undeterminedHeader, unknownAmountsOf } from './unknown-amounts.ts';

/**
 * Metals whose release in pieces larger than 100 µm need not be reported (40 CFR 302.6(c)):
 * antimony, arsenic, beryllium, cadmium, chromium, copper, lead, nickel, selenium, silver,
 * thallium, zinc. The data model has no particle-size flag, so a solid one is marked "form unknown".
 */
export const MASSIVE_FORM_METALS: ReadonlySet<string> = new Set([
  '7440-36-0',
  '7440-38-2',
  '7440-41-7',
  '7440-43-9',
  '7440-47-3',
  '7440-50-8',
  '7439-92-1',
  '7440-02-0',
  '7782-49-2',
  '7440-22-4',
  '7440-28-0',
  '7440-66-6',
]);

/**
 * Ammonium hydroxide, a CERCLA hazardous substance (RQ 1,000 lb) listed apart from ammonia
 * 7664-41-7 (RQ 100 lb). EPA, "Determining the amount released for ammonia and ammonium hydroxide
 * for release notification requirements under CERCLA section 103 and EPCRA section 304"
 * (epa.gov/epcra, read 2026): the two are considered individually, and a release of ammonium
 * hydroxide solution is compared with its RQ without the CERCLA mixture rule (rules §2).
 */
/**
 * What an ammonium hydroxide solution holds besides itself: water 7732-18-5 and the ammonia
 * 7664-41-7 an SDS may name in it. A product naming anything else is a mixture holding the
 * solution, for which the mixture rule stands (302.6(b)).
 */
const AMMONIUM_HYDROXIDE_SOLUTION_PARTS: ReadonlySet<string> = new Set([WATER_CAS, AMMONIA_CAS]);

export const NATIONAL_RESPONSE_CENTER = 'NRC 1-800-424-8802 / SERC / LEPC';

/** The lower of the CERCLA RQ and the EHS list's EPCRA 304 RQ (rules §2). */
export function lowestRq(
  context: ComplianceContext,
  casNumber: string,
): { rq_lb: number; list: 'cercla' | 'ehs'; chemical_name: string } | null {
  let best: { rq_lb: number; list: 'cercla' | 'ehs'; chemical_name: string } | null = null;
  for (const list of ['cercla', 'ehs'] as const) {
    for (const entry of context.lists.find(list, casNumber)) {
      const rq = entry.final_reportable_quantity_lb;
      if (rq !== null && rq > 0 && (best === null || rq < best.rq_lb)) {
        best = { rq_lb: rq, list, chemical_name: entry.chemical_name };
      }
    }
  }
  return best;
}

/** For one product line: how much of it released would carry an RQ of the chemical. */
export interface ReleaseToRq {
  inventory_product_id: number;
  product_name: string;
  location_stored: string;
  container: string;
  percent_weight: number;
  /**
   * The SDS gives no percentage: the whole mixture is screened (302.6(b)), `percent_weight` is
   * 100 and the release is the lowest RQ of the mixture's constituents.
   */
  percent_unknown: boolean;
  /**
   * An ammonium hydroxide solution under its own listing: the solution's whole weight counts, so
   * `percent_weight` is 100 and the release is the RQ itself.
   */
  whole_solution: boolean;
  /** Pounds of product whose release holds the RQ: RQ / (wt% / 100). */
  release_lb_to_rq: number;
  /** The same in gallons for a liquid with a known density. */
  release_gal_to_rq: number | null;
  /** The chemical's pounds in one of the line's containers. */
  container_component_lb: number | null;
}

export interface Epcra304Row {
  cas_number: string;
  chemical_name: string;
  component_names: string[];
  /** The lists naming the CAS. */
  lists: ('cercla' | 'ehs')[];
  rq_lb: number;
  rq_list: 'cercla' | 'ehs';
  quantity_lb: number;
  /** On-site pounds ≥ RQ: a release of what is stored could reach the RQ. */
  release_could_reach_rq: boolean;
  /** Issue 33 point 2: lines of unknown pounds could reach the RQ ("cannot be determined: {input}"). */
  cannot_be_determined: string | null;
  missing_inputs: string[];
  near_threshold: boolean;
  releases: ReleaseToRq[];
  largest_container_lb: number | null;
  /** One container holds the RQ or more. */
  single_container_exposure: boolean;
  /** A 302.6(c) metal held as a solid whose particle size is not recorded. */
  form_unknown: boolean;
  notify: string;
  test: ThresholdTest;
  explanation: Explanation;
}

export type Epcra304Result = ProgrammeResult<Epcra304Row>;

/** The whole mixture as the chemical's contribution: the most of it the mixture can hold. */
function shareContribution(share: UnknownShare): Contribution {
  const { line } = share.quantity;
  return {
    inventory_product_id: line.inventory_product_id,
    product_id: line.product_id,
    product_name: line.product_name,
    location_stored: line.location_stored,
    physical_state: line.physical_state,
    container: share.quantity.container,
    line_pounds: share.pounds,
    line_gallons: share.quantity.gallons,
    pounds_basis: `${share.quantity.basis}; no percentage on the SDS: the whole mixture is screened (302.6(b))`,
    percent_weight: 100,
    percent_range: null,
    pounds_contributed: share.pounds,
    is_carcinogen: false,
  };
}

/** The rule paragraph, naming the point of an SDS percent range the report read (issue 31 point 13). */
export function epcra304RuleText(basis: PercentBasis): string {
  return (
    'EPCRA section 304 and CERCLA section 103 (40 CFR 302.6, 355 subpart C): a release of a hazardous substance or an ' +
    'extremely hazardous substance equal to or greater than its reportable quantity (RQ) within 24 hours must be reported ' +
    'at once to the National Response Center (1-800-424-8802) and to the SERC and LEPC. The inventory holds no release ' +
    'data, so this report screens what is stored: the chemical in every product at the facility, added up by CAS number ' +
    'with no de minimis (mixture rule, 302.6(b)), against the lower of its CERCLA and EPCRA 304 RQs; a chemical whose ' +
    'percentage the SDS does not give is screened on the whole mixture, which is reportable from the lowest RQ of its ' +
    'constituents (302.6(b)). An ammonium hydroxide solution (1336-21-6) counts its whole weight against the RQ of ' +
    `ammonium hydroxide, without the mixture rule (EPA), and ammonia (7664-41-7) is screened on its own. ${percentBasisSentence(basis)} ` +
    'Releases that stay inside the facility, federally permitted releases, continuous releases ' +
    '(355.32) and certain pesticide and farm releases are not reportable under 304 (355.31); the app cannot tell which apply.'
  );
}

/** A mixture line holding a listed chemical whose percentage the SDS does not give. */
interface UnknownShare {
  quantity: LineQuantity;
  pounds: number;
  chemical_name: string;
  own_rq_lb: number;
  /** The lowest RQ of the mixture's listed constituents, known percent or not (302.6(b)(1)(ii)). */
  lowest: { rq_lb: number; chemical_name: string };
}

/**
 * Mixture rule, 40 CFR 302.6(b) (rules §2; issue 21 point 7): when the quantity of a constituent
 * is unknown, a release of the mixture is reportable once the mixture released reaches the lowest
 * RQ of its constituents. Such a chemical is screened on the whole mixture's weight (the most it
 * can be), never left out.
 */
function unknownShares(
  context: ComplianceContext,
  listed: ReadonlySet<string>,
  solutionLines: ReadonlySet<number>,
): Map<string, UnknownShare[]> {
  const byCas = new Map<string, UnknownShare[]>();
  for (const item of context.components_without_percent) {
    const { quantity } = item;
    if (!listed.has(item.cas_number) || quantity.pounds === null) continue;
    if (isSolutionComponent(item.cas_number, quantity.line, solutionLines)) continue;
    const own = lowestRq(context, item.cas_number);
    if (!own) continue;
    let lowest = { rq_lb: own.rq_lb, chemical_name: item.component.name.trim() || own.chemical_name };
    for (const other of quantity.line.components) {
      const rq = lowestRq(context, normalizeCas(other.cas_number));
      if (rq && rq.rq_lb < lowest.rq_lb)
        lowest = { rq_lb: rq.rq_lb, chemical_name: other.name.trim() || rq.chemical_name };
    }
    const shares = byCas.get(item.cas_number) ?? [];
    shares.push({
      quantity,
      pounds: quantity.pounds,
      chemical_name: item.component.name.trim() || own.chemical_name,
      own_rq_lb: own.rq_lb,
      lowest,
    });
    byCas.set(item.cas_number, shares);
  }
  return byCas;
}

function unknownShareNote(share: UnknownShare): string {
  const { line } = share.quantity;
  const reaches = meetsThreshold(share.pounds, share.lowest.rq_lb, CERCLA_OPERATOR);
  const lowerThanOwn = share.lowest.rq_lb < share.own_rq_lb;
  return (
    `${line.product_name} (line ${line.inventory_product_id}): the SDS gives no percentage of ${share.chemical_name}; ` +
    `under the mixture rule (40 CFR 302.6(b)) the whole mixture, ${formatPounds(share.pounds)} lb, is compared with ` +
    `${formatThreshold(share.lowest.rq_lb)} lb, the lowest RQ of its listed constituents (${share.lowest.chemical_name})` +
    (lowerThanOwn && reaches
      ? `: a release of ${formatThreshold(share.lowest.rq_lb)} lb of the mixture is reportable.`
      : '.')
  );
}

/** A component name that says water, for an SDS that lists it with no CAS (never used to match a list). */
function isWaterName(name: string): boolean {
  return name.trim().toLowerCase() === 'water';
}

/**
 * Whether a line is an ammonium hydroxide solution: it names 1336-21-6 and otherwise only water
 * and ammonia (a component with no CAS counts as water only when it is called water).
 */
export function isAmmoniumHydroxideSolution(line: SnapshotLine): boolean {
  let hydroxide = false;
  for (const component of line.components) {
    const cas = normalizeCas(component.cas_number);
    if (cas === AMMONIUM_HYDROXIDE_CAS) hydroxide = true;
    else if (cas === '' ? !isWaterName(component.name) : !AMMONIUM_HYDROXIDE_SOLUTION_PARTS.has(cas))
      return false;
  }
  return hydroxide;
}

function isSolutionComponent(cas: string, line: SnapshotLine, solutionLines: ReadonlySet<number>): boolean {
  return cas === AMMONIUM_HYDROXIDE_CAS && solutionLines.has(line.inventory_product_id);
}

/** An ammonium hydroxide solution line: its whole weight is the chemical's contribution. */
interface SolutionShare {
  contribution: Contribution;
  note: string;
}

/** The SDS's percentage of ammonium hydroxide on a line, as the SDS gives it, for the note. */
function sdsPercentText(line: SnapshotLine, components: readonly LineComponent[]): string {
  const item = components.find(
    (c) =>
      c.cas_number === AMMONIUM_HYDROXIDE_CAS &&
      c.quantity.line.inventory_product_id === line.inventory_product_id,
  );
  return item ? `SDS ${formatPercentRange(item.percent_low, item.percent_high)}` : 'no percentage on the SDS';
}

/**
 * Rules §2 (issue 31 point 8): each ammonium hydroxide solution line counts its whole weight under
 * 1336-21-6, not the SDS's percentage of it, since the mixture rule is not applied to the solution
 * for its own listing. Lines whose pounds are unknown are left to the warnings, as everywhere.
 */
function solutionShares(context: ComplianceContext, solutionLines: ReadonlySet<number>): SolutionShare[] {
  const shares: SolutionShare[] = [];
  for (const quantity of context.lines) {
    const { line } = quantity;
    if (!solutionLines.has(line.inventory_product_id) || quantity.pounds === null) continue;
    const percent = sdsPercentText(line, context.components);
    shares.push({
      contribution: lineContribution(
        quantity,
        quantity.pounds,
        100,
        null,
        `ammonium hydroxide solution (${percent}): its whole weight counts, no mixture rule (EPA)`,
      ),
      note:
        `${line.product_name} (line ${line.inventory_product_id}): an ammonium hydroxide solution (${percent}); EPA does ` +
        'not apply the CERCLA mixture rule to it for its own listing, so the whole solution, ' +
        `${formatPounds(quantity.pounds)} lb, counts against the RQ of ammonium hydroxide.`,
    });
  }
  return shares;
}

/** A product holding ammonium hydroxide among other constituents: the mixture rule counts its share. */
function hydroxideInMixtureNote(contribution: Contribution): string {
  return (
    `${contribution.product_name} (line ${contribution.inventory_product_id}): ammonium hydroxide is one constituent of a ` +
    `mixture with others, not an ammonium hydroxide solution on its own, so the mixture rule (40 CFR 302.6(b)) counts its ` +
    `${formatPercent(contribution.percent_weight)}%.`
  );
}

function run(context: ComplianceContext): Epcra304Result {
  const listed = new Set([...context.lists.casNumbers('cercla'), ...context.lists.casNumbers('ehs')]);
  const solutionLines = new Set(
    listed.has(AMMONIUM_HYDROXIDE_CAS)
      ? context.lines
          .filter((quantity) => isAmmoniumHydroxideSolution(quantity.line))
          .map((quantity) => quantity.line.inventory_product_id)
      : [],
  );
  const aggregates = aggregateByCas(
    context.components.filter(
      (item) => !isSolutionComponent(item.cas_number, item.quantity.line, solutionLines),
    ),
    { basis: context.options.percent_basis, casNumbers: listed },
  );
  const unknown = unknownShares(context, listed, solutionLines);
  const solutions = solutionShares(context, solutionLines);
  const extraCas = [...unknown.keys(), ...(solutions.length > 0 ? [AMMONIUM_HYDROXIDE_CAS] : [])];
  for (const cas of extraCas) {
    if (!aggregates.has(cas)) {
      aggregates.set(cas, {
        cas_number: cas,
        component_names: [],
        pounds: 0,
        contributions: [],
        excluded: [],
      });
    }
  }
  const quantityById = new Map(
    context.lines.map((quantity) => [quantity.line.inventory_product_id, quantity]),
  );
  const notes: string[] = [];
  const rows: Epcra304Row[] = [];
  for (const aggregate of aggregates.values()) {
    const rq = lowestRq(context, aggregate.cas_number);
    if (!rq) {
      notes.push(`${aggregate.cas_number}: neither list gives an RQ; it is not tested.`);
      continue;
    }
    const shares = unknown.get(aggregate.cas_number) ?? [];
    const wholeSolutions = aggregate.cas_number === AMMONIUM_HYDROXIDE_CAS ? solutions : [];
    const contributions = [
      ...aggregate.contributions,
      ...shares.map(shareContribution),
      ...wholeSolutions.map((share) => share.contribution),
    ];
    const componentNames = [
      ...new Set([...aggregate.component_names, ...shares.map((share) => share.chemical_name)]),
    ].sort();
    const test = testThreshold(
      roundTo(
        wholeSolutions.reduce(
          (sum, share) => sum + share.contribution.pounds_contributed,
          shares.reduce((sum, share) => sum + share.pounds, aggregate.pounds),
        ),
        QUANTITY_DECIMALS,
      ),
      rq.rq_lb,
      CERCLA_OPERATOR,
      'RQ',
      context.options.near_threshold_fraction,
    );
    // A mixture of unknown make-up is reportable from the lowest RQ of its constituents.
    const mixtureReaches = shares.some((share) =>
      meetsThreshold(share.pounds, share.lowest.rq_lb, CERCLA_OPERATOR),
    );
    const lowestOf = new Map(
      shares.map((share) => [share.quantity.line.inventory_product_id, share.lowest.rq_lb]),
    );
    const isWholeSolution = (c: Contribution) =>
      aggregate.cas_number === AMMONIUM_HYDROXIDE_CAS && solutionLines.has(c.inventory_product_id);
    const releases = contributions.map((c): ReleaseToRq => {
      const quantity = quantityById.get(c.inventory_product_id);
      const releaseLb = roundTo(
        lowestOf.get(c.inventory_product_id) ?? rq.rq_lb / (c.percent_weight / 100),
        QUANTITY_DECIMALS,
      );
      const ppg = quantity?.pounds_per_gallon ?? null;
      const perContainer = quantity?.pounds_per_container ?? null;
      return {
        inventory_product_id: c.inventory_product_id,
        product_name: c.product_name,
        location_stored: c.location_stored,
        container: c.container,
        percent_weight: c.percent_weight,
        percent_unknown: lowestOf.has(c.inventory_product_id),
        whole_solution: isWholeSolution(c),
        release_lb_to_rq: releaseLb,
        release_gal_to_rq: ppg === null ? null : roundTo(releaseLb / ppg, QUANTITY_DECIMALS),
        container_component_lb:
          perContainer === null ? null : roundTo((perContainer * c.percent_weight) / 100, QUANTITY_DECIMALS),
      };
    });
    const containerFigures = releases
      .map((r) => r.container_component_lb)
      .filter((v): v is number => v !== null);
    const largest = containerFigures.length > 0 ? Math.max(...containerFigures) : null;
    const formUnknown =
      MASSIVE_FORM_METALS.has(aggregate.cas_number) &&
      aggregate.contributions.some((c) => c.physical_state === 'solid');
    const rowNotes = [
      `RQ ${formatThreshold(rq.rq_lb)} lb from the ${rq.list === 'cercla' ? 'CERCLA' : 'EHS'} list.`,
    ];
    rowNotes.push(...shares.map(unknownShareNote));
    rowNotes.push(...wholeSolutions.map((share) => share.note));
    if (aggregate.cas_number === AMMONIUM_HYDROXIDE_CAS) {
      rowNotes.push(...aggregate.contributions.map(hydroxideInMixtureNote));
    }
    if (formUnknown) {
      rowNotes.push(
        'Solid metal of 40 CFR 302.6(c): pieces larger than 100 µm need not be reported; form unknown.',
      );
    }
    const reaches = test.meets || mixtureReaches;
    const unknownAmounts = unknownAmountsOf(
      reaches,
      aggregate.excluded,
      `${formatPounds(test.quantity_lb)} lb`,
    );
    rowNotes.push(...unknownAmounts.notes);
    const lists: ('cercla' | 'ehs')[] = [];
    if (context.lists.isListed('cercla', aggregate.cas_number)) lists.push('cercla');
    if (context.lists.isListed('ehs', aggregate.cas_number)) lists.push('ehs');
    rows.push({
      cas_number: aggregate.cas_number,
      chemical_name: rq.chemical_name,
      component_names: componentNames,
      lists,
      rq_lb: rq.rq_lb,
      rq_list: rq.list,
      quantity_lb: test.quantity_lb,
      release_could_reach_rq: reaches,
      cannot_be_determined: unknownAmounts.cannot_be_determined,
      missing_inputs: unknownAmounts.missing_inputs,
      near_threshold: test.near_threshold && !mixtureReaches,
      releases,
      largest_container_lb: largest,
      single_container_exposure: largest !== null && meetsThreshold(largest, rq.rq_lb, CERCLA_OPERATOR),
      form_unknown: formUnknown,
      notify: NATIONAL_RESPONSE_CENTER,
      test,
      explanation: {
        rule_text: test.rule_text,
        contributions,
        excluded: aggregate.excluded,
        notes: rowNotes,
      },
    });
  }
  rows.sort(
    (a, b) =>
      Number(b.release_could_reach_rq) - Number(a.release_could_reach_rq) ||
      a.chemical_name.localeCompare(b.chemical_name),
  );
  // Each row's contributing lines print under its on-site figure (issue 31 point 14).
  notes.push(...roundingNotes(rows.map((row) => contributionsAddUp(row.explanation, row.quantity_lb))));
  return {
    programme: 'epcra_304',
    title: 'EPCRA 304 / CERCLA Spill Reporting Exposure',
    rule: epcra304RuleText(context.options.percent_basis),
    is_screening: true,
    notes,
    lists_used: listsUsed(context, ['cercla', 'ehs']),
    ...undeterminedHeader(
      'Chemicals whose release exposure cannot be determined',
      rows.map((row) => ({ name: row.chemical_name, ...row })),
    ),
    rows,
    warnings: context.warnings,
  };
}

export const epcra304Rule: ProgrammeRule<Epcra304Result> = {
  id: 'epcra_304',
  title: 'EPCRA 304 / CERCLA Spill Reporting Exposure',
  lists: ['cercla', 'ehs'],
  run,
};
