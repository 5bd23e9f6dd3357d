/**
 * Hazardous Materials Permit Program report (rules §10, report types `hmpp` and `hmpp_excel`): the
 * fire-code operational permit for hazardous materials above the permit amounts. Per fire-code
 * hazard class, form (liquid in gallons, solid in pounds, gas in cubic feet at NTP) and place
 * (inside or outside a building), the amounts on the property are added up "regardless of amounts
 * within separate containers" and compared with the admin's permit amount: a permit is required
 * when the aggregate is more than it (at exactly the amount, none). A product is counted under
 * every class it has.
 */
import {
  FIRE_CODE_FORM_LABELS,
  FIRE_CODE_HAZARD_CLASS_LABELS,
  FIRE_CODE_PLACE_LABELS,
  type FireCodeForm,
  type FireCodeHazardClass,
  type FireCodePermitGroup,
  type FireCodePlace,
  type FireCodeUseMode,
  memberLabel,
  NO_PERMIT_AMOUNT_NOTES,
  permitGroupClasses,
  permitGroupHasMembers,
  permitGroupLabel,
  permitGroupOf,
  permitGroupUnit,
} from '../products/fire-code-classes.ts';
import {
  type Contribution,
  type Exclusion,
  type LineMeasure,
  lineContribution,
  lineExclusion,
} from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import {
  comparePermitKeys,
  contributionNote,
  type FireCodeLine,
  findPermitAmount,
  fireCodeBaseWarnings,
  lineLabel,
  readFireCodeLines,
  sumAmounts,
} from './fire-code.ts';
import { formatPercentRange, formatPounds, formatThreshold } from './format.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import { FIRE_CODE_PERMIT_OPERATOR, meetsThreshold, testThreshold } from './thresholds.ts';
import { printedRowsAddUp, roundingNotes } from './totals.ts';
import type { SnapshotComponent } from './types.ts';
import { CANNOT_BE_DETERMINED, cannotBeDeterminedText, partlyUnknownAmountText } from './unknown-amounts.ts';
import { type EngineWarning, listWarning } from './warnings.ts';

export const HMPP_RULE_TEXT =
  'Fire-code operational permit for hazardous materials (International Fire Code 105.6; rules §10): a permit is ' +
  'required when the aggregate amount of a hazard class on the property, regardless of the amounts within separate ' +
  'containers, is more than the permit amount (at exactly the amount, no permit). Class I liquids (IA, IB and IC) ' +
  'are one aggregate, and Classes II and IIIA another, as the permit table gives them. Liquids are measured in ' +
  'gallons, solids in pounds and gases in cubic feet at normal temperature and pressure (70 °F, 14.7 psia); ' +
  'flammable and combustible liquids have their own amounts inside a building and outside. A product is counted ' +
  'under every class it has (once in a group). The permit amounts are the table an administrator keeps (seeded from an IFC-derived table): ' +
  'jurisdictions amend them, so check them against the local fire code.';

/** One class's share of a group's total ("IA 2.00"). */
export interface HmppMember {
  hazard_class: FireCodeHazardClass;
  /** "IA". */
  label: string;
  quantity: number;
  line_count: number;
}

/** One row of the permit table tested: a permit group (Class I, Classes II and IIIA, or one class) in a form and place. */
export interface HmppClassRow {
  permit_group: FireCodePermitGroup;
  /** The classes the group covers. */
  classes: readonly FireCodeHazardClass[];
  /** "Flammable liquid Class I (IA, IB, IC)"; a one-class group is the class's label. */
  class_label: string;
  /** A group of several classes: each class present with its amount; [] for a one-class group. */
  members: HmppMember[];
  /** "IA 2.00 + IC 4.00"; '' for a one-class group. */
  members_text: string;
  form: FireCodeForm;
  place: FireCodePlace;
  unit: string;
  quantity: number;
  /** Null: the table sets no amount (or has no row) for this class, form and place. */
  permit_amount: number | null;
  permit_required: boolean;
  /**
   * Issue 33 point 2: lines of the row whose amount is unknown could take it over the permit
   * amount, so the verdict is "cannot be determined: {missing input}"; null when it is known (a
   * known part already over the amount keeps the verdict "Yes").
   */
  cannot_be_determined: string | null;
  /** The product inputs missing on the row's lines of unknown amount; [] when every amount is known. */
  missing_inputs: string[];
  /** The largest amount in one container of the class here. */
  largest_container: number | null;
  /** Required by the aggregate while no one container is over the amount. */
  required_in_aggregate_only: boolean;
  line_count: number;
  /** A line's class or container count stands in for data (flash point suggestion). */
  is_estimate: boolean;
  near_threshold: boolean;
  explanation: Explanation;
}

