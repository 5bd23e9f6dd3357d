/**
 * Hazardous Materials Inventory Statement / worksheet (rules §11, IFC 5001.5.2; report types
 * `haz_mat_inventory` and `haz_mat_inventory_excel`): per control area, one row per product line
 * and fire-code hazard class (a product is listed under every class it has) with the quantity in
 * storage, in use in a closed system and in use in an open system, then the totals per class per
 * control area. A control area is the line's storage location, the only grouping the inventory
 * holds, and its outdoor lines are an area of their own ("YARD (outside)": rules §11, each outdoor
 * area on a separate sheet; issue 31 point 12), so indoor and outdoor amounts never add up; the maximum allowable quantities per control area (IFC Tables 5003.1.1) are the code
 * official's comparison and are not computed.
 */
import {
  FIRE_CODE_HAZARD_CLASS_LABELS,
  FIRE_CODE_PLACE_LABELS,
  type FireCodeForm,
  type FireCodeHazardClass,
  type FireCodePlace,
  type FireCodeUseMode,
} from '../products/fire-code-classes.ts';
import { lineContribution } from './aggregation.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import {
  compareFireCodeKeys,
  contributionNote,
  fireCodeBaseWarnings,
  lineLabel,
  readFireCodeLines,
  sumAmounts,
} from './fire-code.ts';
import { formatPounds } from './format.ts';
import { fireCodeNotes, ingredientsText } from './hmpp.ts';

/** The section of lines not listed (issue 23: exactly this title, shared with the documents). */
export const FIRE_CODE_BELOW_THRESHOLD_TITLE = 'Below threshold';

import { NO_LOCATION } from './process-safety.ts';
import type { Explanation, ProgrammeResult, ProgrammeRule } from './programme.ts';
import type { LineQuantity } from './quantities.ts';

export const HMIS_RULE_TEXT =
  'Hazardous Materials Inventory Statement (International Fire Code 5001.5.2; rules §11): for each control area, ' +
  'every hazardous material with its composition and CAS numbers, location, container size, hazard classification ' +
  'and the quantities in storage, in use in closed systems and in use in open systems; a product is listed under ' +
  'every hazard class it has. A control area is a storage location of the inventory; the lines held outside at a ' +
  'location are an outdoor area of their own, with their own totals. Liquids in gallons, solids in ' +
  'pounds, gases in cubic feet at NTP. The code official compares the control-area totals with the maximum ' +
  'allowable quantities (IFC Tables 5003.1.1), which this worksheet does not hold.';

export interface HmisRow {
  control_area: string;
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  mfg_name: string;
  hazardous_ingredients: string;
  physical_state: string;
  hazard_class: FireCodeHazardClass;
  class_label: string;
  class_is_estimate: boolean;
  nfpa: string;
  /** "Drum 55 gal". */
  container: string;
  container_count: number | null;
  form: FireCodeForm;
  unit: string;
  place: FireCodePlace;
  use_mode: FireCodeUseMode;
  storage: number;
  use_closed: number;
  use_open: number;
  /** "Ambient temperature; Ambient pressure", as the line records them. */
  storage_conditions: string;
  explanation: Explanation;
}

/** The totals of one class in one form in one control area. */
export interface HmisTotal {
  control_area: string;
  /** Inside a building or outside: an outdoor area is a control area of its own. */
  place: FireCodePlace;
  hazard_class: FireCodeHazardClass;
  class_label: string;
  form: FireCodeForm;
  unit: string;
  storage: number;
  use_closed: number;
  use_open: number;
  total: number;
  line_count: number;
}

/** A line tested and not listed: no fire-code class, or its amount unknown. */
export interface HmisBelowRow {
  control_area: string;
  inventory_product_id: number;
  product_id: number;
  product_name: string;
  reason: string;
}

export interface HmisResult extends ProgrammeResult<HmisRow> {
  totals: HmisTotal[];
  below_threshold: HmisBelowRow[];
  control_areas: string[];
  estimated: string[];
}

/** The outdoor area of a location: "YARD (outside)". */
export const OUTDOOR_AREA_SUFFIX = ' (outside)';

/** The line's storage location; its outdoor lines are an area of their own (rules §11). */
export function controlAreaOf(quantity: LineQuantity): string {
  const location = quantity.line.location_stored.trim() || NO_LOCATION;
  return quantity.line.is_outdoor ? `${location}${OUTDOOR_AREA_SUFFIX}` : location;
}

function containerText(quantity: LineQuantity): string {
  const { line } = quantity;
  const name = line.container_name?.trim() || 'Container';
  const unit = line.unit_name?.trim() || line.unit_type || '';
  return line.container_size === null ? name : `${name} ${line.container_size}${unit ? ` ${unit}` : ''}`;
}

function conditionsText(quantity: LineQuantity): string {
  const { line } = quantity;
  return [line.storage_type, line.storage_temperature, line.storage_pressure]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('; ');
}

