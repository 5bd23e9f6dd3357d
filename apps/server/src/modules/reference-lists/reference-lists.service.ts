import type { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import {
  type ChangeSummary,
  type CreateDbEntry,
  type compliance,
  type DbEntryRow,
  type DbEntryUpload,
  type LastUploadInfo,
  REFERENCE_LIST_MSG,
  REGULATORY_LIST_TYPES,
  type RegulatoryEntryListQuery,
  type RegulatoryEntryResource,
  type RegulatoryEntryValues,
  type RegulatoryListType,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { toPage } from '../../lib/list-query.ts';
import { fromNumeric } from '../../lib/numeric.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { type FileType, fileTypeOf } from '../files/file-types.ts';
import { type FileRow, findFileByKey } from '../files/files.repository.ts';
import { toStoredFile } from '../files/files.service.ts';
import { summarizeChanges } from './change-summary.ts';
import { ListParseError, type ParsedList, parseReferenceList } from './parse-list.ts';
import { readTables, UnreadableFileError } from './read-table.ts';
import {
  countEntriesByType,
  type EntryRow,
  findLatestUpload,
  findUpload,
  insertUpload,
  lockListType,
  replaceEntries,
  selectAllEntries,
  selectEntriesVersion,
  selectEntryPage,
  selectEntryRows,
  selectUploads,
  type UploadRow,
} from './reference-lists.repository.ts';

const ENTITY = 'database_entry';

function toUpload(row: UploadRow): DbEntryUpload {
  return {
    id: row.entry.id,
    name: row.entry.name,
    updated_at: toIso(row.entry.updatedAt),
    uploaded_by: row.uploadedBy,
    is_sample: row.entry.isSample,
    file: row.file ? toStoredFile(row.file) : null,
  };
}

/** A stored entry as the API and the compliance engine read it (numbers from numeric columns). */
export function toRegulatoryEntryValues(row: Omit<EntryRow, 'id'>): RegulatoryEntryValues {
  return {
    chemical_name: row.chemical_name,
    cas_number: row.cas_number,
    category: row.category,
    condition: row.condition,
    threshold_quantity_lbs: fromNumeric(row.threshold_quantity_lbs),
    threshold_quantity_upper_lbs: fromNumeric(row.threshold_quantity_upper_lbs),
    tpq_text: row.tpq_text,
    final_reportable_quantity_lb: fromNumeric(row.final_reportable_quantity_lb),
    substance_kind:
      row.substance_kind === 'toxic' || row.substance_kind === 'flammable' ? row.substance_kind : '',
    min_concentration_pct: fromNumeric(row.min_concentration_pct),
    de_minimis_pct: fromNumeric(row.de_minimis_pct),
    is_pbt: row.is_pbt,
    is_pfas: row.is_pfas,
    note: row.note,
    alias_cas_numbers: row.alias_cas_numbers,
  };
}

/** The entries a process read last, per database, with the version they were read at. */
const entriesInUse = new WeakMap<Db, { version: number; entries: readonly compliance.ReferenceEntry[] }>();

/**
 * Every list's entries as the compliance engine reads them (all of them, even for a report that
 * tests one list, so "CAS on none of the lists" holds for every list). Kept per process and read
 * again only when the lists' version has moved (issue 24: thousands of rows read and converted for
 * every report): one one-row statement when nothing changed. The version is read before the
 * entries, so entries cached under a version are never older than it.
 */
export async function referenceEntriesInUse(
  db: Db,
  /** The version when the caller's own statement already read it. */
  knownVersion?: number,
): Promise<readonly compliance.ReferenceEntry[]> {
  const version = knownVersion ?? (await selectEntriesVersion(db));
  const cached = entriesInUse.get(db);
  if (cached?.version === version) return cached.entries;
  const entries = (await selectAllEntries(db)).map((row) =>
    // Shared by every report that follows: frozen, so none can change another's lists.
    Object.freeze({ list_type: row.list_type, ...toRegulatoryEntryValues(row) }),
  );
  Object.freeze(entries);
  entriesInUse.set(db, { version, entries });
  entriesVersions.set(entries, version);
  return entries;
}

/** The version each array `referenceEntriesInUse` returned was read at. */
const entriesVersions = new WeakMap<readonly compliance.ReferenceEntry[], number>();

/**
 * The lists' version an array of `referenceEntriesInUse` was read at (issue 37: a preview's
 * version names the lists its figures read); null for entries it did not return.
 */
export function referenceEntriesVersion(entries: readonly compliance.ReferenceEntry[]): number | null {
  return entriesVersions.get(entries) ?? null;
}

function toResource(row: EntryRow): RegulatoryEntryResource {
  return { id: row.id, ...toRegulatoryEntryValues(row) };
}

/** `GET /db-entry/list`: one row per type, uploaded or not, with its last two uploads. */
export async function listDbEntries(db: Db): Promise<DbEntryRow[]> {
  const [uploads, counts] = await Promise.all([selectUploads(db), countEntriesByType(db)]);
  return REGULATORY_LIST_TYPES.map((type) => {
    const [current, previous] = uploads.filter((row) => row.entry.type === type);
    return {
      type,
      name: current?.entry.name ?? null,
      updated_at: current ? toIso(current.entry.updatedAt) : null,
      row_count: counts.get(type) ?? 0,
      current: current ? toUpload(current) : null,
      previous: previous ? toUpload(previous) : null,
    };
  });
}

async function dbEntryRow(db: Db, type: RegulatoryListType): Promise<DbEntryRow> {
  const rows = await listDbEntries(db);
  return rows.find((row) => row.type === type)!;
}

export async function listRegulatoryEntries(
  db: Db,
  type: RegulatoryListType,
  query: RegulatoryEntryListQuery,
) {
  const [{ rows, total }, latest] = await Promise.all([
    selectEntryPage(db, type, query),
    findLatestUpload(db, type),
  ]);
  const lastUploadInfo: LastUploadInfo | null = latest
    ? {
        updated_at: toIso(latest.entry.updatedAt),
        user: latest.uploadedBy ? { profile: { full_name: latest.uploadedBy } } : null,
      }
    : null;
  return { ...toPage(rows.map(toResource), total, query.page, query.ipp), lastUploadInfo };
}

const READABLE_TYPES = new Set<FileType>(['csv', 'xls', 'xlsx']);

/** The bytes of a reference list upload, parsed into entries of `type`; a 422 naming the rows otherwise. */
export async function parseListFile(bytes: Buffer, fileType: FileType, type: RegulatoryListType) {
  try {
    // Only a table is a list: a PDF (or any other stored type) is not one.
    if (fileType !== 'csv' && fileType !== 'xls' && fileType !== 'xlsx')
      throw new UnreadableFileError(REFERENCE_LIST_MSG.fileUnknown);
    return parseReferenceList(await readTables(bytes, fileType), type);
  } catch (error) {
    if (error instanceof ListParseError) {
      throw new AppError('VALIDATION', REFERENCE_LIST_MSG.parseFailed(type), { file: error.problems });
    }
    if (error instanceof UnreadableFileError) {
      throw new AppError('VALIDATION', REFERENCE_LIST_MSG.parseFailed(type), { file: [error.message] });
    }
    throw error;
  }
}

/** The parsed upload that the summary is taken of and that replaces the list. */
type ListUpload = Pick<ParsedList, 'entries' | 'rowNumbers' | 'warnings'>;

/**
 * What replacing the list of `type` with `upload` changes, against the list as it is now. The
 * dry run answers it as it is; the replacement takes it inside its transaction, under the lock.
 */
async function summarizeReplacement(db: Db | Tx, type: RegulatoryListType, upload: ListUpload) {
  const before = (await selectEntryRows(db, type)).map(toRegulatoryEntryValues);
  return summarizeChanges(type, before, upload);
}

/**
 * Replaces the list of `type` with the parsed entries and records the upload, in one transaction
 * (the diff is taken under the type's lock, against the list as it is then); answers what changed.
 */
export async function importList(
  db: Db,
  actor: Actor,
  input: {
    type: RegulatoryListType;
    name: string;
    file: FileRow;
    upload: ListUpload;
    /** Only the seed's partial samples (decision 029); an admin's upload never is one. */
    isSample?: boolean;
  },
): Promise<ChangeSummary> {
  return db.transaction(async (tx) => {
    await lockListType(tx, input.type);
    const summary = await summarizeReplacement(tx, input.type, input.upload);
    const id = await insertUpload(tx, {
      type: input.type,
      name: input.name,
      fileId: input.file.id,
      uploadedBy: actor.userId ?? null,
      isSample: input.isSample ?? false,
    });
    await replaceEntries(tx, input.type, id, input.upload.entries);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      details: {
        type: input.type,
        total: summary.total,
        added: summary.added_count,
        removed: summary.removed_count,
        changed: summary.changed_count,
      },
    });
    return summary;
  });
}

