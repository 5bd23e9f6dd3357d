import { describe, expect, it } from 'vitest';
import { computeReport } from './registry.ts';
import { CAS, component, LISTS, snapshot, stored } from './test-fixtures.ts';

describe('inventory_index_numeric', () => {
  it('lists every product and component in numeric CAS order with a Y/N per list', () => {
    // Numeric order: 50-00-0 (50000) < 67-56-1 (67561) < 108-88-3 (108883) < 7664-41-7 (7664417); text order would put 108 first.
    const result = computeReport(
      'inventory_index_numeric',
      snapshot([
        stored(1000, {
          product_id: 1,
          product_name: 'Solvent',
          location_stored: 'A',
          is_spcc: true,
          components: [component(CAS.toluene, 'Toluene', 70), component(CAS.methanol, 'Methanol', 30)],
        }),
        stored(500, {
          product_id: 1,
          product_name: 'Solvent',
          location_stored: 'B',
          is_spcc: true,
          components: [component(CAS.toluene, 'Toluene', 70), component(CAS.methanol, 'Methanol', 30)],
        }),
        stored(200, {
          product_id: 2,
          product_name: 'Fixative',
          components: [component(CAS.formaldehyde, 'Formaldehyde', 37, { is_carcinogen: true })],
        }),
        stored(100, {
          product_id: 3,
          product_name: 'Refrigerant',
          components: [component(CAS.ammonia, 'Ammonia', 100)],
        }),
        stored(50, { product_id: 4, product_name: 'Unknown blend' }),
      ]),
      LISTS,
    );
    expect(
      result.rows.map((row) => [row.cas_number, row.product_name, row.max_pounds, row.locations]),
    ).toEqual([
      [CAS.formaldehyde, 'Fixative', 200, ['WAREHOUSE']],
      [CAS.methanol, 'Solvent', 1500, ['A', 'B']],
      [CAS.toluene, 'Solvent', 1500, ['A', 'B']],
      [CAS.ammonia, 'Refrigerant', 100, ['WAREHOUSE']],
      ['', 'Unknown blend', 50, ['WAREHOUSE']],
    ]);
    const flags = result.rows.map((row) => [
      row.is_ehs,
      row.is_cercla,
      row.is_313,
      row.is_rmp,
      row.is_psm,
      row.is_spcc_oil,
      row.is_carcinogen,
    ]);
    expect(flags).toEqual([
      [true, false, true, false, false, false, true],
      [false, false, true, false, false, true, false],
      [false, false, true, false, false, true, false],
      [true, true, true, true, true, false, false],
      [false, false, false, false, false, false, false],
    ]);
  });
});
