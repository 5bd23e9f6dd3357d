import { describe, expect, it } from 'vitest';
import {
  type ChangeSummary,
  CreateDbEntryRequestSchema,
  type DbEntryRow,
  DbEntryTypeParamSchema,
  describeChangeSummary,
  REFERENCE_LIST_MSG,
  sampleListsNotice,
} from './index.ts';

const SUMMARY: ChangeSummary = {
  type: 'rmp',
  total: 40,
  previous_total: 39,
  added_count: 2,
  removed_count: 1,
  changed_count: 3,
  unchanged_count: 35,
  added: [],
  removed: [],
  changed: [],
  warnings: [],
  warning_count: 0,
  no_cas_count: 0,
  no_cas_rows: [],
};

describe('the change summary notice', () => {
  it('says the rows and what changed', () => {
    expect(REFERENCE_LIST_MSG.created('rmp', describeChangeSummary(SUMMARY))).toBe(
      'RMP list uploaded successfully: 40 rows: 2 added, 1 removed, 3 changed',
    );
  });

  it('counts the warnings, one or many', () => {
    expect(describeChangeSummary({ ...SUMMARY, warning_count: 1 })).toBe(
      '40 rows: 2 added, 1 removed, 3 changed; 1 warning',
    );
    expect(describeChangeSummary({ ...SUMMARY, warning_count: 4 })).toBe(
      '40 rows: 2 added, 1 removed, 3 changed; 4 warnings',
    );
  });

  it('warns of rows without a CAS number, which can never match a product', () => {
    expect(describeChangeSummary({ ...SUMMARY, no_cas_count: 1, no_cas_rows: [7] })).toBe(
      '40 rows: 2 added, 1 removed, 3 changed; 1 row has no CAS number and can never match a product',
    );
    expect(describeChangeSummary({ ...SUMMARY, no_cas_count: 2, no_cas_rows: [7, 9] })).toBe(
      '40 rows: 2 added, 1 removed, 3 changed; 2 rows have no CAS number and can never match a product',
    );
  });
});

describe('the create body', () => {
  it('takes the type, a name and the upload answer', () => {
    expect(
      CreateDbEntryRequestSchema.parse({
        type: '313',
        name: ' TRI 2025.xlsx ',
        db_entry: { filepath: 'database/2026/11/x.xlsx', original_name: 'TRI 2025.xlsx' },
      }),
    ).toEqual({
      type: '313',
      name: 'TRI 2025.xlsx',
      db_entry: { filepath: 'database/2026/11/x.xlsx', original_name: 'TRI 2025.xlsx' },
    });
  });

  it('names the type and the file when they are missing or wrong', () => {
    const result = CreateDbEntryRequestSchema.safeParse({ type: 'epcra', db_entry: { filepath: '' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['type', REFERENCE_LIST_MSG.typeInvalid],
      ['db_entry.filepath', REFERENCE_LIST_MSG.fileRequired],
    ]);
    expect(DbEntryTypeParamSchema.safeParse({ type: 'PSM' }).success).toBe(false);
  });
});

describe('sampleListsNotice (issue 33 point 1: the admin’s home line)', () => {
  const row = (type: DbEntryRow['type'], isSample: boolean | null): DbEntryRow => ({
    type,
    name: `list-${type}.csv`,
    updated_at: null,
    row_count: 5,
    current:
      isSample === null
        ? null
        : {
            id: 1,
            name: 'x.csv',
            updated_at: '2026-01-01T00:00:00Z',
            uploaded_by: null,
            is_sample: isSample,
            file: null,
          },
    previous: null,
  });

  it('names every list still a sample, and nothing once none is', () => {
    expect(sampleListsNotice([row('cercla', true), row('ehs', true), row('rmp', false)])).toBe(
      'Reference lists: the CERCLA, EHS lists are still a partial sample. Reports built on a sample say so; upload the current official lists on Database Entry before filing.',
    );
    expect(sampleListsNotice([row('psm', true), row('313', null)])).toBe(
      'Reference lists: the PSM list is still a partial sample. Reports built on a sample say so; upload the current official lists on Database Entry before filing.',
    );
    expect(sampleListsNotice([row('cercla', false), row('313', null)])).toBe('');
  });
});