/** One product line of the report (rules §10's per-product columns). */
export interface HmppProductRow {
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  mfg_name: string;
  /** "Acetone 67-64-1 (100%)" joined by "; ". */
  hazardous_ingredients: string;
  classes: string;
  class_is_estimate: boolean;
  nfpa: string;
  form: FireCodeForm | null;
  quantity: number | null;
  unit: string | null;
  location_stored: string;
  place: FireCodePlace;
  use_mode: FireCodeUseMode;
}

/** A line not counted for want of a fire-code class, named with why (issue 31 point 4). */
export interface HmppNotCounted {
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  location_stored: string;
  reason: string;
}

export interface HmppResult extends ProgrammeResult<HmppClassRow> {
  below_threshold: HmppClassRow[];
  products: HmppProductRow[];
  not_counted: HmppNotCounted[];
  permit_required: boolean;
  /** No permit is known to be required, and a row's unknown amounts could make one (issue 33 point 2). */
  permit_undetermined: boolean;
  estimated: string[];
}

interface Accumulator {
  permit_group: FireCodePermitGroup;
  /** Per class of the group, the amounts its lines add. */
  members: Map<FireCodeHazardClass, { amounts: number[]; lines: Set<number> }>;
  form: FireCodeForm;
  place: FireCodePlace;
  unit: string;
  amounts: number[];
  largest: number | null;
  is_estimate: boolean;
  contributions: Contribution[];
  excluded: Exclusion[];
  notes: string[];
  lines: Set<number>;
  /** The inputs missing on the lines whose amount is unknown. */
  missing: Set<string>;
}

/**
 * A component's percent as the SDS prints it (issue 33 point 5): a range stays "30–60%", never its
 * upper bound, so two ranged components never read as more than 100% between them.
 */
function printedPercent(component: SnapshotComponent): string {
  const low = component.percentage_weight_low ?? null;
  const high = component.percentage_weight_high ?? null;
  if (low !== null || high !== null) return formatPercentRange(low, high);
  return component.percentage_weight === null ? '' : `${formatThreshold(component.percentage_weight)}%`;
}

export function ingredientsText(reading: FireCodeLine): string {
  return reading.quantity.line.components
    .map((component) => {
      const percent = printedPercent(component);
      return `${component.name}${component.cas_number ? ` ${component.cas_number}` : ''}${percent ? ` (${percent})` : ''}`;
    })
    .join('; ');
}

/**
 * Each class a line has, once per permit group: a line ticked IB and IC is one amount of Class I
 * (counted under the first of them), since the same gallons cannot be two classes at once.
 */
function groupsOf(classes: readonly FireCodeHazardClass[]): Map<FireCodePermitGroup, FireCodeHazardClass> {
  const groups = new Map<FireCodePermitGroup, FireCodeHazardClass>();
  for (const hazardClass of classes) {
    const group = permitGroupOf(hazardClass);
    if (!groups.has(group)) groups.set(group, hazardClass);
  }
  return groups;
}

/**
 * What a line adds to a group: its amount in the fire code's unit, or for LP-gas the containers'
 * water capacity in gallons (its permit's measure, whatever state the line records).
 */
function groupMeasure(
  reading: FireCodeLine,
  group: FireCodePermitGroup,
): {
  form: FireCodeForm;
  unit: string;
  measure: LineMeasure | null;
  reason: string | null;
  missing_input: string | null;
} | null {
  if (group === 'lp_gas' && reading.lp_gas !== null) {
    return { form: 'gas', unit: permitGroupUnit(group, 'gas'), ...reading.lp_gas };
  }
  if (reading.form === null || reading.unit === null) return null;
  return {
    form: reading.form,
    unit: reading.unit,
    measure: reading.measure,
    reason: reading.reason,
    missing_input: reading.missing_input,
  };
}

