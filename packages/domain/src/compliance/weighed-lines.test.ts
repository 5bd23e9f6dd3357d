import { describe, expect, it } from 'vitest';
import type { PhysicalState } from '../shared/enums.ts';
import { computeLineQuantity } from './quantities.ts';
import { computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot } from './test-fixtures.ts';

/**
 * Issue 21 point 1 (rules §0.1): a line weighed in pounds (unit type lb) counts size × quantity
 * whatever its physical state. The spec's live calculation (02 §9) names lb for solids only, so
 * the server stores no max pounds for a weighed gas or liquid; the reports must not drop it.
 */
function cylinder(state: PhysicalState) {
  // One 150-lb chlorine cylinder, as the server saves it: no stored max pounds or gallons.
  return line({
    inventory_product_id: 31,
    product_name: 'Chlorine cylinder',
    physical_state: state,
    container_name: 'Cylinder',
    unit_name: 'lb',
    unit_type: 'lb',
    container_size: 150,
    container_quantity: 1,
    pounds_per_gallon: null,
    is_sara_p: true,
    components: [component(CAS.chlorine, 'Chlorine', 100)],
  });
}

describe('a line weighed in pounds, whatever its physical state (issue 21, point 1)', () => {
  it.each(['liquified gas', 'compressed gas', 'liquid', 'solid'] as const)(
    'a %s cylinder of 150 lb counts 150 lb, with no missing-conversion-factor warning',
    (state) => {
      // 150 lb × 1 cylinder = 150 lb.
      const { quantity, warnings } = computeLineQuantity(cylinder(state));
      expect(quantity.pounds).toBe(150);
      expect(quantity.basis).toBe('150 lb × 1 = 150.00 lb');
      expect(warnings).toEqual([]);
    },
  );

  it('the liquified-gas cylinder is 150 lb of chlorine on 302, 304 and Tier II', () => {
    // 150 lb × 100% chlorine = 150 lb.
    // 302: 150 ≥ TPQ 100 → notification required.
    // 304: 150 ≥ RQ 10 (CERCLA) → a release could reach the RQ; one cylinder holds 150 lb ≥ 10.
    // Tier II: 150 ≥ min(500, TPQ 100) = 100 → reported, range code 02 (100-499).
    const lines = [cylinder('liquified gas')];
    const r302 = computeReport('epcra_302', snapshot(lines), LISTS);
    expect(r302.rows[0]).toMatchObject({
      cas_number: CAS.chlorine,
      quantity_lb: 150,
      notification_required: true,
    });
    expect(r302.warnings.filter((w) => w.severity === 'warning')).toEqual([]);

    const r304 = computeReport('epcra_304_cercla', snapshot(lines), LISTS);
    expect(r304.rows[0]).toMatchObject({
      cas_number: CAS.chlorine,
      quantity_lb: 150,
      rq_lb: 10,
      release_could_reach_rq: true,
      largest_container_lb: 150,
      single_container_exposure: true,
    });

    const tier2 = computeReport('epcra_311_312_tier2', snapshot(lines), LISTS);
    const ehs = tier2.rows.find((row) => row.kind === 'ehs');
    expect(ehs).toMatchObject({ max_amount_lb: 150, max_amount_code: { code: '02' }, reportable: true });
    expect(ehs?.explanation.contributions[0]?.pounds_basis).toBe('150 lb × 1 = 150.00 lb');
  });
});
