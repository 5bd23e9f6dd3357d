import fs from 'node:fs';
import {
  type ChangeSummary,
  type DbEntryRow,
  REFERENCE_LIST_MSG,
  REGULATORY_LIST_TYPES,
  type RegulatoryEntryResource,
  type RegulatoryListType,
  UPLOAD_MSG,
  type UploadKind,
} from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { type Cell, toCsv, toXls, toXlsx, zipBombXlsx } from '../../../test/reference-files.ts';
import { createListEntry, LIST_MIME_TYPES, upload, uploadListFile } from '../../../test/uploads.ts';
import { readSeedList, seedReferenceLists } from '../../seed/reference-lists/load.ts';
import { createLocalFileStore } from '../../storage/file-store.ts';
import { uploadTempDir } from '../files/files.service.ts';
import { PARSE_MSG } from './parse-list.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HEADER: Cell[] = ['Chemical Name', 'CAS #', 'Condition', 'Threshold Quantity (lbs)'];
const FIRST_RMP: Cell[][] = [
  HEADER,
  ['Ammonia (anhydrous)', '7664-41-7', 'anhydrous', '10,000'],
  ['Ammonia (conc 20% or greater)', '7664-41-7', 'conc 20% or greater', '20,000'],
  ['Chlorine', '7782-50-5', '', '2,500'],
  ['Acrolein [2-Propenal]', '107-02-8', '', '5,000'],
  ['Bromine', '7726-95-6', '', '10,000'],
  ['Hydrogen chloride (anhydrous)', '7647-01-0', 'anhydrous', '5,000'],
];

const MIME = LIST_MIME_TYPES;

function uploadList(filename: string, content: Buffer, kind: UploadKind | null = 'database') {
  return uploadListFile(ctx, filename, content, kind);
}

function createEntry(type: RegulatoryListType, filename: string, content: Buffer) {
  return createListEntry(ctx, type, filename, content);
}