function accumulate(readings: readonly FireCodeLine[]): Map<string, Accumulator> {
  const byKey = new Map<string, Accumulator>();
  for (const reading of readings) {
    const { quantity } = reading;
    for (const [group, hazardClass] of groupsOf(reading.classes)) {
      const read = groupMeasure(reading, group);
      if (read === null) continue;
      const { form, unit, measure } = read;
      const key = `${group}|${form}|${reading.place}`;
      let acc = byKey.get(key);
      if (!acc) {
        acc = {
          permit_group: group,
          members: new Map(),
          form,
          place: reading.place,
          unit,
          amounts: [],
          largest: null,
          is_estimate: false,
          contributions: [],
          excluded: [],
          notes: [],
          lines: new Set(),
          missing: new Set(),
        };
        byKey.set(key, acc);
      }
      acc.lines.add(quantity.line.inventory_product_id);
      if (reading.class_is_estimate) acc.is_estimate = true;
      if (measure === null) {
        acc.excluded.push(lineExclusion(quantity.line, null, read.reason ?? 'amount unknown'));
        acc.missing.add(read.missing_input ?? 'amount');
        continue;
      }
      acc.amounts.push(measure.amount);
      const member = acc.members.get(hazardClass) ?? { amounts: [], lines: new Set<number>() };
      member.amounts.push(measure.amount);
      member.lines.add(quantity.line.inventory_product_id);
      acc.members.set(hazardClass, member);
      const one = measure.per_container ?? measure.amount;
      if (acc.largest === null || one > acc.largest) acc.largest = one;
      acc.contributions.push(
        lineContribution(
          quantity,
          quantity.pounds ?? 0,
          100,
          null,
          group === 'lp_gas' ? measure.basis : contributionNote(reading),
        ),
      );
      const as = permitGroupHasMembers(group) ? ` as ${memberLabel(hazardClass)}` : '';
      acc.notes.push(
        `${lineLabel(quantity)}: ${measure.basis}${as}${reading.class_is_estimate ? ` (class estimated: ${reading.class_reason})` : ''}`,
      );
    }
  }
  return byKey;
}

/** The group's classes present, in the class list's order, each with its amount. */
function membersOf(acc: Accumulator): HmppMember[] {
  if (!permitGroupHasMembers(acc.permit_group)) return [];
  return permitGroupClasses(acc.permit_group).flatMap((hazardClass) => {
    const member = acc.members.get(hazardClass);
    if (member === undefined) return [];
    return [
      {
        hazard_class: hazardClass,
        label: memberLabel(hazardClass),
        quantity: sumAmounts(member.amounts),
        line_count: member.lines.size,
      },
    ];
  });
}

/** "IA 2.00 + IC 4.00". */
function membersText(members: readonly HmppMember[]): string {
  return members.map((member) => `${member.label} ${formatPounds(member.quantity)}`).join(' + ');
}

