/**
 * EPCRA 304 / CERCLA 103 spill-reporting exposure (rules §2). The app has no release data, so
 * this screens what is on hand against each reportable quantity: could a release of what is
 * stored reach the RQ? No de minimis (302.6(b) mixture rule: the component's pounds count).
 */

import { roundTo } from '../shared/numbers.ts';
import { aggregateByCas } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { QUANTITY_DECIMALS } from './quantities.ts';
import { CERCLA_OPERATOR, meetsThreshold, type ThresholdTest, testThreshold } from './thresholds.ts';

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

export const EPCRA_304_RULE_TEXT =
  'EPCRA section 304 and CERCLA section 103 (40 CFR 302.6, 355 subpart C): a release of a hazardous substance or an ' +
  'extremely hazardous substance equal to or greater than its reportable quantity (RQ) within 24 hours must be reported ' +
  'at once to the National Response Center (1-800-424-8802) and to the SERC and LEPC. The inventory holds no release ' +
  'data, so this report screens what is stored: the chemical in every product at the facility, added up by CAS number ' +
  'with no de minimis (mixture rule, 302.6(b)), against the lower of its CERCLA and EPCRA 304 RQs. Percent ranges are ' +
  'read at their upper bound. Releases that stay inside the facility, federally permitted releases, continuous releases ' +
  '(355.32) and certain pesticide and farm releases are not reportable under 304 (355.31); the app cannot tell which apply.';

function run(context: ComplianceContext): Epcra304Result {
  const listed = new Set([...context.lists.casNumbers('cercla'), ...context.lists.casNumbers('ehs')]);
  const aggregates = aggregateByCas(context.components, { basis: 'upper', casNumbers: listed });
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
    const test = testThreshold(
      aggregate.pounds,
      rq.rq_lb,
      CERCLA_OPERATOR,
      'RQ',
      context.options.near_threshold_fraction,
    );
    const releases = aggregate.contributions.map((c): ReleaseToRq => {
      const quantity = quantityById.get(c.inventory_product_id);
      const releaseLb = roundTo(rq.rq_lb / (c.percent_weight / 100), QUANTITY_DECIMALS);
      const ppg = quantity?.pounds_per_gallon ?? null;
      const perContainer = quantity?.pounds_per_container ?? null;
      return {
        inventory_product_id: c.inventory_product_id,
        product_name: c.product_name,
        location_stored: c.location_stored,
        container: c.container,
        percent_weight: c.percent_weight,
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
    if (formUnknown) {
      rowNotes.push(
        'Solid metal of 40 CFR 302.6(c): pieces larger than 100 µm need not be reported; form unknown.',
      );
    }
    const lists: ('cercla' | 'ehs')[] = [];
    if (context.lists.isListed('cercla', aggregate.cas_number)) lists.push('cercla');
    if (context.lists.isListed('ehs', aggregate.cas_number)) lists.push('ehs');
    rows.push({
      cas_number: aggregate.cas_number,
      chemical_name: rq.chemical_name,
      component_names: aggregate.component_names,
      lists,
      rq_lb: rq.rq_lb,
      rq_list: rq.list,
      quantity_lb: test.quantity_lb,
      release_could_reach_rq: test.meets,
      near_threshold: test.near_threshold,
      releases,
      largest_container_lb: largest,
      single_container_exposure: largest !== null && meetsThreshold(largest, rq.rq_lb, CERCLA_OPERATOR),
      form_unknown: formUnknown,
      notify: NATIONAL_RESPONSE_CENTER,
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
      Number(b.release_could_reach_rq) - Number(a.release_could_reach_rq) ||
      a.chemical_name.localeCompare(b.chemical_name),
  );
  return {
    programme: 'epcra_304',
    title: 'EPCRA 304 / CERCLA Spill Reporting Exposure',
    rule: EPCRA_304_RULE_TEXT,
    is_screening: true,
    notes,
    lists_used: listsUsed(context, ['cercla', 'ehs']),
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
