/**
 * inventory_index_numeric (rules §14, what it holds printed in the header): every product
 * and component in numeric CAS order, with locations, the product's pounds and gallons and a Y/N
 * column per list. An index, not a threshold test: its rows are neither reported nor not.
 */
import type { compliance, ReportTable } from '@chemtrack/domain';
import { column, listedRow, sumOf, total } from './document.ts';

export function inventoryIndexTables(
  result: compliance.InventoryIndexResult,
  context: compliance.ComplianceContext,
): ReportTable[] {
  return [
    {
      key: 'index',
      title: 'Inventory index by CAS',
      columns: [
        column('cas_number', 'CAS'),
        column('component_name', 'Component'),
        column('product_name', 'Product'),
        column('percent_weight', 'wt %', 'percent'),
        column('locations', 'Locations'),
        column('max_pounds', 'Product max (lb)', 'pounds'),
        column('max_gallons', 'Product max (gal)', 'gallons'),
        column('is_ehs', 'EHS', 'flag'),
        column('is_cercla', 'CERCLA', 'flag'),
        column('is_313', '313', 'flag'),
        column('is_rmp', 'RMP', 'flag'),
        column('is_psm', 'PSM', 'flag'),
        column('is_spcc_oil', 'SPCC oil', 'flag'),
        column('is_carcinogen', 'Carcinogen', 'flag'),
      ],
      rows: result.rows.map((row) =>
        listedRow({
          cas_number: row.cas_number,
          component_name: row.component_name,
          product_name: row.product_name,
          percent_weight: row.percent_weight,
          locations: row.locations.join(', '),
          max_pounds: row.max_pounds,
          max_gallons: row.max_gallons,
          is_ehs: row.is_ehs,
          is_cercla: row.is_cercla,
          is_313: row.is_313,
          is_rmp: row.is_rmp,
          is_psm: row.is_psm,
          is_spcc_oil: row.is_spcc_oil,
          is_carcinogen: row.is_carcinogen,
        }),
      ),
      // Totals over the products, not the rows: a product's pounds repeat on each of its components.
      totals: [
        total('Rows (product and component)', result.rows.length),
        total('Products', context.products.length),
        total('Inventory lines', context.lines.length),
        // Each product's figures print on its rows: those, once per product, are the addends.
        total(
          'Total product pounds',
          sumOf(context.lines, (line) => line.pounds),
          'pounds',
          context.products.map((product) => product.pounds),
        ),
        total(
          'Total product gallons (liquids)',
          sumOf(context.lines, (line) => line.gallons),
          'gallons',
          context.products.flatMap((product) => (product.gallons === null ? [] : [product.gallons])),
        ),
      ],
    },
  ];
}