function classRow(
  acc: Accumulator,
  context: ComplianceContext,
  warnings: EngineWarning[],
  missing: Set<string>,
): HmppClassRow {
  const quantity = sumAmounts(acc.amounts);
  const permit = findPermitAmount(context.permit_amounts, acc.permit_group, acc.form, acc.place);
  const label = permitGroupLabel(acc.permit_group);
  const where = FIRE_CODE_PLACE_LABELS[acc.place].toLowerCase();
  const members = membersOf(acc);
  const breakdown = membersText(members);
  // "6.00 gal: IA 2.00 + IC 4.00": the group's total with its members, where the group has several classes.
  const total = `${formatPounds(quantity)} ${acc.unit}${breakdown ? `: ${breakdown}` : ''}`;
  const notes = [...acc.notes];
  let ruleText: string;
  let required = false;
  let near = false;
  const amount = permit?.amount ?? null;
  if (permit === undefined) {
    const key = `${label}, ${FIRE_CODE_FORM_LABELS[acc.form].toLowerCase()}, ${where}`;
    if (!missing.has(key)) {
      missing.add(key);
      warnings.push(
        listWarning(
          'missing_permit_amount',
          `The permit-amount table has no row for ${key}: ${formatPounds(quantity)} ${acc.unit} not compared; add one on the permit amounts screen`,
        ),
      );
    }
    ruleText = `${total}: no permit amount in the table for a ${FIRE_CODE_FORM_LABELS[acc.form].toLowerCase()} ${where}`;
  } else if (amount === null) {
    ruleText = `${total}: ${NO_PERMIT_AMOUNT_NOTES[acc.permit_group] ?? 'the table sets no permit amount'}`;
  } else {
    const test = testThreshold(
      quantity,
      amount,
      FIRE_CODE_PERMIT_OPERATOR,
      `permit amount${amount === 0 ? ' (any amount)' : ''}`,
      context.options.near_threshold_fraction,
      acc.unit,
    );
    required = test.meets;
    near = test.near_threshold;
    const comparison = test.rule_text.slice(`${formatPounds(test.quantity_lb)} ${acc.unit}`.length);
    ruleText = `${total}${comparison} (${where})`;
  }
  // Unknown is not zero: with no permit known to be required, an unknown amount could make one.
  const missingInputs = [...acc.missing];
  const undetermined = !required && amount !== null && missingInputs.length > 0;
  if (missingInputs.length > 0) {
    const lines = acc.excluded.length;
    ruleText += `; ${lines} line(s) of unknown amount (${missingInputs.join('; ')} missing): the total is at least ${formatPounds(quantity)} ${acc.unit}${undetermined ? `, so whether a permit is required ${CANNOT_BE_DETERMINED}` : ', already over the permit amount'}`;
  }
  const largest = acc.largest;
  const aggregateOnly =
    required &&
    amount !== null &&
    largest !== null &&
    !meetsThreshold(largest, amount, FIRE_CODE_PERMIT_OPERATOR);
  if (aggregateOnly) {
    notes.push(
      `No one container is over the permit amount (the largest holds ${formatPounds(largest ?? 0)} ${acc.unit}); the aggregate on the property is.`,
    );
  }
  return {
    permit_group: acc.permit_group,
    classes: permitGroupClasses(acc.permit_group),
    class_label: label,
    members,
    members_text: breakdown,
    form: acc.form,
    place: acc.place,
    unit: acc.unit,
    quantity,
    permit_amount: amount,
    permit_required: required,
    cannot_be_determined: undetermined ? cannotBeDeterminedText(missingInputs) : null,
    missing_inputs: missingInputs,
    largest_container: largest,
    required_in_aggregate_only: aggregateOnly,
    line_count: acc.lines.size,
    is_estimate: acc.is_estimate,
    near_threshold: near,
    explanation: {
      rule_text: ruleText,
      contributions: acc.contributions.sort((a, b) => a.inventory_product_id - b.inventory_product_id),
      excluded: acc.excluded,
      notes,
    },
  };
}

function productRow(reading: FireCodeLine): HmppProductRow {
  const { line } = reading.quantity;
  return {
    inventory_product_id: line.inventory_product_id,
    product_id: line.product_id,
    product_name: line.product_name,
    mfg_name: line.mfg_name ?? '',
    hazardous_ingredients: ingredientsText(reading),
    classes: reading.classes.map((item) => FIRE_CODE_HAZARD_CLASS_LABELS[item]).join(', '),
    class_is_estimate: reading.class_is_estimate,
    nfpa: line.nfpa ?? '',
    form: reading.form,
    quantity: reading.measure?.amount ?? null,
    unit: reading.unit,
    location_stored: line.location_stored,
    place: reading.place,
    use_mode: reading.use_mode,
  };
}

/** The section naming the lines not counted (issue 31 point 4: by name, not only counted). */
export const NOT_COUNTED_TITLE = 'Not counted';

