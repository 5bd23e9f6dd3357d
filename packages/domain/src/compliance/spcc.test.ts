import { describe, expect, it } from 'vitest';
import { createComplianceContext } from './context.ts';
import { computeLineQuantity } from './quantities.ts';
import { computeReport } from './registry.ts';
import { SPCC_DISCHARGE_HISTORY_NOTE } from './spcc.ts';
import { LISTS, line, snapshot } from './test-fixtures.ts';
import type { ComplianceSnapshot, SnapshotLine } from './types.ts';

/** An oil line: `count` containers of `capacity` gallons shell capacity (recorded on the line), aboveground. */
function oil(capacity: number, count = 1, overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  return line({
    product_name: 'Diesel fuel',
    is_spcc: true,
    container_name: 'Tank',
    container_size: capacity,
    container_quantity: count,
    shell_capacity_gal: capacity,
    placement: 'aboveground',
    ...overrides,
  });
}

function spcc(lines: SnapshotLine[], facility: Partial<ComplianceSnapshot['facility']> = {}) {
  const snap = snapshot(lines);
  return computeReport('spcc_plan', { ...snap, facility: { ...snap.facility, ...facility } }, LISTS);
}

describe('SPCC plan (40 CFR 112, rules §7)', () => {
  it('1,320 gal aboveground is no plan; 1,321 gal is a plan', () => {
    // 24 drums × 55 gal = 1,320 gal: "more than 1,320" is not met.
    const at = spcc([oil(55, 24)]);
    expect(at.aboveground_gal).toBe(1320);
    expect(at.plan_required).toBe(false);
    expect(at.plan_type).toBeNull();
    expect(at.aboveground_test.rule_text).toBe('1,320.00 gal ≤ aboveground threshold 1,320 gal');
    expect(at.plan_type_text).toBe('No plan required');

    // 23 drums × 55 = 1,265 + one 56-gal container = 1,321 gal > 1,320.
    const over = spcc([oil(55, 23), oil(56, 1)]);
    expect(over.aboveground_gal).toBe(1321);
    expect(over.plan_required).toBe(true);
    expect(over.aboveground_test.rule_text).toBe('1,321.00 gal > aboveground threshold 1,320 gal');
    // 1,321 ≤ 10,000 and the largest container 56 ≤ 5,000 → Tier I.
    expect(over.plan_type).toBe('tier1_qf');
    expect(over.notes).toContain(SPCC_DISCHARGE_HISTORY_NOTE);
  });

  it('a 54-gallon container is left out and listed under Below threshold with the reason; 55 counts', () => {
    const result = spcc([
      oil(54, 30, { inventory_product_id: 54 }),
      oil(55, 1, { inventory_product_id: 55 }),
    ]);
    // 30 × 54 = 1,620 gal would pass 1,320, but no container of it is 55 gal: only the 55-gal drum counts.
    expect(result.aboveground_gal).toBe(55);
    expect(result.plan_required).toBe(false);
    expect(result.rows.map((row) => row.inventory_product_id)).toEqual([55]);
    expect(result.below_threshold).toHaveLength(1);
    expect(result.below_threshold[0]).toMatchObject({
      inventory_product_id: 54,
      shell_capacity_gal: 54,
      total_capacity_gal: 1620,
      counted: false,
      reason: '54.00 gal < 55 gal: containers under 55 gallons are not counted (40 CFR 112.1(d)(2)(ii))',
    });
    expect(result.figures[0]?.explanation.excluded).toEqual([
      expect.objectContaining({ inventory_product_id: 54, reason: result.below_threshold[0]?.reason }),
    ]);
  });

  it('completely buried: 42,000 gal is no plan, 42,001 gal is a plan', () => {
    const at = spcc([oil(42_000, 1, { placement: 'buried' })]);
    expect([at.buried_gal, at.aboveground_gal, at.plan_required]).toEqual([42_000, 0, false]);
    expect(at.buried_test.rule_text).toBe('42,000.00 gal ≤ buried threshold 42,000 gal');
    const over = spcc([oil(42_001, 1, { placement: 'buried' })]);
    expect([over.buried_gal, over.plan_required]).toEqual([42_001, true]);
    expect(over.buried_test.rule_text).toBe('42,001.00 gal > buried threshold 42,000 gal');
  });

  it('plan type: Tier I QF, Tier II QF and PE-certified', () => {
    // 2 × 5,000 = 10,000 ≤ 10,000, largest 5,000 ≤ 5,000 → Tier I.
    const tier1 = spcc([oil(5_000, 2)]);
    expect([tier1.aboveground_gal, tier1.largest_aboveground_gal, tier1.plan_type]).toEqual([
      10_000,
      5_000,
      'tier1_qf',
    ]);
    expect(tier1.plan_type_text).toBe(
      'Tier I qualified facility (self-certified; Appendix G template): 10,000.00 gal aboveground ≤ 10,000 gal, largest container 5,000.00 gal ≤ 5,000 gal',
    );
    // 6,000 + 4,000 = 10,000 ≤ 10,000 but the largest 6,000 > 5,000 → Tier II.
    const tier2 = spcc([oil(6_000), oil(4_000)]);
    expect([tier2.aboveground_gal, tier2.largest_aboveground_gal, tier2.plan_type]).toEqual([
      10_000,
      6_000,
      'tier2_qf',
    ]);
    // 5,000 + 5,001 = 10,001 > 10,000 → PE-certified, whatever the largest container.
    const pe = spcc([oil(5_000), oil(5_001)]);
    expect([pe.aboveground_gal, pe.plan_type]).toEqual([10_001, 'pe']);
    expect(pe.plan_type_text).toBe('PE-certified plan: 10,001.00 gal aboveground > 10,000 gal');
  });

  it('capacity missing: the line gallons (the one container calculation) stand in, marked an estimate with a warning', () => {
    // 4 drums of 55 gal on hand, no capacity on the line or its type: 55 × 4 = 220 gal, 220 ÷ 4 = 55 gal each.
    const drums = oil(55, 4, { inventory_product_id: 7, shell_capacity_gal: null, location_stored: 'YARD' });
    const result = spcc([drums]);
    const gallons = computeLineQuantity(drums).quantity.gallons;
    expect(gallons).toBe(220);
    expect(result.rows[0]).toMatchObject({
      shell_capacity_gal: 55,
      total_capacity_gal: 220,
      capacity_is_estimate: true,
      capacity_source: 'gallons on hand',
    });
    expect(result.aboveground_gal).toBe(gallons);
    expect(result.rows[0]?.explanation.rule_text).toBe(
      '55.00 gal (estimate) × 4 = 220.00 gal aboveground; 55.00 gal ≥ 55 gal, counted',
    );
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: 'capacity_estimated',
        inventory_product_id: 7,
        message:
          'Diesel fuel at YARD (line 7): no shell capacity on the line or its container type; SPCC counts its 220.00 gal on hand as an estimate',
      }),
    ]);
    expect(result.estimated).toEqual(['Shell capacity of Diesel fuel at YARD (line 7): its gallons on hand']);
    expect(result.is_screening).toBe(true);
    expect(result.figures[0]?.is_estimate).toBe(true);
  });

  it('a container of unknown capacity is not zero: the plan cannot be determined unless the known capacity is over (issue 33 point 2)', () => {
    // Known: 20 drums × 55 gal = 1,100 gal aboveground ≤ 1,320. Line 9: no shell capacity and no
    // size, so no gallons either: its capacity is unknown and could take the total over 1,320 gal.
    const unknownTank = oil(0, 1, {
      inventory_product_id: 9,
      shell_capacity_gal: null,
      container_size: null,
    });
    const result = spcc([oil(55, 20, { inventory_product_id: 8 }), unknownTank]);
    expect(result.aboveground_gal).toBe(1100);
    expect(result.plan_required).toBe(false);
    expect(result.plan_undetermined).toBe(true);
    // In the main table, saying what is missing; never under Below threshold.
    expect(
      result.rows.map((row) => [row.inventory_product_id, row.counted, row.cannot_be_determined]),
    ).toEqual([
      [8, true, false],
      [9, false, true],
    ]);
    expect(result.below_threshold).toEqual([]);
    expect(result.rows[1]?.reason).toBe(
      'cannot be determined: Shell Capacity (line or container type), or Container Size, Quantity and Unit',
    );
    expect(result.header_facts?.find((fact) => fact.label === 'SPCC plan required')?.value).toBe(
      'cannot be determined: Shell Capacity (line or container type), or Container Size, Quantity and Unit',
    );
    expect(result.plan_type_text).toBe(
      'cannot be determined: Shell Capacity (line or container type), or Container Size, Quantity and Unit: 1 oil container line(s) of unknown capacity beside 1,100.00 gal aboveground and 0.00 gal buried',
    );

    // Known: 25 × 55 = 1,375 gal > 1,320: the unknown tank cannot undo it, the plan is required.
    const over = spcc([oil(55, 25, { inventory_product_id: 8 }), unknownTank]);
    expect(over.plan_required).toBe(true);
    expect(over.plan_undetermined).toBe(false);
    expect(over.header_facts?.find((fact) => fact.label === 'SPCC plan required')?.value).toBe('Yes');

    // A facility that could not discharge needs no plan whatever the unknown capacity.
    const inland = spcc([oil(55, 20, { inventory_product_id: 8 }), unknownTank], {
      spcc_could_discharge: false,
    });
    expect(inland.plan_undetermined).toBe(false);
  });

  it("the line's own capacity and placement override its container type's; the type's apply when the line is silent", () => {
    const typed = oil(55, 2, {
      shell_capacity_gal: null,
      placement: null,
      container_type_shell_capacity_gal: 275,
      container_type_placement: 'buried',
    });
    const own = oil(300, 1, { container_type_shell_capacity_gal: 275, container_type_placement: 'buried' });
    const result = spcc([typed, own]);
    // typed: 275 × 2 = 550 buried (the type's); own: 300 × 1 aboveground (the line's).
    expect(result.rows.map((row) => [row.shell_capacity_gal, row.total_capacity_gal, row.placement])).toEqual(
      [
        [275, 550, 'buried'],
        [300, 300, 'aboveground'],
      ],
    );
    expect([result.aboveground_gal, result.buried_gal]).toEqual([300, 550]);
    expect(result.estimated).toEqual([]);
  });

  it('excluded lines and products not flagged SPCC are not counted; the excluded are named under Below threshold', () => {
    const truck = oil(2_000, 1, { spcc_exclusion: 'motive_power', inventory_product_id: 31 });
    const water = line({ container_size: 2_000, shell_capacity_gal: 2_000 });
    const result = spcc([truck, water]);
    expect(result.aboveground_gal).toBe(0);
    expect(result.plan_required).toBe(false);
    expect(result.below_threshold.map((row) => [row.inventory_product_id, row.reason])).toEqual([
      [31, 'Excluded (40 CFR 112.1(d)): Motive power container (vehicle or equipment fuel tank)'],
    ]);
    expect(result.notes).toContain(
      '1 inventory line(s) hold products not flagged as SPCC oil and were not tested.',
    );
  });

  it('no placement recorded is taken as aboveground and listed as estimated', () => {
    const result = spcc([oil(1_500, 1, { placement: null, inventory_product_id: 9, location_stored: '' })]);
    expect([result.aboveground_gal, result.plan_required]).toEqual([1_500, true]);
    expect(result.estimated).toEqual(['Placement of Diesel fuel (line 9): taken as aboveground']);
  });

  it('a facility that could not reasonably discharge oil needs no plan, whatever its capacity', () => {
    const result = spcc([oil(2_000)], { spcc_could_discharge: false });
    expect([result.capacity_exceeded, result.plan_required, result.plan_type]).toEqual([true, false, null]);
    expect(result.plan_type_text).toBe(
      'No plan: the facility could not reasonably be expected to discharge oil',
    );
  });

  it('every facility figure carries its contributing lines', () => {
    const context = createComplianceContext(
      snapshot([oil(1_000, 1, { inventory_product_id: 3 }), oil(400, 1, { inventory_product_id: 4 })]),
      LISTS,
    );
    const result = computeReport('spcc_plan', context.snapshot, LISTS);
    const aboveground = result.figures.find((figure) => figure.key === 'aboveground');
    expect(aboveground?.gallons).toBe(1_400);
    expect(aboveground?.explanation.contributions.map((c) => c.inventory_product_id)).toEqual([3, 4]);
    expect(aboveground?.explanation.notes).toEqual([
      'Diesel fuel (line 3): 1,000.00 gal × 1 = 1,000.00 gal aboveground; 1,000.00 gal ≥ 55 gal, counted',
      'Diesel fuel (line 4): 400.00 gal × 1 = 400.00 gal aboveground; 400.00 gal ≥ 55 gal, counted',
    ]);
    const largest = result.figures.find((figure) => figure.key === 'largest_aboveground');
    expect(largest?.gallons).toBe(1_000);
  });
});
