import { describe, expect, it } from 'vitest';
import {
  INVENTORY_MSG,
  InventoryListQuerySchema,
  inventoryYearFactIssues,
  inventoryYears,
  SaveInventoryRequestSchema,
} from './inventory.ts';

const body = { year: 2020, customer_id: 1, facility_id: 2 };
const errorsOf = (value: unknown) =>
  SaveInventoryRequestSchema.safeParse(value).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('inventory contract', () => {
  it('offers the years 2015 to the current one, newest first', () => {
    const years = inventoryYears(new Date(2026, 5, 1));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2015);
    expect(years).toHaveLength(12);
  });

  it('reads the year from a number or its text, and defaults the lists', () => {
    expect(SaveInventoryRequestSchema.parse({ ...body, year: ' 2019 ' })).toEqual({
      year: 2019,
      customer_id: 1,
      facility_id: 2,
      technician_ids: [],
    });
    expect(SaveInventoryRequestSchema.parse({ ...body, technician_ids: [3, 3, 4] }).technician_ids).toEqual([
      3, 4,
    ]);
  });

  it.each([
    [{ year: undefined }, 'year', INVENTORY_MSG.yearRequired],
    [{ year: null }, 'year', INVENTORY_MSG.yearRequired],
    [{ year: 2019.5 }, 'year', INVENTORY_MSG.yearRequired],
    [{ year: 2014 }, 'year', INVENTORY_MSG.yearRange(new Date().getFullYear())],
    [{ year: new Date().getFullYear() + 1 }, 'year', INVENTORY_MSG.yearRange(new Date().getFullYear())],
    [{ customer_id: undefined }, 'customer_id', 'Customer is required.'],
    [{ facility_id: 0 }, 'facility_id', 'Facility is required.'],
    [{ inventory_ids: [0] }, 'inventory_ids.0', INVENTORY_MSG.duplicateInvalid],
  ])('refuses %j', (patch, field, message) => {
    expect(errorsOf({ ...body, ...patch })).toEqual([[field, message]]);
  });

  it('reads the certifier and the EHS day: trimmed, null or empty clears, absent is left out', () => {
    expect(
      SaveInventoryRequestSchema.parse({
        ...body,
        certifier_name: '  Dana Reyes ',
        certifier_title: 'Plant Manager',
        date_signed: '2021-02-20',
        ehs_first_present_on: '2020-03-10',
      }),
    ).toMatchObject({
      certifier_name: 'Dana Reyes',
      certifier_title: 'Plant Manager',
      date_signed: '2021-02-20',
      ehs_first_present_on: '2020-03-10',
    });
    const cleared = SaveInventoryRequestSchema.parse({
      ...body,
      certifier_name: null,
      certifier_title: '',
      date_signed: '',
      ehs_first_present_on: null,
    });
    expect(cleared).toMatchObject({ certifier_name: '', certifier_title: '', date_signed: null });
    expect(cleared.ehs_first_present_on).toBeNull();
    const absent = SaveInventoryRequestSchema.parse(body);
    expect(['certifier_name', 'date_signed', 'ehs_first_present_on'].filter((key) => key in absent)).toEqual(
      [],
    );
  });

  it.each([
    [
      { certifier_name: 'x'.repeat(101) },
      'certifier_name',
      'Certifier name may not be greater than 100 characters.',
    ],
    [
      { certifier_title: 'x'.repeat(101) },
      'certifier_title',
      'Certifier title may not be greater than 100 characters.',
    ],
    [
      { certifier_name: '', certifier_title: 'President' },
      'certifier_name',
      'Certifier name is required with a title or a date signed.',
    ],
    [
      { certifier_name: ' ', date_signed: '2021-02-20' },
      'certifier_name',
      'Certifier name is required with a title or a date signed.',
    ],
    [
      { certifier_name: 'Dana Reyes', date_signed: '2021-02-30' },
      'date_signed',
      'Date signed must be a valid date.',
    ],
    [
      { certifier_name: 'Dana Reyes', date_signed: '2999-01-01' },
      'date_signed',
      'Date signed cannot be in the future.',
    ],
    [
      { ehs_first_present_on: '03/10/2020' },
      'ehs_first_present_on',
      'EHS first present on must be a valid date.',
    ],
    [
      { ehs_first_present_on: '2999-01-01' },
      'ehs_first_present_on',
      'EHS first present on cannot be in the future.',
    ],
    [
      { ehs_first_present_on: '2021-01-01' },
      'ehs_first_present_on',
      'EHS first present on cannot be after the inventory year 2020.',
    ],
  ])('refuses the filing facts %j', (patch, field, message) => {
    expect(errorsOf({ ...body, ...patch })).toEqual([[field, message]]);
  });

  it('checks the facts together as the server merges them with what is stored', () => {
    // A title sent alone, the stored name empty: refused; the stored name present: accepted.
    const merged = {
      certifier_name: '',
      certifier_title: 'President',
      date_signed: null,
      ehs_first_present_on: null,
    };
    expect(inventoryYearFactIssues(merged, 2020, '2026-01-10')).toEqual([
      { field: 'certifier_name', message: INVENTORY_MSG.certifierNameRequired },
    ]);
    expect(inventoryYearFactIssues({ ...merged, certifier_name: 'Dana Reyes' }, 2020, '2026-01-10')).toEqual(
      [],
    );
    // Today itself is not the future; the last day of the inventory year is within it.
    expect(
      inventoryYearFactIssues(
        {
          ...merged,
          certifier_name: 'Dana Reyes',
          date_signed: '2026-01-10',
          ehs_first_present_on: '2020-12-31',
        },
        2020,
        '2026-01-10',
      ),
    ).toEqual([]);
  });

  it('filters the list by all, active, completed or inactive', () => {
    for (const status of ['', 'active', 'completed', 'inactive']) {
      expect(InventoryListQuerySchema.parse({ status }).status).toBe(status);
    }
    expect(InventoryListQuerySchema.safeParse({ status: 'archived' }).success).toBe(false);
  });
});