async function entries(type: RegulatoryListType, query = 'ipp=100'): Promise<RegulatoryEntryResource[]> {
  const res = await ctx.call('admin', { method: 'GET', url: `/db-entry-data/${type}/list?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource.items;
}

async function entryRow(type: RegulatoryListType): Promise<DbEntryRow> {
  const res = await ctx.call('admin', { method: 'GET', url: '/db-entry/list' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource.items.find((row: DbEntryRow) => row.type === type);
}

function tempFiles(): string[] {
  const dir = uploadTempDir(ctx.dataDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe('POST /file/upload kinds', () => {
  it('a reference list upload is an admin’s: staff get 403 and nothing is stored', async () => {
    const res = await upload(
      ctx,
      [{ filename: 'rmp.csv', content: toCsv(FIRST_RMP), contentType: 'text/csv' }],
      'staff',
      'database',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
    expect(tempFiles()).toEqual([]);
  });

  it('with no kind, accepts the general types (.pdf, .xls, .xlsx, .csv) and refuses others', async () => {
    for (const [name, content] of [
      ['list.csv', toCsv(FIRST_RMP)],
      ['list.xlsx', await toXlsx(FIRST_RMP)],
      ['list.xls', toXls(FIRST_RMP)],
    ] as const) {
      const res = await uploadList(name, content, null);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json().file).toMatchObject({ original_name: name, mime_type: MIME[name.split('.')[1]!] });
    }
    const text = await uploadList('notes.txt', Buffer.from('plain text'), null);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      message: UPLOAD_MSG.generalTypes,
      errors: { file: [UPLOAD_MSG.generalTypes] },
    });
  });

  it('a database kind refuses a PDF by its name, and an SDS stays PDF-only', async () => {
    const pdf = await uploadList('list.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(UPLOAD_MSG.databaseTypes);
    const sds = await uploadList('sds.csv', toCsv(FIRST_RMP), 'sds');
    expect(sds.statusCode).toBe(415);
    expect(sds.json().message).toBe(UPLOAD_MSG.pdfOnly);
  });
});

describe('POST /db-entry/create', () => {
  let first: ChangeSummary;

  it('parses the upload into the list of its type and answers what it holds', async () => {
    const res = await createEntry('rmp', 'rmp-2025.csv', toCsv(FIRST_RMP));
    expect(res.statusCode, res.body).toBe(201);
    first = res.json().resource.summary;
    expect(first).toMatchObject({
      total: 6,
      previous_total: 0,
      added_count: 6,
      removed_count: 0,
      changed_count: 0,
    });
    expect(res.json().message).toBe('RMP list uploaded successfully: 6 rows: 6 added, 0 removed, 0 changed');
    expect(res.json().resource.entry).toMatchObject({ type: 'rmp', name: 'rmp-2025.csv', row_count: 6 });
    const rows = await entries('rmp');
    expect(rows.map((row) => [row.cas_number, row.condition, row.threshold_quantity_lbs])).toEqual([
      ['107-02-8', '', 5000],
      ['7664-41-7', 'anhydrous', 10000],
      ['7664-41-7', 'conc 20% or greater', 20000],
      ['7726-95-6', '', 10000],
      ['7782-50-5', '', 2500],
      ['7647-01-0', 'anhydrous', 5000],
    ]);
  });

  it('a second upload (an .xlsx) replaces the list and summarises rows added, removed and changed', async () => {
    const second: Cell[][] = [
      HEADER,
      ['Ammonia (anhydrous)', '7664-41-7', 'anhydrous', '10,000'],
      // Changed: the threshold of one condition of a CAS that has two.
      ['Ammonia (conc 20% or greater)', '7664-41-7', 'conc 20% or greater', '15,000'],
      ['Chlorine', '7782-50-5', '', '2,500'],
      ['Bromine', '7726-95-6', '', '10,000'],
      ['Hydrogen chloride (anhydrous)', '7647-01-0', 'anhydrous', '5,000'],
      // Added: a new CAS, and a new condition of a CAS already listed.
      ['Arsine', '7784-42-1', '', '1,000'],
      ['Hydrochloric acid (conc 37% or greater)', '7647-01-0', 'conc 37% or greater', '15,000'],
    ];
    const before = await entryRow('rmp');
    const res = await createEntry('rmp', 'rmp-2026.xlsx', await toXlsx(second));
    expect(res.statusCode, res.body).toBe(201);
    const summary: ChangeSummary = res.json().resource.summary;
    expect(summary).toMatchObject({
      total: 7,
      previous_total: 6,
      added_count: 2,
      removed_count: 1,
      changed_count: 1,
      unchanged_count: 4,
      warning_count: 0,
    });
    expect(summary.added.map((row) => [row.cas_number, row.condition])).toEqual([
      ['7784-42-1', ''],
      ['7647-01-0', 'conc 37% or greater'],
    ]);
    expect(summary.removed.map((row) => row.cas_number)).toEqual(['107-02-8']);
    expect(summary.changed).toEqual([
      {
        chemical_name: 'Ammonia (conc 20% or greater)',
        cas_number: '7664-41-7',
        category: '',
        condition: 'conc 20% or greater',
        changes: ['Threshold Quantity: 20000 → 15000'],
      },
    ]);
    expect(res.json().message).toBe('RMP list uploaded successfully: 7 rows: 2 added, 1 removed, 1 changed');
    expect((await entries('rmp')).map((row) => row.cas_number)).not.toContain('107-02-8');

    // The entry table shows the new upload; the previous one's original file stays downloadable.
    const row = await entryRow('rmp');
    expect(row).toMatchObject({ name: 'rmp-2026.xlsx', row_count: 7 });
    expect(row.previous?.id).toBe(before.current?.id);
    const download = await ctx.call('admin', {
      method: 'GET',
      url: `/db-entry/${row.previous!.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv');
    expect(download.rawPayload.equals(toCsv(FIRST_RMP))).toBe(true);
  });

  it('an .xls upload parses like the others', async () => {
    const res = await createEntry(
      'psm',
      'psm.xls',
      toXls([
        ['Chemical Name', 'CAS Number', 'TQ'],
        ['Chlorine', '7782-50-5', '1,500'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await entries('psm')).map((row) => [row.chemical_name, row.threshold_quantity_lbs])).toEqual([
      ['Chlorine', 1500],
    ]);
  });

  it('keeps a CAS number that fails its check digit, with a warning in the summary', async () => {
    const res = await createEntry(
      'ehs',
      'ehs.csv',
      toCsv([
        ['Chemical Name', 'CAS #', 'TPQ'],
        ['Ammonia', '7664-41-7', '500'],
        ['Phenol', '108-95-2', '500/10,000'],
        ['Typo', '7664-41-8', '1,000'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource.summary.warnings).toEqual([
      'Row 4: CAS 7664-41-8 (Typo) fails the CAS check digit; the row is kept',
    ]);
    expect(res.json().message).toBe(
      'EHS list uploaded successfully: 3 rows: 3 added, 0 removed, 0 changed; 1 warning',
    );
    expect((await entries('ehs')).find((row) => row.cas_number === '108-95-2')).toMatchObject({
      threshold_quantity_lbs: 500,
      threshold_quantity_upper_lbs: 10000,
      tpq_text: '500/10,000',
    });
  });

  it('refuses a file that is not a reference list upload', async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/db-entry/create',
      payload: { type: 'rmp', db_entry: { filepath: 'database/2026/01/nothing.csv' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: REFERENCE_LIST_MSG.fileUnknown,
      errors: { 'db_entry.filepath': [REFERENCE_LIST_MSG.fileUnknown] },
    });
  });
});

describe('bad files: a clear 4xx, the previous list intact, no temporary file left', () => {
  const refusedAtCreate: [string, Buffer, string[]][] = [
    ['a file of headers only', toCsv([HEADER]), [PARSE_MSG.headersOnly]],
    [
      'a file without a CAS column',
      toCsv([
        ['Chemical Name', 'TQ'],
        ['Chlorine', '2,500'],
      ]),
      [PARSE_MSG.noCasColumn],
    ],
    [
      'a file without a name column',
      toCsv([
        ['CAS #', 'TQ'],
        ['7782-50-5', '2,500'],
      ]),
      [PARSE_MSG.noNameColumn],
    ],
    [
      'a bad number',
      toCsv([HEADER, ['Chlorine', '7782-50-5', '', '2,500'], ['Bromine', '7726-95-6', '', 'ten thousand']]),
      ['Row 3, Threshold Quantity (lbs): "ten thousand" is not a number'],
    ],
    [
      'a CSV with formula cells',
      toCsv([HEADER, ["=cmd|' /C calc'!A0", '7782-50-5', '', '2,500']]),
      [
        'Row 2, Chemical Name: "=cmd|\' /C calc\'!A0" starts like a spreadsheet formula (=, +, -, @); files with formula cells are refused',
      ],
    ],
  ];

  it.each(refusedAtCreate)(
    '%s: 422 at create, listing the rows and columns',
    async (_label, content, problems) => {
      const before = await entries('rmp');
      const beforeRow = await entryRow('rmp');
      const res = await createEntry('rmp', 'bad.csv', content);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        message: REFERENCE_LIST_MSG.parseFailed('rmp'),
        errors: { file: problems },
      });
      expect(await entries('rmp')).toEqual(before);
      expect(await entryRow('rmp')).toEqual(beforeRow);
      expect(tempFiles()).toEqual([]);
    },
  );

  it.each([
    ['an empty file', 'empty.csv', Buffer.alloc(0), 422, UPLOAD_MSG.fileEmpty],
    ['a spreadsheet renamed .csv', 'renamed.csv', null, 415, UPLOAD_MSG.contentMismatch('csv')],
    [
      'a binary renamed .xlsx',
      'renamed.xlsx',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(300, 1)]),
      415,
      UPLOAD_MSG.contentMismatch('xlsx'),
    ],
    ['a CSV renamed .xls', 'renamed.xls', toCsv(FIRST_RMP), 415, UPLOAD_MSG.contentMismatch('xls')],
    ['a zip bomb posing as .xlsx', 'bomb.xlsx', zipBombXlsx(), 422, UPLOAD_MSG.xlsxTooLarge],
  ] as const)('%s: %i at upload', async (_label, filename, content, status, message) => {
    const before = await entries('rmp');
    const bytes = content ?? (await toXlsx(FIRST_RMP));
    const res = await uploadList(filename, bytes);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message, errors: { file: [message] } });
    expect(await entries('rmp')).toEqual(before);
    expect(tempFiles()).toEqual([]);
  });
});

