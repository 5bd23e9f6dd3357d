import { describe, expect, it } from 'vitest';
import { isValidCasNumber } from '../shared/cas.ts';
import {
  TRI_DIOXIN_THRESHOLD_LB,
  TRI_NDAA_PFAS,
  TRI_PBT_CATEGORIES,
  TRI_PBT_CHEMICALS,
} from './epcra-313-special-concern.ts';
import { type AvailableReportType, computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot, stored } from './test-fixtures.ts';
import type { SnapshotLine } from './types.ts';

const AMMONIA_RULE_NOTE =
  'Ammonia listing (40 CFR 372.65): anhydrous ammonia counts 100%, aqueous ammonia (ammonia in water) 10% (GuideME Q552). Each line is read from its record: ammonium hydroxide 1336-21-6, or ammonia below 99% with water 7732-18-5 as a component or in a product named as a solution, is aqueous; ammonia of 99% or more is anhydrous whatever state is recorded (a refrigerated liquid included); ammonia in a gas with no water counts whole; anything else is not determined and counts whole.';

function run313(type: Extract<AvailableReportType, `epcra_313_${string}`>, ...lines: SnapshotLine[]) {
  return computeReport(type, snapshot(lines), LISTS);
}

describe('EPCRA 313 threshold reports', () => {
  it('processed: excludes at exactly 25,000 lb (> not ≥) and reports 25,001 lb', () => {
    // Annual processed 50,000 lb × 50% toluene = 25,000 lb; 25,000 > 25,000 is false → not reported, near.
    const at = run313(
      'epcra_313_processed',
      stored(800, {
        is_processed: true,
        annual_pounds: { processed: 50_000 },
        components: [component(CAS.toluene, 'Toluene', 50)],
      }),
    );
    expect(at.rows[0]).toMatchObject({
      annual_lb: 25_000,
      threshold_lb: 25_000,
      exceeds: false,
      near_threshold: true,
      is_screening: false,
    });
    expect(at.rows[0]?.test.rule_text).toBe('25,000.00 lb ≤ threshold 25,000 lb');
    expect(at.is_screening).toBe(false);
    expect(at.title).toBe('EPCRA 313 Threshold: Processed');
    // 50,002 lb × 50% = 25,001 lb > 25,000 → reported.
    const over = run313(
      'epcra_313_processed',
      stored(800, {
        is_processed: true,
        annual_pounds: { processed: 50_002 },
        components: [component(CAS.toluene, 'Toluene', 50)],
      }),
    );
    expect(over.rows[0]).toMatchObject({ annual_lb: 25_001, exceeds: true, form_a_possible: true });
    expect(over.rows[0]?.test.rule_text).toBe('25,001.00 lb > threshold 25,000 lb');
  });

  it('otherwise used: 10,000 lb is not > 10,000; 10,000.5 lb is', () => {
    // 20,000 lb × 50% methanol = 10,000 lb; 20,001 × 50% = 10,000.5 lb.
    const line = (annual: number) =>
      stored(100, {
        is_otherwise_used: true,
        annual_pounds: { otherwise_used: annual },
        components: [component(CAS.methanol, 'Methanol', 50)],
      });
    expect(run313('epcra_313_otherwise_used', line(20_000)).rows[0]).toMatchObject({
      threshold_lb: 10_000,
      annual_lb: 10_000,
      exceeds: false,
    });
    expect(run313('epcra_313_otherwise_used', line(20_001)).rows[0]).toMatchObject({
      annual_lb: 10_000.5,
      exceeds: true,
    });
  });

  it('screening: without an annual amount the maximum on hand stands in and the report says so', () => {
    // Max on hand 30,000 lb × 100% toluene = 30,000 lb > 25,000 → reported, as a screening.
    const result = run313(
      'epcra_313_manufactured',
      stored(30_000, { is_manufactured: true, components: [component(CAS.toluene, 'Toluene', 100)] }),
    );
    expect(result.is_screening).toBe(true);
    expect(result.title).toBe('EPCRA 313 Threshold: Manufactured (screening)');
    expect(result.notes[0]).toMatch(/^Screening: annual amounts are not recorded/);
    expect(result.rows[0]).toMatchObject({ annual_lb: 30_000, exceeds: true, is_screening: true });
    expect(result.rows[0]?.explanation.contributions[0]?.pounds_basis).toBe(
      'maximum on hand 30,000.00 lb (screening: no annual amount)',
    );
  });

  it("names the facility's recorded NAICS code in the coverage note (372.22, 372.23), and says when none is recorded", () => {
    const toluene = stored(30_000, {
      is_processed: true,
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const coverageNote = (naics: string | null) => {
      const base = snapshot([toluene]);
      const result = computeReport(
        'epcra_313_processed',
        { ...base, facility: { ...base.facility, naics_code: naics } },
        LISTS,
      );
      return result.notes.find((note) => note.startsWith('Facility coverage'));
    };
    expect(coverageNote('325510')).toBe(
      'Facility coverage also needs 10 or more full-time employees and a covered NAICS code (40 CFR 372.23): the facility records NAICS 325510, to be checked against that list; the employees are not recorded.',
    );
    for (const none of [null, '', '  ']) {
      expect(coverageNote(none)).toBe(
        'Facility coverage also needs 10 or more full-time employees and a covered NAICS code (40 CFR 372.23), neither of which the facility records.',
      );
    }
  });

  it('reads only the lines flagged with the activity', () => {
    const processedOnly = stored(30_000, {
      is_processed: true,
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    expect(run313('epcra_313_manufactured', processedOnly).rows).toEqual([]);
    expect(run313('epcra_313_processed', processedOnly).rows).toHaveLength(1);
  });

  it('de minimis: 1% counts (< 1% is excluded), 0.99% does not', () => {
    // 2,600,000 lb × 1% = 26,000 lb > 25,000 → reported.
    const at = (pct: number) =>
      run313(
        'epcra_313_processed',
        stored(10, {
          is_processed: true,
          annual_pounds: { processed: 2_600_000 },
          components: [component(CAS.toluene, 'Toluene', pct)],
        }),
      ).rows[0];
    expect(at(1)).toMatchObject({ annual_lb: 26_000, exceeds: true });
    // 0.99% < 1% → excluded: 0 lb.
    expect(at(0.99)).toMatchObject({ annual_lb: 0, exceeds: false });
    expect(at(0.99)?.explanation.excluded[0]?.reason).toBe('0.99% < de minimis 1%');
  });

  it('de minimis for an OSHA carcinogen is 0.1%: 0.1% counts, 0.09% does not', () => {
    // 12,000,000 lb × 0.1% = 12,000 lb > 10,000 (otherwise used) → reported.
    const at = (pct: number) =>
      run313(
        'epcra_313_otherwise_used',
        stored(10, {
          is_otherwise_used: true,
          annual_pounds: { otherwise_used: 12_000_000 },
          components: [component(CAS.formaldehyde, 'Formaldehyde', pct, { is_carcinogen: true })],
        }),
      ).rows[0];
    expect(at(0.1)).toMatchObject({ annual_lb: 12_000, exceeds: true });
    expect(at(0.09)).toMatchObject({ annual_lb: 0, exceeds: false });
  });

  it('PBT: no de minimis and its own threshold: 0.5% lead of 30,000 lb = 150 lb > 100 lb', () => {
    const row = run313(
      'epcra_313_processed',
      stored(10, {
        is_processed: true,
        annual_pounds: { processed: 30_000 },
        components: [component(CAS.lead, 'Lead', 0.5)],
      }),
    ).rows[0];
    expect(row).toMatchObject({
      is_pbt: true,
      threshold_lb: 100,
      annual_lb: 150,
      exceeds: true,
      form_a_possible: false,
    });
  });

  it('reads an SDS range at its midpoint (GuideME Q174): 20-80% → 50%; 60,000 lb × 50% = 30,000 lb > 25,000', () => {
    const row = run313(
      'epcra_313_processed',
      stored(10, {
        is_processed: true,
        annual_pounds: { processed: 60_000 },
        components: [
          component(CAS.toluene, 'Toluene', null, { percentage_weight_low: 20, percentage_weight_high: 80 }),
        ],
      }),
    ).rows[0];
    expect(row).toMatchObject({ annual_lb: 30_000, exceeds: true });
    expect(row?.explanation.contributions[0]?.percent_weight).toBe(50);
  });

  describe("ammonia listing (372.65; GuideME Q550, Q552): decided by each line's record, not by a factor", () => {
    const ammoniaLine = (
      physical_state: SnapshotLine['physical_state'],
      annual: number,
      cas: string,
      pct: number,
      overrides: Partial<SnapshotLine> = {},
    ) =>
      stored(10, {
        physical_state,
        is_otherwise_used: true,
        annual_pounds: { otherwise_used: annual },
        components: [component(cas, cas === CAS.ammonia ? 'Ammonia' : 'Ammonium hydroxide', pct)],
        ...overrides,
      });
    /** A water solution as its SDS lists it: ammonia and water 7732-18-5. */
    const solution = (annual: number, pct: number, overrides: Partial<SnapshotLine> = {}) =>
      ammoniaLine('liquid', annual, CAS.ammonia, pct, {
        components: [component(CAS.ammonia, 'Ammonia', pct), component(CAS.water, 'Water', 100 - pct)],
        ...overrides,
      });

    it('aqueous: 10,000 lb of a 30% solution (water 70%) otherwise used → 3,000 lb × 10% = 300 lb (GuideME Q552)', () => {
      const line = solution(10_000, 30);
      const row = run313('epcra_313_otherwise_used', line).rows[0];
      expect(row).toMatchObject({
        annual_lb: 300,
        exceeds: false,
        count_basis: 'Ammonia listing: aqueous 3,000.00 lb × 10%',
      });
      expect(row?.explanation.notes).toContain(
        `${line.product_name} (line ${line.inventory_product_id}) at WAREHOUSE: 3,000.00 lb; 30% ammonia with water 7732-18-5 (70%) as a component: a water solution → aqueous, 10% counted.`,
      );
      expect(row?.explanation.notes).toContain('Aqueous: 3,000.00 lb × 10% = 300.00 lb counted.');
    });

    it('point 5: 100% ammonia recorded as a refrigerated liquid is anhydrous: 12,000 lb counts whole, > 10,000, reported', () => {
      // 12,000 lb otherwise used × 100% ammonia = 12,000 lb anhydrous × 100% = 12,000 lb > 10,000 → reported.
      // Before: the state "liquid" read as a solution, 12,000 × 10% = 1,200 lb, "not reportable".
      const line = ammoniaLine('liquid', 12_000, CAS.ammonia, 100, {
        product_name: 'Anhydrous Ammonia (refrigerated)',
        storage_temperature: 'Less than ambient temperature but not cryogenic',
      });
      const row = run313('epcra_313_otherwise_used', line).rows[0];
      expect(row).toMatchObject({
        annual_lb: 12_000,
        exceeds: true,
        count_basis: 'Ammonia listing: anhydrous 12,000.00 lb × 100%',
      });
      expect(row?.test.rule_text).toBe('12,000.00 lb > threshold 10,000 lb');
      expect(row?.explanation.notes).toContain(
        `Anhydrous Ammonia (refrigerated) (line ${line.inventory_product_id}) at WAREHOUSE: 12,000.00 lb; 100% ammonia recorded as liquid (Less than ambient temperature but not cryogenic): ammonia of 99% or more is anhydrous ammonia whatever state is recorded → anhydrous, 100% counted.`,
      );
      expect(row?.explanation.notes).toContain('Anhydrous: 12,000.00 lb × 100% = 12,000.00 lb counted.');
    });

    it('anhydrous: 12,000 lb of liquified gas otherwise used counts 100%, its 0.5% water (stress-corrosion inhibitor) makes no solution', () => {
      // 12,000 lb × 99.5% = 11,940 lb anhydrous × 100% = 11,940 lb > 10,000 → reported.
      const row = run313(
        'epcra_313_otherwise_used',
        ammoniaLine('liquified gas', 12_000, CAS.ammonia, 99.5, {
          components: [component(CAS.ammonia, 'Ammonia', 99.5), component(CAS.water, 'Water', 0.5)],
        }),
      ).rows[0];
      expect(row).toMatchObject({ annual_lb: 11_940, exceeds: true });
      expect(row?.count_basis).toBe('Ammonia listing: anhydrous 11,940.00 lb × 100%');
    });

    it('a product named as a solution is aqueous without a water component: "Aqua Ammonia 30%" 10,000 lb → 300 lb', () => {
      // 10,000 × 30% = 3,000 lb aqueous × 10% = 300 lb ≤ 10,000.
      const line = ammoniaLine('liquid', 10_000, CAS.ammonia, 30, { product_name: 'Aqua Ammonia 30%' });
      const row = run313('epcra_313_otherwise_used', line).rows[0];
      expect(row).toMatchObject({
        annual_lb: 300,
        count_basis: 'Ammonia listing: aqueous 3,000.00 lb × 10%',
      });
      expect(row?.explanation.notes).toContain(
        `Aqua Ammonia 30% (line ${line.inventory_product_id}) at WAREHOUSE: 3,000.00 lb; 30% ammonia in a product named as a solution ("Aqua Ammonia 30%") → aqueous, 10% counted.`,
      );
    });

    it('a liquid below 100% with no water and no solution named is not shown to be aqueous: counted whole, the note says why', () => {
      // 10,000 × 30% = 3,000 lb × 100% = 3,000 lb (never a silent 10%: 300 lb before).
      const line = ammoniaLine('liquid', 10_000, CAS.ammonia, 30);
      const row = run313('epcra_313_otherwise_used', line).rows[0];
      expect(row).toMatchObject({
        annual_lb: 3_000,
        count_basis: 'Ammonia listing: not determined 3,000.00 lb × 100%',
      });
      expect(row?.explanation.notes).toContain(
        `${line.product_name} (line ${line.inventory_product_id}) at WAREHOUSE: 3,000.00 lb; 30% ammonia recorded as liquid, with no water 7732-18-5 component and no solution in the product's name: not shown to be a water solution (record water 7732-18-5 on the product if it is one) → not determined, 100% counted.`,
      );
    });

    it('ammonium hydroxide 1336-21-6 counts under 7664-41-7 as aqueous ammonia, with anhydrous beside it', () => {
      // Hydroxide: 20,000 lb × 29.4% = 5,880 lb aqueous × 10% = 588 lb.
      // Anhydrous: 9,500 lb compressed gas × 100% = 9,500 lb. Counted 9,500 + 588 = 10,088 lb > 10,000.
      // Before: 1336-21-6 is not on the 313 list, so its pounds were dropped and 9,500 × 0.1 = 950 lb.
      const hydroxide = ammoniaLine('liquid', 20_000, CAS.ammoniumHydroxide, 29.4);
      const anhydrous = ammoniaLine('compressed gas', 9_500, CAS.ammonia, 100);
      const result = run313('epcra_313_otherwise_used', hydroxide, anhydrous);
      expect(result.rows).toHaveLength(1);
      const row = result.rows[0];
      expect(row).toMatchObject({
        cas_number: CAS.ammonia,
        chemical_name: 'Ammonia',
        annual_lb: 10_088,
        exceeds: true,
      });
      expect(row?.component_names).toEqual(['Ammonia', 'Ammonium hydroxide']);
      expect(row?.count_basis).toBe(
        'Ammonia listing: anhydrous 9,500.00 lb × 100% + aqueous 5,880.00 lb × 10%',
      );
      expect(row?.explanation.contributions.map((c) => c.pounds_contributed)).toEqual([5_880, 9_500]);
      expect(row?.explanation.notes).toEqual([
        'Otherwise used: > 10,000 lb per year.',
        AMMONIA_RULE_NOTE,
        `${hydroxide.product_name} (line ${hydroxide.inventory_product_id}) at WAREHOUSE: 5,880.00 lb; ammonium hydroxide 1336-21-6 is ammonia in water (GuideME Q550) → aqueous, 10% counted.`,
        `${anhydrous.product_name} (line ${anhydrous.inventory_product_id}) at WAREHOUSE: 9,500.00 lb; 100% ammonia recorded as compressed gas: ammonia of 99% or more is anhydrous ammonia whatever state is recorded → anhydrous, 100% counted.`,
        'Anhydrous: 9,500.00 lb × 100% = 9,500.00 lb counted.',
        'Aqueous (ammonium hydroxide 1336-21-6 included as aqueous ammonia, GuideME Q550): 5,880.00 lb × 10% = 588.00 lb counted.',
        'Counted in all: 10,088.00 lb.',
        expect.stringMatching(/^Form A possible \(40 CFR 372\.27\) only if all hold/),
      ]);
    });

    it('a gas mixture with a little ammonia and no water is not a solution: counted whole', () => {
      // 2,000 lb × 5% = 100 lb × 100% = 100 lb.
      const row = run313('epcra_313_otherwise_used', ammoniaLine('compressed gas', 2_000, CAS.ammonia, 5))
        .rows[0];
      expect(row).toMatchObject({
        annual_lb: 100,
        count_basis: 'Ammonia listing: anhydrous 100.00 lb × 100%',
      });
    });

    it('a solid with ammonia cannot be placed: counted in full, and the note says to check it', () => {
      // 2,000 lb × 50% = 1,000 lb at 100% (never a silent 10%).
      const line = ammoniaLine('solid', 2_000, CAS.ammonia, 50);
      const row = run313('epcra_313_otherwise_used', line).rows[0];
      expect(row?.annual_lb).toBe(1_000);
      expect(row?.explanation.notes).toContain(
        `${line.product_name} (line ${line.inventory_product_id}) at WAREHOUSE: 1,000.00 lb; 50% ammonia recorded as solid, with no water 7732-18-5 component and no solution in the product's name: not shown to be a water solution (record water 7732-18-5 on the product if it is one) → not determined, 100% counted.`,
      );
    });
  });

  describe('PFAS and PBT markers (372.28; 88 FR 74360)', () => {
    it('PFOA marked PFAS: 0.5% of 30,000 lb processed = 150 lb > 100 lb, no de minimis, no Form A', () => {
      // 30,000 × 0.5% = 150 lb; threshold 100 lb; 0.5% < 1% would be de minimis for an ordinary chemical.
      const row = run313(
        'epcra_313_processed',
        stored(10, {
          is_processed: true,
          annual_pounds: { processed: 30_000 },
          components: [component(CAS.pfoa, 'PFOA', 0.5)],
        }),
      ).rows[0];
      expect(row).toMatchObject({
        is_pfas: true,
        threshold_lb: 100,
        annual_lb: 150,
        exceeds: true,
        form_a_possible: false,
        form_a: 'No: PFAS',
      });
      expect(row?.explanation.excluded).toEqual([]);
      expect(row?.explanation.notes[0]).toBe(
        'PFAS (chemical of special concern): threshold 100 lb, no de minimis, no Form A.',
      );
    });

    it('a per-chemical threshold below the general one is a 372.28 threshold: mercury 10 lb, no de minimis', () => {
      // 5,000 lb × 0.3% = 15 lb > 10 lb; with no PBT column the list's 10 lb marks it.
      const lists = {
        entries: [
          {
            ...LISTS.entries[0]!,
            list_type: '313' as const,
            chemical_name: 'Mercury',
            cas_number: '7439-97-6',
            threshold_quantity_lbs: 10,
          },
        ],
      };
      const row = computeReport(
        'epcra_313_otherwise_used',
        snapshot([
          stored(10, {
            is_otherwise_used: true,
            annual_pounds: { otherwise_used: 5_000 },
            components: [component('7439-97-6', 'Mercury', 0.3)],
          }),
        ]),
        lists,
      ).rows[0];
      expect(row).toMatchObject({
        annual_lb: 15,
        threshold_lb: 10,
        exceeds: true,
        is_pbt: true,
        form_a: 'No: PBT chemical',
      });
    });

    it('a 313 list with no PBT, PFAS or threshold column: the warning says the built-in tables decided', () => {
      const lists = {
        entries: LISTS.entries.filter((e) => e.list_type === '313' && !e.is_pbt && !e.is_pfas),
      };
      const result = computeReport('epcra_313_processed', snapshot([]), lists);
      expect(result.warnings.map((w) => [w.code, w.inventory_product_id])).toEqual([
        ['list_without_markers', null],
      ]);
      expect(result.warnings[0]?.message).toMatch(
        /^EPCRA 313 list markers: PBT from 40 CFR 372\.28 \(built in\), the uploaded list has no PBT column; PFAS from NDAA FY2020 section 7321 and EPA's later additions \(built in, \d+ CAS numbers\), the uploaded list has no PFAS column\./,
      );
      // The shipped fixture marks lead PBT and PFOA PFAS: its own columns decide, no warning.
      expect(run313('epcra_313_processed').warnings).toEqual([]);
    });
  });

  describe('point 6 (issue 31): PBT chemicals and PFAS known by CAS when the list has no such column', () => {
    const PFOS = '1763-23-1';
    const MERCURY = '7439-97-6';
    const ALDRIN = '309-00-2';
    /** EPA's own layout (../shared/data/list-313.csv): name, CAS, category, no PBT / PFAS / threshold column. */
    const epaLayout = (...rows: [string, string, string?][]) => ({
      entries: rows.map(([chemical_name, cas_number, category]) => ({
        list_type: '313' as const,
        chemical_name,
        cas_number,
        ...(category ? { category } : {}),
        threshold_quantity_lbs: null,
        final_reportable_quantity_lb: null,
      })),
    });
    const EPA_LIST = epaLayout(
      ['Perfluorooctane sulfonic acid', PFOS],
      ['Mercury', MERCURY],
      ['Mercury compounds', '', 'N458'],
      ['Aldrin', ALDRIN],
      ['Toluene', CAS.toluene],
    );
    const usedLine = (cas: string, name: string, pct: number, annual: number) =>
      stored(10, {
        is_otherwise_used: true,
        annual_pounds: { otherwise_used: annual },
        components: [component(cas, name, pct)],
      });

    it('PFOS 0.8% of 20,000 lb otherwise used = 160 lb > 100 lb: PFAS by CAS, no de minimis, no Form A', () => {
      // 20,000 × 0.8% = 160 lb; PFAS threshold 100 lb (NDAA 7321(b)(2)), no de minimis (88 FR 74360) → reported.
      // Before: tested at 10,000 lb with de minimis, 0.8% < 1% → 0 lb, "not reportable".
      const row = computeReport(
        'epcra_313_otherwise_used',
        snapshot([usedLine(PFOS, 'PFOS', 0.8, 20_000)]),
        EPA_LIST,
      ).rows.find((r) => r.cas_number === PFOS);
      expect(row).toMatchObject({
        is_pfas: true,
        is_pbt: false,
        annual_lb: 160,
        threshold_lb: 100,
        exceeds: true,
        form_a: 'No: PFAS',
      });
      expect(row?.explanation.excluded).toEqual([]);
      expect(row?.explanation.notes[0]).toBe(
        'PFAS (chemical of special concern): threshold 100 lb, no de minimis, no Form A. PFAS by CAS from NDAA FY2020 section 7321 (built in): the uploaded list has no PFAS column.',
      );
    });

    it('mercury 0.5% of 3,000 lb otherwise used = 15 lb > 10 lb: PBT by CAS from 40 CFR 372.28', () => {
      // 3,000 × 0.5% = 15 lb; 372.28 threshold for mercury 10 lb, no de minimis → reported, Form R only.
      // Before: 0.5% < 1% de minimis → 0 lb ≤ 10,000.
      const row = computeReport(
        'epcra_313_otherwise_used',
        snapshot([usedLine(MERCURY, 'Mercury', 0.5, 3_000)]),
        EPA_LIST,
      ).rows.find((r) => r.cas_number === MERCURY);
      expect(row).toMatchObject({
        is_pbt: true,
        annual_lb: 15,
        threshold_lb: 10,
        exceeds: true,
        form_a: 'No: PBT chemical',
      });
      expect(row?.explanation.notes[0]).toBe(
        'PBT chemical: threshold 10 lb from 40 CFR 372.28 (built in: the uploaded list has no PBT column), no de minimis.',
      );
    });

    it('aldrin (372.28: 100 lb) at 120 lb is reported; toluene keeps the general threshold and de minimis', () => {
      // Aldrin: 12,000 × 1% = 120 lb > 100 lb. Toluene: 12,000 × 0.5% → de minimis, 0 lb ≤ 10,000.
      const result = computeReport(
        'epcra_313_otherwise_used',
        snapshot([
          stored(10, {
            is_otherwise_used: true,
            annual_pounds: { otherwise_used: 12_000 },
            components: [component(ALDRIN, 'Aldrin', 1), component(CAS.toluene, 'Toluene', 0.5)],
          }),
        ]),
        EPA_LIST,
      );
      expect(result.rows.find((r) => r.cas_number === ALDRIN)).toMatchObject({
        is_pbt: true,
        annual_lb: 120,
        threshold_lb: 100,
        exceeds: true,
      });
      expect(result.rows.find((r) => r.cas_number === CAS.toluene)).toMatchObject({
        is_pbt: false,
        is_pfas: false,
        annual_lb: 0,
        threshold_lb: 10_000,
      });
      // Mercury compounds N458 has no CAS: still the category note, now with its 372.28 threshold.
      expect(result.notes).toContain(
        '1 category listing(s) of the 313 list have no CAS number and are not matched by the engine; check the products against them by hand: N458 Mercury compounds (PBT, 40 CFR 372.28: 10 lb).',
      );
    });

    it("a list's own PFAS column wins where present; the warning names the chemical the built-in table would mark", () => {
      // The list marks PFOA only: PFOS is then an ordinary listing, 20,000 × 0.8% → de minimis, 0 lb.
      const lists = {
        entries: [
          ...EPA_LIST.entries,
          {
            ...EPA_LIST.entries[0]!,
            chemical_name: 'Perfluorooctanoic acid',
            cas_number: CAS.pfoa,
            is_pfas: true,
          },
        ],
      };
      const result = computeReport(
        'epcra_313_otherwise_used',
        snapshot([usedLine(PFOS, 'PFOS', 0.8, 20_000)]),
        lists,
      );
      expect(result.rows.find((r) => r.cas_number === PFOS)).toMatchObject({
        is_pfas: false,
        annual_lb: 0,
        threshold_lb: 10_000,
      });
      expect(result.warnings.map((w) => w.message)).toEqual([
        expect.stringMatching(
          /^EPCRA 313 list markers: PBT from 40 CFR 372\.28 \(built in\), the uploaded list has no PBT column; PFAS from the uploaded list's PFAS column\. /,
        ),
      ]);
      expect(result.warnings[0]?.message).toContain(
        "The uploaded list's PFAS column does not mark 1 chemical(s) that NDAA FY2020 section 7321 lists as PFAS: Perfluorooctane sulfonic acid 1763-23-1.",
      );
    });

    it('a list that marks mercury PBT without a threshold takes 10 lb from 40 CFR 372.28, not 100 lb', () => {
      // 3,000 × 0.5% = 15 lb > 10 lb. Before: the list's PBT mark with no threshold read 100 lb: 15 ≤ 100.
      const lists = epaLayout(['Mercury', MERCURY]);
      const marked = { entries: lists.entries.map((e) => ({ ...e, is_pbt: true })) };
      const row = computeReport(
        'epcra_313_otherwise_used',
        snapshot([usedLine(MERCURY, 'Mercury', 0.5, 3_000)]),
        marked,
      ).rows[0];
      expect(row).toMatchObject({ is_pbt: true, annual_lb: 15, threshold_lb: 10, exceeds: true });
      expect(row?.explanation.notes[0]).toBe(
        'PBT chemical (marked by the list): threshold 10 lb from 40 CFR 372.28 (built in), the list gives none; no de minimis.',
      );
    });
  });

  describe('Form A (40 CFR 372.27): conditions stated, the 500 lb reportable amount left to the user', () => {
    const toluene = (annual: number) =>
      stored(10, {
        is_processed: true,
        annual_pounds: { processed: annual },
        components: [component(CAS.toluene, 'Toluene', 100)],
      });

    it('is possible only for a chemical over its threshold, with the conditions in the note', () => {
      // 26,000 lb > 25,000 and ≤ 1,000,000, not PBT or PFAS → possible, if the reportable amount ≤ 500 lb.
      const over = run313('epcra_313_processed', toluene(26_000));
      expect(over.rows[0]).toMatchObject({
        exceeds: true,
        form_a_possible: true,
        form_a: 'Possible if the annual reportable amount is ≤ 500 lb (confirm)',
      });
      expect(over.rows[0]?.explanation.notes).toContain(
        'Form A possible (40 CFR 372.27) only if all hold: not a PBT or PFAS (holds); 26,000.00 lb processed ≤ 1,000,000 lb (holds; the other two activities must not exceed it either); and an annual reportable amount (releases and other waste management) of ≤ 500 lb, which the inventory does not record: the user confirms it.',
      );
      expect(over.notes).toContain(
        "Form A (40 CFR 372.27) is shown as possible only for a chemical that exceeds its threshold, is not a PBT or PFAS, and whose amount in the activity is at most 1,000,000 lb; it also needs an annual reportable amount (releases and other waste management) of at most 500 lb, which the inventory does not record: that figure is the user's to confirm.",
      );
      // 20,000 lb ≤ 25,000: nothing to file, so no Form A either (before: "Form A possible" Y).
      expect(run313('epcra_313_processed', toluene(20_000)).rows[0]).toMatchObject({
        exceeds: false,
        form_a_possible: false,
        form_a: '',
      });
      // 1,000,001 lb > 1,000,000: Form R.
      expect(run313('epcra_313_processed', toluene(1_000_001)).rows[0]).toMatchObject({
        form_a_possible: false,
        form_a: 'No: more than 1,000,000 lb',
      });
    });
  });

  describe('qualified listings (372.65): a line counts only when marked as meeting the qualifier', () => {
    it('sulfuric acid (acid aerosols): the unmarked line goes to the check block, never into the threshold table', () => {
      // A, marked: 8,000 lb × 98% = 7,840 lb counted; B, not marked: 5,000 lb × 98% = 4,900 lb not counted.
      // 7,840 ≤ 10,000 → not exceeded. Before: 7,840 + 4,900 = 12,740 lb > 10,000, "exceeded".
      const acid = (annual: number, marked: boolean) =>
        stored(10, {
          physical_state: 'liquid',
          is_otherwise_used: true,
          meets_313_qualifier: marked,
          annual_pounds: { otherwise_used: annual },
          components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 98)],
        });
      const marked = acid(8_000, true);
      const unmarked = acid(5_000, false);
      const result = run313('epcra_313_otherwise_used', marked, unmarked);
      expect(result.rows).toHaveLength(1);
      expect(result.rows[0]).toMatchObject({
        qualifier:
          'acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size',
        annual_lb: 7_840,
        exceeds: false,
      });
      expect(result.rows[0]?.explanation.contributions.map((c) => c.inventory_product_id)).toEqual([
        marked.inventory_product_id,
      ]);
      expect(result.qualified_check).toEqual([
        expect.objectContaining({
          cas_number: CAS.sulfuricAcid,
          unmarked_lb: 4_900,
          counted_lb: 7_840,
          threshold_lb: 10_000,
        }),
      ]);
      expect(result.qualified_check[0]?.explanation.contributions.map((c) => c.inventory_product_id)).toEqual(
        [unmarked.inventory_product_id],
      );
      // Only unmarked lines: no row in the threshold table at all, 12,740 lb only in the check block.
      const none = run313('epcra_313_otherwise_used', acid(8_000, false), acid(5_000, false));
      expect(none.rows).toEqual([]);
      expect(none.qualified_check[0]).toMatchObject({ unmarked_lb: 12_740, counted_lb: 0 });
    });
  });

  it('adds a chemical up across lines and products of the activity: 15,000 + 12,000 lb xylene = 27,000 lb > 25,000', () => {
    // A: annual 30,000 × 50% = 15,000 lb; B: annual 40,000 × 30% = 12,000 lb.
    const row = run313(
      'epcra_313_processed',
      stored(10, {
        is_processed: true,
        annual_pounds: { processed: 30_000 },
        components: [component(CAS.xylene, 'Xylene', 50)],
      }),
      stored(10, {
        is_processed: true,
        annual_pounds: { processed: 40_000 },
        components: [component(CAS.xylene, 'Xylenes', 30)],
      }),
    ).rows[0];
    expect(row).toMatchObject({ chemical_name: 'Xylene (mixed isomers)', annual_lb: 27_000, exceeds: true });
  });

  it('names the category listings it cannot match by CAS', () => {
    const result = run313('epcra_313_processed');
    expect(result.notes).toContain(
      '1 category listing(s) of the 313 list have no CAS number and are not matched by the engine; check the products against them by hand: N230 Certain glycol ethers.',
    );
  });
});

describe('percent ranges: each programme takes the point its rule asks (issue 21 point 9)', () => {
  it('30-60% toluene: 313 takes the midpoint 45%, Tier II the upper bound 60%, and both explanations show the range', () => {
    // 40,000 lb otherwise used, toluene 30-60%.
    // 313 (GuideME Q174): midpoint (30 + 60) / 2 = 45% → 40,000 × 45% = 18,000 lb > 10,000 → exceeded.
    // Tier II (component option, rules §0.1 upper bound): 40,000 × 60% = 24,000 lb ≥ 10,000 → reportable.
    const solvent = stored(40_000, {
      is_sara_f: true,
      is_otherwise_used: true,
      annual_pounds: { otherwise_used: 40_000 },
      components: [
        component(CAS.toluene, 'Toluene', null, { percentage_weight_low: 30, percentage_weight_high: 60 }),
      ],
    });
    const tri = run313('epcra_313_otherwise_used', solvent).rows[0];
    expect(tri).toMatchObject({ annual_lb: 18_000, exceeds: true });
    expect(tri?.explanation.contributions[0]).toMatchObject({
      percent_weight: 45,
      percent_range: '30–60%: midpoint',
    });
    const tier2 = computeReport('epcra_311_312_tier2', snapshot([solvent]), LISTS, {
      tier2_non_ehs_basis: 'component',
    }).rows.find((row) => row.cas_number === CAS.toluene);
    expect(tier2).toMatchObject({ max_amount_lb: 24_000, reportable: true });
    expect(tier2?.explanation.contributions[0]).toMatchObject({
      percent_weight: 60,
      percent_range: '30–60%: upper bound',
    });
  });

  it('">90%" in 313: the midpoint between 90% and 100% less the other components; "<5%": the upper bound', () => {
    // Toluene >90% beside water 4% and xylene <5% (whose least possible share is 0%): highest
    // possible 100 - 4 - 0 = 96% (GuideME Q175) → midpoint (90 + 96) / 2 = 93%; 20,000 lb × 93% =
    // 18,600 lb. Xylene <5%: only the upper bound known (GuideME Q176) → 5%: 20,000 × 5% = 1,000 lb.
    const result = run313(
      'epcra_313_otherwise_used',
      stored(20_000, {
        is_otherwise_used: true,
        annual_pounds: { otherwise_used: 20_000 },
        components: [
          component(CAS.toluene, 'Toluene', null, { percentage_weight_low: 90 }),
          component(CAS.water, 'Water', 4),
          component(CAS.xylene, 'Xylene', null, { percentage_weight_high: 5 }),
        ],
      }),
    );
    const toluene = result.rows.find((row) => row.cas_number === CAS.toluene);
    expect(toluene?.annual_lb).toBe(18_600);
    expect(toluene?.explanation.contributions[0]?.percent_range).toBe(
      '>90%: midpoint (96%: 100% less the other components)',
    );
    const xylene = result.rows.find((row) => row.cas_number === CAS.xylene);
    expect(xylene?.annual_lb).toBe(1000);
    expect(xylene?.explanation.contributions[0]?.percent_range).toBe(
      '<5%: the upper bound, the only one known',
    );
  });
});

describe('the built-in 372.28 PBT and NDAA PFAS tables (issue 31 point 6)', () => {
  it('every CAS number passes its check digit and appears once', () => {
    const all = [...TRI_PBT_CHEMICALS, ...TRI_NDAA_PFAS].map((entry) => entry.cas_number);
    expect(all.filter((cas) => !isValidCasNumber(cas))).toEqual([]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('holds 372.28 table 1 (16 chemicals: 10 lb or 100 lb) and its 5 categories, dioxin at 0.1 g', () => {
    expect(TRI_PBT_CHEMICALS).toHaveLength(16);
    expect(TRI_PBT_CHEMICALS.every((e) => e.threshold_lb === 10 || e.threshold_lb === 100)).toBe(true);
    expect(TRI_PBT_CHEMICALS.filter((e) => e.threshold_lb === 100).map((e) => e.chemical_name)).toEqual([
      'Aldrin',
      'Lead',
      'Methoxychlor',
      'Pendimethalin',
      'Tetrabromobisphenol A',
      'Trifluralin',
    ]);
    expect(TRI_PBT_CATEGORIES.map((c) => [c.category, c.threshold_text])).toEqual([
      ['N150', '0.1 g'],
      ['N270', '100 lb'],
      ['N420', '100 lb'],
      ['N458', '10 lb'],
      ['N590', '100 lb'],
    ]);
    // 0.1 g ÷ 453.59237 g/lb = 0.00022046 lb.
    expect(TRI_DIOXIN_THRESHOLD_LB).toBeCloseTo(0.00022046, 8);
  });

  it('holds the 14 chemicals section 7321(b)(1) names by CAS', () => {
    expect(
      TRI_NDAA_PFAS.filter((e) => e.source === 'NDAA FY2020 section 7321(b)(1)').map((e) => e.cas_number),
    ).toEqual([
      '335-67-1',
      '3825-26-1',
      '335-95-5',
      '68141-02-6',
      '1763-23-1',
      '2795-39-3',
      '29457-72-5',
      '56773-42-3',
      '29081-56-9',
      '70225-14-8',
      '13252-13-6',
      '62037-80-3',
      '375-95-1',
      '355-46-4',
    ]);
  });
});

// Issue 33 point 2: toluene otherwise used, 2 × 55 gal with no density and no annual amount: pounds
// unknown; the 10,000 lb otherwise-used threshold cannot be determined. With 12,000 lb used in the
// year on another line (> 10,000), it is exceeded whatever the drums weigh.
describe('EPCRA 313 with pounds unknown (issue 33 point 2)', () => {
  const drums = line({
    inventory_product_id: 99,
    product_id: 23,
    product_name: 'Solvent T',
    container_size: 55,
    container_quantity: 2,
    pounds_per_gallon: null,
    is_otherwise_used: true,
    components: [component(CAS.toluene, 'Toluene', 100)],
  });

  it('the row cannot be determined', () => {
    const result = run313('epcra_313_otherwise_used', drums);
    expect(result.rows[0]).toMatchObject({
      exceeds: false,
      cannot_be_determined: 'cannot be determined: Specific Gravity or Pounds per Gallon',
    });
    expect(result.header_facts?.[0]?.value).toBe(
      'Toluene: cannot be determined: Specific Gravity or Pounds per Gallon',
    );
  });

  it('a known amount over the threshold keeps it exceeded', () => {
    const used = stored(800, {
      inventory_product_id: 100,
      is_otherwise_used: true,
      annual_pounds: { otherwise_used: 12_000 },
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const result = run313('epcra_313_otherwise_used', used, drums);
    expect(result.rows[0]).toMatchObject({ exceeds: true, cannot_be_determined: null });
  });
});
