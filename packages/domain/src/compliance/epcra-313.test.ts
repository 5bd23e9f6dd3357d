import { describe, expect, it } from 'vitest';
import { type AvailableReportType, computeReport } from './registry.ts';
import { CAS, component, LISTS, snapshot, stored } from './test-fixtures.ts';
import type { SnapshotLine } from './types.ts';

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

  it('applies the list qualifier factor: 10,000 lb of 30% aqueous ammonia otherwise used → 3,000 lb × 0.1 = 300 lb (GuideME Q552)', () => {
    const row = run313(
      'epcra_313_otherwise_used',
      stored(10, {
        is_otherwise_used: true,
        annual_pounds: { otherwise_used: 10_000 },
        components: [component(CAS.ammonia, 'Ammonia', 30)],
      }),
    ).rows[0];
    expect(row).toMatchObject({ annual_lb: 300, exceeds: false });
    expect(row?.explanation.notes).toContain('List qualifier: 3,000.00 lb × 0.1 = 300.00 lb counted.');
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