describe('GET /db-entry-data/{type}/list', () => {
  beforeAll(async () => {
    const res = await createEntry('313', 'list-313.csv', readSeedList('313'));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('pages the list, 10 a page by default, ordered by chemical name', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/db-entry-data/313/list' });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().resource;
    expect(meta).toEqual({ current_page: 1, last_page: 55, per_page: 10, total: 541 });
    expect(items).toHaveLength(10);
    const names = items.map((item: RegulatoryEntryResource) => item.chemical_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('searches by chemical name and by CAS number', async () => {
    const byName = await entries('313', 'search=glycol%20ethers');
    expect(byName.map((row) => [row.chemical_name, row.category])).toEqual([
      ['Certain glycol ethers', 'N230'],
    ]);
    const byCas = await entries('313', 'search=7782-50');
    expect(byCas.map((row) => row.cas_number)).toEqual(['7782-50-5']);
    const none = await ctx.call('admin', {
      method: 'GET',
      url: '/db-entry-data/313/list?search=no-such-thing',
    });
    expect(none.json().resource.meta.total).toBe(0);
  });

  it('sorts on every column, both ways', async () => {
    const byCas = await entries('rmp', 'order_by=cas_number&order_dir=desc');
    expect(byCas.map((row) => row.cas_number)).toEqual(
      [...byCas.map((row) => row.cas_number)].sort().reverse(),
    );
    const byThreshold = await entries('rmp', 'order_by=threshold_quantity_lbs&order_dir=asc');
    expect(byThreshold.map((row) => row.threshold_quantity_lbs)).toEqual([
      1000, 2500, 5000, 10000, 10000, 15000, 15000,
    ]);
    const byCondition = await entries('rmp', 'order_by=condition&order_dir=desc');
    expect(byCondition[0]?.condition).toBe('conc 37% or greater');
    for (const key of [
      'category',
      'final_reportable_quantity_lb',
      'tpq_text',
      'substance_kind',
      'min_concentration_pct',
      'de_minimis_pct',
      'is_pbt',
      'note',
    ]) {
      const res = await ctx.call('admin', {
        method: 'GET',
        url: `/db-entry-data/rmp/list?order_by=${key}&order_dir=desc`,
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
  });

  it('returns who uploaded the list and when (lastUploadInfo)', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/db-entry-data/313/list' });
    const { lastUploadInfo } = res.json().resource;
    expect(lastUploadInfo).toEqual({
      updated_at: expect.any(String),
      user: { profile: { full_name: 'Ada Tester' } },
    });
    expect((await entryRow('313')).updated_at).toBe(lastUploadInfo.updated_at);
  });

  it('answers an unknown type with 422', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/db-entry-data/epcra/list' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ type: [REFERENCE_LIST_MSG.typeInvalid] });
  });
});

describe('admin only (spec 02 §6)', () => {
  it.each([
    ['GET', '/db-entry/list'],
    ['POST', '/db-entry/create'],
    ['GET', '/db-entry/1/download'],
    ['GET', '/db-entry-data/313/list'],
  ] as const)('staff get 403 on %s %s', async (method, url) => {
    const res = await ctx.call('staff', { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(403);
  });
});

describe('the shipped lists on a fresh install', () => {
  it('are loaded through the same parser for every type never uploaded, once', async () => {
    const store = createLocalFileStore(ctx.dataDir);
    // rmp, psm, ehs and 313 were uploaded above; only CERCLA is loaded.
    expect(await seedReferenceLists(ctx.database.db, store)).toEqual(['cercla']);
    expect(await seedReferenceLists(ctx.database.db, store)).toEqual([]);
    const row = await entryRow('cercla');
    expect(row).toMatchObject({ name: 'list-cercla.csv', row_count: 5 });
    expect(row.current?.uploaded_by).toBeNull();
    const download = await ctx.call('admin', { method: 'GET', url: `/db-entry/${row.current!.id}/download` });
    expect(download.rawPayload.equals(readSeedList('cercla'))).toBe(true);
    const res = await ctx.call('admin', { method: 'GET', url: '/db-entry/list' });
    expect(res.json().resource.items.map((item: DbEntryRow) => item.type)).toEqual([
      ...REGULATORY_LIST_TYPES,
    ]);
  });
});
