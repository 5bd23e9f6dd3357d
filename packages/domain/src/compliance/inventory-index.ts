/**
 * inventory_index_numeric (rules §14: no regulation defines it; the header says what it holds): the whole
 * inventory, one row per product and component, in numeric CAS order with a Y/N column per list,
 * to cross-reference the other reports. Every line is here, usable or not.
 */
import { roundTo } from '../shared/numbers.ts';
import { type ComplianceContext, listsUsed } from './context.ts';
import type { ProgrammeResult, ProgrammeRule } from './programme.ts';
import { QUANTITY_DECIMALS } from './quantities.ts';
import { casSortKey, normalizeCas } from './reference.ts';

export interface InventoryIndexRow {
  cas_number: string;
  component_name: string;
  product_id: number;
  product_name: string;
  percent_weight: number | null;
  locations: string[];
  inventory_product_ids: number[];
  /** The product's pounds and gallons at the facility (lines at every location). */
  max_pounds: number | null;
  max_gallons: number | null;
  is_ehs: boolean;
  is_cercla: boolean;
  is_313: boolean;
  is_rmp: boolean;
  is_psm: boolean;
  is_spcc_oil: boolean;
  is_carcinogen: boolean;
}

export type InventoryIndexResult = ProgrammeResult<InventoryIndexRow>;

export const INVENTORY_INDEX_RULE_TEXT =
  'Inventory index (a cross-reference of the whole inventory; no regulation prescribes its form): every product and ' +
  'component of the inventory, in numeric CAS order (hyphens removed, compared as a number; components with no CAS ' +
  "last), with the product's maximum pounds and gallons at the facility and whether the CAS is on each uploaded list " +
  '(EHS, CERCLA, 313, RMP, PSM), whether the product is an SPCC oil and whether the component is a carcinogen.';

function add(total: number | null, value: number | null): number | null {
  if (value === null) return total;
  return roundTo((total ?? 0) + value, QUANTITY_DECIMALS);
}

function run(context: ComplianceContext): InventoryIndexResult {
  const rows = new Map<string, InventoryIndexRow>();
  for (const quantity of context.lines) {
    const { line } = quantity;
    const components = line.components.length > 0 ? line.components : [null];
    for (const component of components) {
      const cas = component ? normalizeCas(component.cas_number) : '';
      const percent = component?.percentage_weight ?? component?.percentage_weight_high ?? null;
      const key = JSON.stringify([line.product_id, cas, component?.name ?? '', percent]);
      let row = rows.get(key);
      if (!row) {
        row = {
          cas_number: cas,
          component_name: component?.name ?? '',
          product_id: line.product_id,
          product_name: line.product_name,
          percent_weight: percent,
          locations: [],
          inventory_product_ids: [],
          max_pounds: null,
          max_gallons: null,
          is_ehs: cas !== '' && context.lists.isListed('ehs', cas),
          is_cercla: cas !== '' && context.lists.isListed('cercla', cas),
          is_313: cas !== '' && context.lists.isListed('313', cas),
          is_rmp: cas !== '' && context.lists.isListed('rmp', cas),
          is_psm: cas !== '' && context.lists.isListed('psm', cas),
          is_spcc_oil: false,
          is_carcinogen: component?.is_carcinogen === true,
        };
        rows.set(key, row);
      }
      row.is_spcc_oil ||= line.is_spcc;
      if (line.location_stored && !row.locations.includes(line.location_stored))
        row.locations.push(line.location_stored);
      row.inventory_product_ids.push(line.inventory_product_id);
      row.max_pounds = add(row.max_pounds, quantity.pounds);
      row.max_gallons = add(row.max_gallons, quantity.gallons);
    }
  }
  // The numeric key once per row, not once per comparison.
  const sorted = [...rows.values()]
    .map((row) => ({ row, key: casSortKey(row.cas_number) }))
    .sort(
      (a, b) =>
        a.key - b.key ||
        a.row.product_name.localeCompare(b.row.product_name) ||
        a.row.component_name.localeCompare(b.row.component_name),
    )
    .map(({ row }) => row);
  return {
    programme: 'inventory_index',
    title: 'Inventory Index (numeric CAS order)',
    rule: INVENTORY_INDEX_RULE_TEXT,
    is_screening: false,
    notes: [],
    lists_used: listsUsed(context, ['ehs', 'cercla', '313', 'rmp', 'psm']),
    rows: sorted,
    warnings: context.warnings,
  };
}

export const inventoryIndexRule: ProgrammeRule<InventoryIndexResult> = {
  id: 'inventory_index',
  title: 'Inventory Index (numeric CAS order)',
  lists: ['ehs', 'cercla', '313', 'rmp', 'psm'],
  run,
};
