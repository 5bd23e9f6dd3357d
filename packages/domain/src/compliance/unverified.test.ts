import { describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../shared/enums.ts';
import { createComplianceContext } from './context.ts';
import { isReportAvailable, runReport } from './registry.ts';
import { LISTS, line, snapshot, stored } from './test-fixtures.ts';
import { unverifiedGroups, unverifiedSummary } from './unverified.ts';

const carried = (id: number, year: number, name = `Product ${id}`) =>
  line({ inventory_product_id: id, product_name: name, carried_over_from_year: year });
const question = (id: number) =>
  line({ inventory_product_id: id, product_name: `Product ${id}`, has_open_question: true });

describe('unverified lines (issue 22 §5)', () => {
  it('counts lines and questions with the right singular or plural', () => {
    expect(unverifiedSummary(unverifiedGroups([carried(1, 2025), question(2)]))).toBe(
      '1 line carried over from 2025 not yet checked; 1 open question',
    );
    expect(
      unverifiedSummary(
        unverifiedGroups([carried(1, 2025), carried(2, 2025), carried(3, 2025), question(4)]),
      ),
    ).toBe('3 lines carried over from 2025 not yet checked; 1 open question');
    expect(unverifiedSummary(unverifiedGroups([question(1), question(2)]))).toBe('2 open questions');
  });

  it('names every year the unchecked lines came from', () => {
    expect(unverifiedSummary(unverifiedGroups([carried(1, 2025), carried(2, 2023), carried(3, 2024)]))).toBe(
      '3 lines carried over from 2023, 2024 and 2025 not yet checked',
    );
    expect(unverifiedSummary(unverifiedGroups([carried(1, 2025), carried(2, 2024)]))).toBe(
      '2 lines carried over from 2024 and 2025 not yet checked',
    );
  });

  it('says nothing when every line is confirmed', () => {
    const lines = [line({ carried_over_from_year: null, has_open_question: false }), line()];
    expect(unverifiedGroups(lines)).toEqual([]);
    expect(unverifiedSummary([])).toBe('');
  });

  it("puts one warning per group first in every report's warnings, naming each line", () => {
    const context = createComplianceContext(
      snapshot([
        stored(100, {
          inventory_product_id: 7,
          product_name: 'Toluene',
          location_stored: 'TANK FARM',
          carried_over_from_year: 2025,
        }),
        stored(50, {
          inventory_product_id: 8,
          product_name: 'Acetone',
          location_stored: 'SHED',
          has_open_question: true,
        }),
      ]),
      LISTS,
    );
    for (const type of REPORT_TYPES.filter(isReportAvailable)) {
      const messages = runReport(type, context)
        .warnings.filter(
          (warning) => warning.code === 'unchecked_carry_over' || warning.code === 'open_question',
        )
        .map((warning) => warning.message);
      expect(messages, type).toEqual([
        '1 line carried over from 2025 not yet checked (copied figures, not yet confirmed this year): Toluene at TANK FARM (line 7)',
        '1 open question (figures may change once answered): Acetone at SHED (line 8)',
      ]);
    }
  });
});