async function readStored(store: FileStore, key: string): Promise<Buffer> {
  return readAll((await store.read(key)) as Readable);
}

/** The upload named by the body, parsed as the list of its type (a 422 when it is not one). */
async function readUpload(db: Db, store: FileStore, body: CreateDbEntry) {
  const file = await findFileByKey(db, body.db_entry.filepath);
  const fileType = file ? fileTypeOf(file.mimeType) : undefined;
  if (!file || !fileType || !READABLE_TYPES.has(fileType)) {
    throw fieldError('db_entry.filepath', REFERENCE_LIST_MSG.fileUnknown);
  }
  const parsed = await parseListFile(await readStored(store, file.storageKey), fileType, body.type);
  return { file, parsed };
}

/** `POST /db-entry/create?dry_run=1`: what the upload would change; reads only, writes nothing. */
export async function previewDbEntry(db: Db, store: FileStore, body: CreateDbEntry): Promise<ChangeSummary> {
  const { parsed } = await readUpload(db, store, body);
  return summarizeReplacement(db, body.type, parsed);
}

/** `POST /db-entry/create`: the upload named by the body becomes the list of its type. */
export async function createDbEntry(
  db: Db,
  store: FileStore,
  actor: Actor,
  body: CreateDbEntry,
): Promise<{ entry: DbEntryRow; summary: ChangeSummary }> {
  const { file, parsed } = await readUpload(db, store, body);
  const name = body.name || body.db_entry.original_name || file.originalName;
  const summary = await importList(db, actor, { type: body.type, name, file, upload: parsed });
  return { entry: await dbEntryRow(db, body.type), summary };
}

/** The original file of an upload, for its download. */
export async function openUploadFile(db: Db, store: FileStore, id: number) {
  const row = await findUpload(db, id);
  if (!row?.file) throw notFound('Database entry file');
  return { file: row.file, stream: await store.read(row.file.storageKey) };
}
