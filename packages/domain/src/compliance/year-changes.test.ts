import { describe, expect, it } from 'vitest';
import { type ChangeField, type ChemicalYearFacts, compareYears } from './year-changes.ts';

/** A chemical's facts: 04/04, 365 days, one location, not an EHS, covered by nothing, unless told. */
function facts(
  cas: string,
  name: string,
  values: Partial<Record<ChangeField, string>> = {},
): ChemicalYearFacts {
  return {
    key: cas,
    cas_number: cas,
    name,
    values: {
      max_amount_code: '04',
      average_amount_code: '04',
      days_on_site: '365',
      locations: 'WAREHOUSE',
      hazard_categories: 'Flammable (gases, aerosols, liquids, or solids)',
      is_ehs: 'No',
      covered_tier2: 'not covered',
      covered_epcra_302: 'not covered',
      covered_epcra_313: 'not covered',
      covered_rmp: 'not covered',
      covered_psm: 'not covered',
      ...values,
    },
  };
}

const byKey = (...all: ChemicalYearFacts[]) => new Map(all.map((one) => [one.key, one]));

describe('compareYears', () => {
  it('lists each moved field of a chemical in the fields order, coverage last, and nothing unchanged', () => {
    const before = byKey(facts('7664-41-7', 'Ammonia'), facts('67-64-1', 'Acetone'));
    const after = byKey(
      facts('7664-41-7', 'Ammonia', { days_on_site: '200', is_ehs: 'Yes', covered_epcra_302: 'covered' }),
      facts('67-64-1', 'Acetone'),
    );
    expect(compareYears(before, after)).toEqual({
      added: [],
      removed: [],
      changed: [
        { cas_number: '7664-41-7', name: 'Ammonia', field: 'days_on_site', before: '365', after: '200' },
        { cas_number: '7664-41-7', name: 'Ammonia', field: 'is_ehs', before: 'No', after: 'Yes' },
        {
          cas_number: '7664-41-7',
          name: 'Ammonia',
          field: 'covered_epcra_302',
          before: 'not covered',
          after: 'covered',
        },
      ],
    });
  });

  it('sorts added and removed chemicals by name', () => {
    const changes = compareYears(
      byKey(facts('1', 'Zinc'), facts('2', 'Argon')),
      byKey(facts('3', 'Xylene'), facts('4', 'Benzene')),
    );
    expect(changes.added.map((one) => one.name)).toEqual(['Benzene', 'Xylene']);
    expect(changes.removed.map((one) => one.name)).toEqual(['Argon', 'Zinc']);
    expect(changes.changed).toEqual([]);
  });
});