/** The header's and the notes' sentences shared with the inventory statement. */
export function fireCodeNotes(
  context: ComplianceContext,
  unclassified: number,
  listedUnder: string = NOT_COUNTED_TITLE,
): string[] {
  const notes = [
    'Units: liquids in US gallons, solids in pounds, gases in cubic feet at NTP (70 °F, 14.7 psia); a gas recorded in pounds is converted with its conversion factor (cu ft per lb).',
    "A product with no fire-code class chosen is counted under a class only where its data gives one one to one (a liquid's flash point; a Tier II flammable gas, flammable solid, oxidizing gas, pyrophoric or explosive category), as an estimate; LP-gas (predominantly propane, propylene, butanes or butylenes by composition, or chosen) follows its own permit row, in gallons of water capacity.",
  ];
  if (unclassified > 0) {
    notes.push(
      `${unclassified} inventory line(s) have no fire-code hazard class that was chosen or could be derived and were not counted; they are named under "${listedUnder}".`,
    );
  }
  if (!context.permit_amounts_stored) {
    notes.push("Permit amounts: the rules document's table (no stored table was given).");
  }
  return notes;
}

function run(context: ComplianceContext): HmppResult {
  const warnings = fireCodeBaseWarnings(context);
  const estimated = new Set<string>();
  const { classified, unclassified } = readFireCodeLines(context, warnings, estimated);
  const missing = new Set<string>();
  const accumulated = [...accumulate(classified).values()];
  const all = accumulated.map((acc) => classRow(acc, context, warnings, missing)).sort(comparePermitKeys);
  // A class row prints its lines' amounts and a group its members' under the total (issue 31 point 14).
  const addUp = accumulated.flatMap((acc) => {
    const total = sumAmounts(acc.amounts);
    const members = membersOf(acc);
    return [
      printedRowsAddUp(acc.amounts, total),
      ...(members.length > 0
        ? [
            printedRowsAddUp(
              members.map((member) => member.quantity),
              total,
            ),
          ]
        : []),
    ];
  });
  // The main table: the rows over the permit amount, and those an unknown amount could put over it.
  const rows = all.filter((row) => row.permit_required || row.cannot_be_determined !== null);
  const permitRequired = rows.some((row) => row.permit_required);
  const undetermined = !permitRequired && rows.length > 0;
  const overRows = rows.filter((row) => row.permit_required);
  const products = classified.map(productRow).sort((a, b) => a.inventory_product_id - b.inventory_product_id);
  return {
    programme: 'hmpp',
    title: 'Hazardous Materials Permit (fire code)',
    rule: HMPP_RULE_TEXT,
    is_screening: estimated.size > 0,
    notes: [...fireCodeNotes(context, unclassified.length), ...roundingNotes(addUp)],
    lists_used: listsUsed(context, []),
    rows,
    below_threshold: all.filter((row) => !row.permit_required && row.cannot_be_determined === null),
    products,
    not_counted: unclassified
      .map(({ quantity, reason }) => ({
        inventory_product_id: quantity.line.inventory_product_id,
        product_id: quantity.line.product_id,
        product_name: quantity.line.product_name,
        location_stored: quantity.line.location_stored,
        reason,
      }))
      .sort((a, b) => a.inventory_product_id - b.inventory_product_id),
    permit_required: permitRequired,
    permit_undetermined: undetermined,
    estimated: [...estimated],
    header_facts: [
      {
        label: 'Hazardous materials permit required',
        value: permitRequired ? 'Yes' : undetermined ? CANNOT_BE_DETERMINED : 'No',
      },
      {
        label: 'Classes over the permit amount',
        value: permitRequired
          ? overRows
              .map(
                (row) =>
                  `${row.class_label} (${FIRE_CODE_FORM_LABELS[row.form].toLowerCase()}, ${FIRE_CODE_PLACE_LABELS[row.place].toLowerCase()}): ${formatPounds(row.quantity)} ${row.unit}${row.members_text ? `: ${row.members_text}` : ''}`,
              )
              .join('; ')
          : undetermined
            ? rows
                .map(
                  (row) =>
                    `${row.class_label} (${FIRE_CODE_FORM_LABELS[row.form].toLowerCase()}, ${FIRE_CODE_PLACE_LABELS[row.place].toLowerCase()}): ${partlyUnknownAmountText(row.quantity, row.missing_inputs, row.unit)}`,
                )
                .join('; ')
            : 'None',
      },
      { label: 'Units', value: 'Liquids in gallons, solids in pounds, gases in cubic feet at NTP' },
    ],
    warnings,
  };
}

export const hmppRule: ProgrammeRule<HmppResult> = {
  id: 'hmpp',
  title: 'Hazardous Materials Permit (fire code)',
  lists: [],
  run,
};
