import { describe, expect, it } from 'vitest';
import {
  INVENTORY_MSG,
  InventoryListQuerySchema,
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

  it('filters the list by all, active, completed or inactive', () => {
    for (const status of ['', 'active', 'completed', 'inactive']) {
      expect(InventoryListQuerySchema.parse({ status }).status).toBe(status);
    }
    expect(InventoryListQuerySchema.safeParse({ status: 'archived' }).success).toBe(false);
  });
});
