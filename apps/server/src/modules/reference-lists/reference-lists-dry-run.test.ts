import {
  type ChangeSummary,
  REFERENCE_LIST_MSG,
  type RegulatoryListType,
  type StoredFile,
} from '@chemtrack/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { type Cell, toCsv } from '../../../test/reference-files.ts';
import { createListEntry, uploadListFile } from '../../../test/uploads.ts';
import { auditLog, databaseEntries, files, regulatoryEntries } from '../../db/schema/index.ts';

/**
 * Issue 22 §6: a reference list is replaced only after the admin has seen what the upload
 * changes. `POST /db-entry/create?dry_run=1` answers that summary and writes nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CERCLA_HEADER: Cell[] = ['Chemical Name', 'CAS #', 'Final RQ (lb)'];

/** The list in place before the dry run: five rows. */
const CERCLA_BEFORE: Cell[][] = [
  CERCLA_HEADER,
  ['Ammonia', '7664-41-7', '100'],
  ['Chlorine', '7782-50-5', '10'],
  ['Benzene', '71-43-2', '1,000'],
  ['Toluene', '108-88-3', '1000'],
  ['Xylene (mixed isomers)', '1330-20-7', '100'],
];

/**
 * The upload, row by row against the list before it (file rows 2–8):
 * 2 Ammonia 100 → 1000: changed; 3 Chlorine "10.0" is 10: unchanged; 4 Benzene "1000" is "1,000":
 * unchanged; 5 Toluene "1,000" is "1000": unchanged; 6 Phosgene: added; 7 Glycol ethers without
 * a CAS number: added, no CAS; 8 "Varies" is no CAS number: added, no CAS, warned.
 * Xylene is not in the file: removed. 7 rows, 3 added, 1 removed, 1 changed, 3 unchanged.
 */
const CERCLA_AFTER: Cell[][] = [
  CERCLA_HEADER,
  ['Ammonia', '7664-41-7', '1000'],
  ['Chlorine', '7782-50-5', '10.0'],
  ['Benzene', '71-43-2', '1000'],
  ['Toluene', '108-88-3', '1,000'],
  ['Phosgene', '75-44-5', '10'],
  ['Glycol ethers', '', '1'],
  ['Mystery blend', 'Varies', '5'],
];

async function uploaded(filename: string, rows: Cell[][]): Promise<StoredFile> {
  const res = await uploadListFile(ctx, filename, toCsv(rows));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file;
}

function create(type: RegulatoryListType, file: StoredFile, query = '') {
  return ctx.call('admin', {
    method: 'POST',
    url: `/db-entry/create${query}`,
    payload: { type, name: file.original_name, db_entry: { filepath: file.filepath } },
  });
}

/** Everything a replacement writes: the entries, the uploads, the audit rows and the files. */
async function snapshot() {
  const db = ctx.database.db;
  const [entries, uploads, audit, stored] = await Promise.all([
    db.select().from(regulatoryEntries).orderBy(asc(regulatoryEntries.id)),
    db.select().from(databaseEntries).orderBy(asc(databaseEntries.id)),
    db.select().from(auditLog).orderBy(asc(auditLog.id)),
    db.select().from(files).orderBy(asc(files.id)),
  ]);
  return { entries, uploads, audit, stored };
}

