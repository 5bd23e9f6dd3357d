import { describe, expect, it } from 'vitest';
import { referenceListColumns } from './reference-list-page.tsx';

describe('the data table columns of each list (spec 02 §2 "/database/{type}")', () => {
  it.each([
    ['cercla', ['Chemical Name', 'CAS #', 'Final Reportable Quantity']],
    ['rmp', ['Chemical Name', 'CAS #', 'Condition', 'Threshold Quantity']],
    ['psm', ['Chemical Name', 'CAS #', 'Threshold Quantity']],
    ['ehs', ['Chemical Name', 'CAS #', 'Threshold Quantity']],
    ['313', ['Chemical Name', 'CAS #']],
  ] as const)('%s: %j, every one sortable', (type, headers) => {
    const columns = referenceListColumns(type);
    expect(columns.map((column) => column.header)).toEqual(headers);
    expect(columns.every((column) => column.meta?.sortKey !== undefined)).toBe(true);
  });
});
