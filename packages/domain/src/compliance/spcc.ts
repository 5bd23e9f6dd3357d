/**
 * SPCC plan, 40 CFR 112 (rules §7): the shell capacity of every container of 55 gallons or more
 * holding an SPCC oil, added up aboveground and completely buried; a plan is required when the
 * aboveground capacity is more than 1,320 gallons or the buried capacity more than 42,000, and
 * the facility could reasonably be expected to discharge oil to navigable waters or shorelines.
 *
 * Capacity is the container's, not the amount on hand: a line's own shell capacity, else its
 * container type's. While neither is recorded the line's gallons on hand (the figure every
 * report and the line screen use, `computeLineQuantity`) stand in, divided over its containers,
 * and the figure is marked an estimate with a warning naming the line.
 */
import {
  CONTAINER_PLACEMENT_LABELS,
  type ContainerPlacement,
  SPCC_EXCLUSION_LABELS,
  type SpccExclusion,
} from '../lookups/spcc-fields.ts';
import { roundTo } from '../shared/numbers.ts';
import { type Contribution, type Exclusion, lineContribution, lineExclusion } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import { formatFactor, formatPounds, formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { type LineQuantity, QUANTITY_DECIMALS } from './quantities.ts';
import { meetsThreshold, type ThresholdOperator, type ThresholdTest, testThreshold } from './thresholds.ts';
import { cannotBeDeterminedText } from './unknown-amounts.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/** 40 CFR 112.1(d)(2)(ii): containers under 55 gallons are not counted. */
export const SPCC_MIN_CONTAINER_GAL = 55;
/** 112.1(d)(2)(ii): aboveground capacity "more than 1,320 gallons" (1,320 or less is exempt). */
export const SPCC_ABOVEGROUND_THRESHOLD_GAL = 1_320;
/** 112.1(d)(2)(i): completely buried capacity more than 42,000 gallons. */
export const SPCC_BURIED_THRESHOLD_GAL = 42_000;
export const SPCC_OPERATOR: ThresholdOperator = '>';
/** 112.3(g): a qualified facility has 10,000 gal or less aboveground … */
export const SPCC_QF_AGGREGATE_MAX_GAL = 10_000;
/** … and a Tier I one no aboveground container over 5,000 gal. */
export const SPCC_TIER1_CONTAINER_MAX_GAL = 5_000;

export const SPCC_PLAN_TYPES = ['tier1_qf', 'tier2_qf', 'pe'] as const;
export type SpccPlanType = (typeof SPCC_PLAN_TYPES)[number];
export const SPCC_PLAN_TYPE_LABELS: Record<SpccPlanType, string> = {
  tier1_qf: 'Tier I qualified facility (self-certified; Appendix G template)',
  tier2_qf: 'Tier II qualified facility (self-certified)',
  pe: 'PE-certified plan',
};

export const SPCC_RULE_TEXT =
  'SPCC (40 CFR 112.1, 112.3): a non-transportation facility that could reasonably be expected to discharge oil to ' +
  'navigable waters or shorelines needs a Spill Prevention, Control and Countermeasure plan when its aboveground oil ' +
  'storage capacity is more than 1,320 gallons or its completely buried capacity more than 42,000 gallons. Only ' +
  'containers of 55 gallons or more count, by shell capacity (not the amount stored); permanently closed containers, ' +
  'motive-power containers and the other 112.1(d) exclusions are left out. A qualified facility (10,000 gallons or less ' +
  'aboveground) may self-certify: Tier I when no aboveground container holds more than 5,000 gallons, Tier II ' +
  'otherwise; every other facility needs a plan certified by a Professional Engineer.';

/** The discharge-history conditions of 112.3(g) the inventory cannot know, printed with the tier. */
export const SPCC_DISCHARGE_HISTORY_NOTE =
  'Qualified-facility status also requires that in the three years before the plan is certified the facility had no ' +
  'single discharge of more than 1,000 gallons and no two discharges of more than 42 gallons each within any ' +
  '12 months (40 CFR 112.3(g)). The inventory does not record discharge history, so the plan type assumes none: ' +
  'confirm it before relying on the tier.';

export interface SpccContainerRow {
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  location_stored: string;
  container_type: string | null;
  placement: ContainerPlacement;
  /** No placement recorded on the line or its container type: taken as aboveground (the lower threshold). */
  placement_is_estimate: boolean;
  /** One container's shell capacity; null when neither a capacity nor gallons are known. */
  shell_capacity_gal: number | null;
  capacity_is_estimate: boolean;
  /** "line", "container type Drum", "gallons on hand" or "unknown". */
  capacity_source: string;
  container_count: number;
  count_is_estimate: boolean;
  /** Shell capacity × containers. */
  total_capacity_gal: number | null;
  /** Counted in the totals; false rows are the `below_threshold` section's, but for unknown ones. */
  counted: boolean;
  /**
   * Tested and not excluded, with no shell capacity and no gallons (issue 33 point 2): its
   * capacity is unknown, not zero. In the main table, saying what is missing.
   */
  cannot_be_determined: boolean;
  /** Why a row is not counted (under 55 gal, an exclusion, capacity unknown); null for counted rows. */
  reason: string | null;
  explanation: Explanation;
}

/** A facility figure (aboveground total, buried total, largest container) with its explanation. */
export interface SpccFigure {
  key: 'aboveground' | 'buried' | 'largest_aboveground';
  label: string;
  gallons: number;
  test: ThresholdTest | null;
  is_estimate: boolean;
  explanation: Explanation;
}

export interface SpccResult extends ProgrammeResult<SpccContainerRow> {
  below_threshold: SpccContainerRow[];
  aboveground_gal: number;
  buried_gal: number;
  largest_aboveground_gal: number;
  aboveground_test: ThresholdTest;
  buried_test: ThresholdTest;
  /** The facility's setting (40 CFR 112.1(b)); the plan is required only with it. */
  could_discharge: boolean;
  /** Aboveground or buried capacity over its threshold, whatever the discharge setting. */
  capacity_exceeded: boolean;
  plan_required: boolean;
  /**
   * Not over either threshold on the known capacities while a container's capacity is unknown
   * (and the facility could discharge): the unknown could take it over, so the plan requirement
   * cannot be determined (issue 33 point 2).
   */
  plan_undetermined: boolean;
  /** Null when no plan is required. */
  plan_type: SpccPlanType | null;
  plan_type_text: string;
  figures: SpccFigure[];
  /** Which inputs were estimated, for the header ("Shell capacity of Diesel at YARD (line 12): …"). */
  estimated: string[];
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function lineName(quantity: LineQuantity): string {
  const { line } = quantity;
  const where = line.location_stored ? ` at ${line.location_stored}` : '';
  return `${line.product_name}${where} (line ${line.inventory_product_id})`;
}

function gal(value: number): string {
  return `${formatPounds(value)} gal`;
}

/** One SPCC line: its capacity, placement and count resolved, tested against 55 gal and the exclusions. */
function containerRow(
  quantity: LineQuantity,
  warnings: EngineWarning[],
  estimated: string[],
): SpccContainerRow {
  const { line } = quantity;
  const who = lineName(quantity);
  const notes: string[] = [];

  const recordedCount = positive(line.container_quantity);
  const count = recordedCount ?? 1;
  if (recordedCount === null) notes.push('No container quantity recorded: taken as 1 container.');

  const own = positive(line.shell_capacity_gal);
  const typed = positive(line.container_type_shell_capacity_gal);
  let capacity: number | null = null;
  let source = 'unknown';
  if (own !== null) {
    capacity = own;
    source = 'line';
    notes.push(`Shell capacity ${gal(own)} per container, recorded on the line.`);
  } else if (typed !== null) {
    capacity = typed;
    source = `container type ${line.container_name ?? ''}`.trim();
    notes.push(
      `Shell capacity ${gal(typed)} per container, from the container type ${line.container_name ?? ''}.`,
    );
  } else if (quantity.gallons !== null) {
    capacity = roundTo(quantity.gallons / count, QUANTITY_DECIMALS);
    source = 'gallons on hand';
    notes.push(
      `Estimate: no shell capacity recorded on the line or its container type, so the line's ${gal(quantity.gallons)} on hand ÷ ${formatFactor(count)} container(s) = ${gal(capacity)} per container stands in for it.`,
    );
  }

  const placement: ContainerPlacement = line.placement ?? line.container_type_placement ?? 'aboveground';
  const placementIsEstimate = !line.placement && !line.container_type_placement;
  if (placementIsEstimate) {
    notes.push(
      'No placement recorded on the line or its container type: taken as aboveground (the lower threshold).',
    );
  } else {
    notes.push(
      `${CONTAINER_PLACEMENT_LABELS[placement]}${line.placement ? ' (recorded on the line)' : ' (from the container type)'}.`,
    );
  }

  const total = capacity === null ? null : roundTo(capacity * count, QUANTITY_DECIMALS);
  const exclusion: SpccExclusion | null = line.spcc_exclusion ?? null;
  let reason: string | null = null;
  if (exclusion !== null) reason = `Excluded (40 CFR 112.1(d)): ${SPCC_EXCLUSION_LABELS[exclusion]}`;
  else if (capacity === null) reason = 'Shell capacity unknown (no capacity and no gallons recorded)';
  else if (!meetsThreshold(capacity, SPCC_MIN_CONTAINER_GAL, '>=')) {
    reason = `${gal(capacity)} < ${SPCC_MIN_CONTAINER_GAL} gal: containers under 55 gallons are not counted (40 CFR 112.1(d)(2)(ii))`;
  }
  // An excluded line's figures decide nothing; a counted line's placement and any tested capacity do.
  if (exclusion === null && source === 'gallons on hand') {
    estimated.push(`Shell capacity of ${who}: its gallons on hand`);
    warnings.push(
      lineWarning(
        line,
        'capacity_estimated',
        `no shell capacity on the line or its container type; SPCC counts its ${gal(quantity.gallons ?? 0)} on hand as an estimate`,
      ),
    );
  }
  if (exclusion === null && capacity === null) {
    warnings.push(
      lineWarning(
        line,
        'capacity_unknown',
        'no shell capacity on the line or its container type and no gallons on hand; SPCC cannot count it',
      ),
    );
  }
  if (reason === null && placementIsEstimate) estimated.push(`Placement of ${who}: taken as aboveground`);
  const ruleText =
    capacity === null
      ? 'Shell capacity unknown'
      : `${gal(capacity)}${source === 'gallons on hand' ? ' (estimate)' : ''} × ${formatFactor(count)} = ${gal(total ?? 0)} ${placement === 'buried' ? 'completely buried' : 'aboveground'}${reason === null ? `; ${gal(capacity)} ≥ ${SPCC_MIN_CONTAINER_GAL} gal, counted` : ''}`;

  return {
    inventory_product_id: line.inventory_product_id,
    product_id: line.product_id,
    product_name: line.product_name,
    location_stored: line.location_stored,
    container_type: line.container_name,
    placement,
    placement_is_estimate: placementIsEstimate,
    shell_capacity_gal: capacity,
    capacity_is_estimate: source === 'gallons on hand',
    capacity_source: source,
    container_count: count,
    count_is_estimate: recordedCount === null,
    total_capacity_gal: total,
    counted: reason === null,
    cannot_be_determined: exclusion === null && capacity === null,
    reason: exclusion === null && capacity === null ? cannotBeDeterminedText([SPCC_CAPACITY_INPUT]) : reason,
    explanation: {
      rule_text: reason ? `${ruleText}. ${reason}` : ruleText,
      contributions: [lineContribution(quantity, quantity.pounds ?? 0, 100)],
      excluded: [],
      notes,
    },
  };
}

/** What an SPCC container row of unknown capacity lacks (the line form's labels). */
export const SPCC_CAPACITY_INPUT =
  'Shell Capacity (line or container type), or Container Size, Quantity and Unit';

function sumCapacity(rows: readonly SpccContainerRow[]): number {
  return roundTo(
    rows.reduce((sum, row) => sum + (row.total_capacity_gal ?? 0), 0),
    QUANTITY_DECIMALS,
  );
}

function planTypeOf(aboveground: number, largest: number): SpccPlanType {
  if (aboveground > SPCC_QF_AGGREGATE_MAX_GAL) return 'pe';
  return largest > SPCC_TIER1_CONTAINER_MAX_GAL ? 'tier2_qf' : 'tier1_qf';
}

function run(context: ComplianceContext): SpccResult {
  const { snapshot, options } = context;
  // The unverified lines every report names first; the component and list warnings are left out,
  // since SPCC reads capacities and the oil flag, never a component or a list.
  const warnings: EngineWarning[] = context.warnings.filter(
    (warning) => warning.code === 'unchecked_carry_over' || warning.code === 'open_question',
  );
  const estimated: string[] = [];
  const notes: string[] = [];
  const tested = context.lines.filter((quantity) => quantity.line.is_spcc);
  const all = tested.map((quantity) => containerRow(quantity, warnings, estimated));
  // A container of unknown capacity stays in the main table (unknown is not zero); it adds nothing.
  const rows = all.filter((row) => row.counted || row.cannot_be_determined);
  const below = all.filter((row) => !row.counted && !row.cannot_be_determined);
  const unknownRows = all.filter((row) => row.cannot_be_determined);
  const untested = context.lines.length - tested.length;
  if (untested > 0)
    notes.push(`${untested} inventory line(s) hold products not flagged as SPCC oil and were not tested.`);

  const aboveRows = rows.filter((row) => row.counted && row.placement === 'aboveground');
  const buriedRows = rows.filter((row) => row.counted && row.placement === 'buried');
  const aboveground = sumCapacity(aboveRows);
  const buried = sumCapacity(buriedRows);
  const largestRow = aboveRows.reduce<SpccContainerRow | null>(
    (best, row) => ((row.shell_capacity_gal ?? 0) > (best?.shell_capacity_gal ?? 0) ? row : best),
    null,
  );
  const largest = largestRow?.shell_capacity_gal ?? 0;
  const near = options.near_threshold_fraction;
  const abovegroundTest = testThreshold(
    aboveground,
    SPCC_ABOVEGROUND_THRESHOLD_GAL,
    SPCC_OPERATOR,
    'aboveground threshold',
    near,
    'gal',
  );
  const buriedTest = testThreshold(
    buried,
    SPCC_BURIED_THRESHOLD_GAL,
    SPCC_OPERATOR,
    'buried threshold',
    near,
    'gal',
  );
  const capacityExceeded = abovegroundTest.meets || buriedTest.meets;
  const couldDischarge = snapshot.facility.spcc_could_discharge !== false;
  const planRequired = capacityExceeded && couldDischarge;
  const planUndetermined = !capacityExceeded && couldDischarge && unknownRows.length > 0;
  const planType = planRequired ? planTypeOf(aboveground, largest) : null;

  const excludedOf = (placement: ContainerPlacement) =>
    below
      .filter((row) => row.placement === placement)
      .map((row) => lineExclusion(row, null, row.reason ?? ''));
  const figure = (
    key: SpccFigure['key'],
    label: string,
    gallons: number,
    test: ThresholdTest | null,
    counted: readonly SpccContainerRow[],
    excluded: Exclusion[],
    extra: string[],
  ): SpccFigure => ({
    key,
    label,
    gallons,
    test,
    is_estimate: counted.some((row) => row.capacity_is_estimate || row.placement_is_estimate),
    explanation: {
      rule_text: test?.rule_text ?? gal(gallons),
      contributions: counted
        .map((row) => {
          const quantity = tested.find((q) => q.line.inventory_product_id === row.inventory_product_id);
          return quantity ? lineContribution(quantity, quantity.pounds ?? 0, 100) : null;
        })
        .filter((c): c is Contribution => c !== null),
      excluded,
      notes: [
        ...counted.map(
          (row) => `${row.product_name} (line ${row.inventory_product_id}): ${row.explanation.rule_text}`,
        ),
        ...extra,
      ],
    },
  });
  const figures = [
    figure(
      'aboveground',
      'Aboveground capacity (gal)',
      aboveground,
      abovegroundTest,
      aboveRows,
      excludedOf('aboveground'),
      [],
    ),
    figure(
      'buried',
      'Completely buried capacity (gal)',
      buried,
      buriedTest,
      buriedRows,
      excludedOf('buried'),
      [],
    ),
    figure(
      'largest_aboveground',
      'Largest aboveground container (gal)',
      largest,
      null,
      largestRow ? [largestRow] : [],
      [],
      [
        `Tier I qualified facility: no aboveground container over ${formatThreshold(SPCC_TIER1_CONTAINER_MAX_GAL)} gal.`,
      ],
    ),
  ];

  if (!couldDischarge)
    notes.push(
      'The facility is recorded as not reasonably expected to discharge oil to navigable waters or shorelines: 40 CFR 112 does not apply, whatever its capacity.',
    );
  if (planRequired) notes.push(SPCC_DISCHARGE_HISTORY_NOTE);
  notes.push(
    'Oil-filled operational equipment and secondary containment are not recorded in the inventory: add them to the plan by hand.',
  );
  const planTypeText =
    planType === null
      ? planUndetermined
        ? `${cannotBeDeterminedText([SPCC_CAPACITY_INPUT])}: ${unknownRows.length} oil container line(s) of unknown capacity beside ${gal(aboveground)} aboveground and ${gal(buried)} buried`
        : capacityExceeded
          ? 'No plan: the facility could not reasonably be expected to discharge oil'
          : 'No plan required'
      : `${SPCC_PLAN_TYPE_LABELS[planType]}: ${gal(aboveground)} aboveground ${aboveground > SPCC_QF_AGGREGATE_MAX_GAL ? '>' : '≤'} ${formatThreshold(SPCC_QF_AGGREGATE_MAX_GAL)} gal${planType === 'pe' ? '' : `, largest container ${gal(largest)} ${largest > SPCC_TIER1_CONTAINER_MAX_GAL ? '>' : '≤'} ${formatThreshold(SPCC_TIER1_CONTAINER_MAX_GAL)} gal`}`;

  return {
    programme: 'spcc',
    title: 'SPCC Plan (40 CFR 112)',
    rule: SPCC_RULE_TEXT,
    is_screening: estimated.length > 0,
    notes,
    lists_used: listsUsed(context, []),
    rows,
    below_threshold: below,
    aboveground_gal: aboveground,
    buried_gal: buried,
    largest_aboveground_gal: largest,
    aboveground_test: abovegroundTest,
    buried_test: buriedTest,
    could_discharge: couldDischarge,
    capacity_exceeded: capacityExceeded,
    plan_required: planRequired,
    plan_undetermined: planUndetermined,
    plan_type: planType,
    plan_type_text: planTypeText,
    figures,
    estimated,
    header_facts: [
      {
        label:
          'Could reasonably be expected to discharge oil to navigable waters or shorelines (facility setting)',
        value: couldDischarge ? 'Yes' : 'No',
      },
      {
        label: 'SPCC plan required',
        value: planRequired ? 'Yes' : planUndetermined ? cannotBeDeterminedText([SPCC_CAPACITY_INPUT]) : 'No',
      },
      { label: 'Plan type', value: planTypeText },
    ],
    warnings,
  };
}

export const spccRule: ProgrammeRule<SpccResult> = {
  id: 'spcc',
  title: 'SPCC Plan (40 CFR 112)',
  lists: [],
  run,
};