describe('POST /db-entry/create?dry_run=1', () => {
  let preview: ChangeSummary;
  let file: StoredFile;

  it('answers the change summary counted by hand and writes nothing', async () => {
    const first = await createListEntry(ctx, 'cercla', 'cercla-2025.csv', toCsv(CERCLA_BEFORE));
    expect(first.statusCode, first.body).toBe(201);
    file = await uploaded('cercla-2026.csv', CERCLA_AFTER);
    const before = await snapshot();
    expect(before.entries).toHaveLength(5);

    const res = await create('cercla', file, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    preview = res.json().resource.summary;
    expect(res.json().resource.dry_run).toBe(true);
    expect(preview).toMatchObject({
      type: 'cercla',
      total: 7,
      previous_total: 5,
      added_count: 3,
      removed_count: 1,
      changed_count: 1,
      unchanged_count: 3,
      warning_count: 1,
      no_cas_count: 2,
      no_cas_rows: [7, 8],
    });
    expect(preview.added.map((row) => row.chemical_name)).toEqual([
      'Phosgene',
      'Glycol ethers',
      'Mystery blend',
    ]);
    expect(preview.removed.map((row) => row.cas_number)).toEqual(['1330-20-7']);
    expect(preview.changed).toEqual([
      {
        chemical_name: 'Ammonia',
        cas_number: '7664-41-7',
        category: '',
        condition: '',
        changes: ['Final Reportable Quantity: 100 → 1000'],
      },
    ]);
    expect(preview.warnings).toEqual([
      'Row 8: "Varies" (Mystery blend) is not a CAS number; the row is kept without one',
    ]);
    expect(res.json().message).toBe(
      'Nothing was changed yet. Replacing the CERCLA list with this file: 7 rows: 3 added, 1 removed, 1 changed; 1 warning; 2 rows have no CAS number and can never match a product',
    );

    // Row counts and contents: every row of every table the replacement writes is as it was.
    expect(await snapshot()).toEqual(before);
  });

  it('the confirmed replacement writes what the dry run said, and answers the same summary', async () => {
    const res = await create('cercla', file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.summary).toEqual(preview);
    expect(res.json().message).toBe(
      'CERCLA list uploaded successfully: 7 rows: 3 added, 1 removed, 1 changed; 1 warning; 2 rows have no CAS number and can never match a product',
    );
    const after = await snapshot();
    expect(
      after.entries
        .filter((row) => row.listType === 'cercla')
        .map((row) => [row.chemicalName, row.casNumber, Number(row.finalReportableQuantityLb)]),
    ).toEqual([
      ['Ammonia', '7664-41-7', 1000],
      ['Chlorine', '7782-50-5', 10],
      ['Benzene', '71-43-2', 1000],
      ['Toluene', '108-88-3', 1000],
      ['Phosgene', '75-44-5', 10],
      ['Glycol ethers', '', 1],
      ['Mystery blend', '', 5],
    ]);
    expect(after.uploads.at(-1)).toMatchObject({ type: 'cercla', name: 'cercla-2026.csv' });
    expect(after.audit.at(-1)).toMatchObject({
      entity: 'database_entry',
      action: 'create',
      details: { type: 'cercla', total: 7, added: 3, removed: 1, changed: 1 },
    });

    // The same file again: nothing to change.
    const again = await create('cercla', file, '?dry_run=true');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().resource.summary).toMatchObject({
      added_count: 0,
      removed_count: 0,
      changed_count: 0,
      unchanged_count: 7,
    });
  });

  it('a TPQ written "1,000" or "500/10,000" is the same as "1000" or "500/10000": no change', async () => {
    const header: Cell[] = ['Chemical Name', 'CAS #', 'TPQ'];
    const first = await createListEntry(
      ctx,
      'ehs',
      'ehs-2025.csv',
      toCsv([header, ['Acrolein', '107-02-8', '1,000'], ['Phenol', '108-95-2', '500/10,000']]),
    );
    expect(first.statusCode, first.body).toBe(201);
    const reformatted = await uploaded('ehs-2026.csv', [
      header,
      ['Acrolein', '107-02-8', '1000.0'],
      ['Phenol', '108-95-2', '500/10000'],
    ]);
    const res = await create('ehs', reformatted, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.summary).toMatchObject({
      total: 2,
      added_count: 0,
      removed_count: 0,
      changed_count: 0,
      unchanged_count: 2,
      no_cas_count: 0,
      no_cas_rows: [],
    });
  });

  it('a file that does not parse is the same 422 as without dry_run, and nothing is written', async () => {
    const bad = await uploaded('bad.csv', [CERCLA_HEADER, ['Ammonia', '7664-41-7', 'lots']]);
    const before = await snapshot();
    const res = await create('cercla', bad, '?dry_run=1');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: REFERENCE_LIST_MSG.parseFailed('cercla'),
      errors: { file: ['Row 2, Final RQ (lb): "lots" is not a number'] },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a dry_run that is not a yes or no with 422, writing nothing', async () => {
    const before = await snapshot();
    const res = await create('cercla', file, '?dry_run=maybe');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ dry_run: [REFERENCE_LIST_MSG.dryRunInvalid] });
    expect(await snapshot()).toEqual(before);
  });

  it('is an admin’s, like the replacement: staff get 403', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/db-entry/create?dry_run=1',
      payload: { type: 'cercla', db_entry: { filepath: file.filepath } },
    });
    expect(res.statusCode).toBe(403);
  });
});