function run(context: ComplianceContext): HmisResult {
  const warnings = fireCodeBaseWarnings(context);
  const estimated = new Set<string>();
  const { classified, unclassified } = readFireCodeLines(context, warnings, estimated);
  const rows: HmisRow[] = [];
  const below: HmisBelowRow[] = unclassified.map(({ quantity, reason }) => ({
    control_area: controlAreaOf(quantity),
    inventory_product_id: quantity.line.inventory_product_id,
    product_id: quantity.line.product_id,
    product_name: quantity.line.product_name,
    reason,
  }));
  for (const reading of classified) {
    const { quantity, measure, form } = reading;
    if (measure === null || form === null) {
      below.push({
        control_area: controlAreaOf(quantity),
        inventory_product_id: quantity.line.inventory_product_id,
        product_id: quantity.line.product_id,
        product_name: quantity.line.product_name,
        reason: `Amount unknown: ${reading.reason ?? 'see warnings'}`,
      });
      continue;
    }
    for (const hazardClass of reading.classes) {
      const { line } = quantity;
      rows.push({
        control_area: controlAreaOf(quantity),
        inventory_product_id: line.inventory_product_id,
        product_id: line.product_id,
        product_name: line.product_name,
        mfg_name: line.mfg_name ?? '',
        hazardous_ingredients: ingredientsText(reading),
        physical_state: line.physical_state ?? '',
        hazard_class: hazardClass,
        class_label: FIRE_CODE_HAZARD_CLASS_LABELS[hazardClass],
        class_is_estimate: reading.class_is_estimate,
        nfpa: line.nfpa ?? '',
        container: containerText(quantity),
        container_count: line.container_quantity,
        form,
        unit: measure.unit,
        place: reading.place,
        use_mode: reading.use_mode,
        storage: reading.use_mode === 'storage' ? measure.amount : 0,
        use_closed: reading.use_mode === 'use_closed' ? measure.amount : 0,
        use_open: reading.use_mode === 'use_open' ? measure.amount : 0,
        storage_conditions: conditionsText(quantity),
        explanation: {
          rule_text: `${formatPounds(measure.amount)} ${measure.unit} ${reading.use_mode === 'storage' ? 'in storage' : reading.use_mode === 'use_closed' ? 'in use, closed system' : 'in use, open system'}, ${FIRE_CODE_PLACE_LABELS[reading.place].toLowerCase()}`,
          contributions: [
            lineContribution(quantity, quantity.pounds ?? 0, 100, null, contributionNote(reading)),
          ],
          excluded: [],
          notes: [
            `${lineLabel(quantity)}: ${measure.basis}`,
            ...(reading.class_is_estimate ? [`Class estimated: ${reading.class_reason}`] : []),
          ],
        },
      });
    }
  }
  rows.sort(
    (a, b) =>
      a.control_area.localeCompare(b.control_area) ||
      compareFireCodeKeys({ ...a, place: 'inside' }, { ...b, place: 'inside' }) ||
      a.inventory_product_id - b.inventory_product_id,
  );
  const byKey = new Map<string, HmisRow[]>();
  for (const row of rows) {
    const key = `${row.control_area}|${row.place}|${row.hazard_class}|${row.form}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const totals: HmisTotal[] = [...byKey.values()].map((group) => {
    const first = group[0] as HmisRow;
    const storage = sumAmounts(group.map((row) => row.storage));
    const useClosed = sumAmounts(group.map((row) => row.use_closed));
    const useOpen = sumAmounts(group.map((row) => row.use_open));
    return {
      control_area: first.control_area,
      place: first.place,
      hazard_class: first.hazard_class,
      class_label: first.class_label,
      form: first.form,
      unit: first.unit,
      storage,
      use_closed: useClosed,
      use_open: useOpen,
      total: sumAmounts([storage, useClosed, useOpen]),
      line_count: group.length,
    };
  });
  below.sort(
    (a, b) => a.control_area.localeCompare(b.control_area) || a.inventory_product_id - b.inventory_product_id,
  );
  const notes = fireCodeNotes(context, unclassified.length, FIRE_CODE_BELOW_THRESHOLD_TITLE).filter(
    (note) => !note.startsWith('Permit amounts'),
  );
  notes.push(
    'Maximum allowable quantities per control area (IFC Tables 5003.1.1) are not compared: the code official compares the totals per class and control area with them.',
  );
  return {
    programme: 'haz_mat_inventory',
    title: 'Hazardous Materials Inventory Statement (fire code)',
    rule: HMIS_RULE_TEXT,
    is_screening: estimated.size > 0,
    notes,
    lists_used: listsUsed(context, []),
    rows,
    totals,
    below_threshold: below,
    control_areas: [...new Set(rows.map((row) => row.control_area))],
    estimated: [...estimated],
    header_facts: [
      {
        label: 'Control areas (storage locations)',
        value: String(new Set(rows.map((row) => row.control_area)).size),
      },
      {
        label: 'Units',
        value: 'Liquids in gallons, solids in pounds, gases in cubic feet at NTP',
      },
    ],
    warnings,
  };
}

export const hmisRule: ProgrammeRule<HmisResult> = {
  id: 'haz_mat_inventory',
  title: 'Hazardous Materials Inventory Statement (fire code)',
  lists: [],
  run,
};
