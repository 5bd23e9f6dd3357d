import type {
  RegulatoryEntryListQuery,
  RegulatoryEntryOrderKey,
  RegulatoryEntryValues,
  RegulatoryListType,
} from '@chemtrack/domain';
import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  databaseEntries,
  files,
  regulatoryEntries,
  regulatoryEntriesVersion,
  users,
} from '../../db/schema/index.ts';
import {
  cachedStatement,
  orderBy,
  prepareNamed,
  readPage,
  searchAny,
  selectMatching,
  textKey,
} from '../../lib/list-query.ts';
import { toNumeric } from '../../lib/numeric.ts';

const uploaderName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** Every upload of every type, newest first within a type (a few a year: no paging needed). */
export function selectUploads(db: Db) {
  return db
    .select({ entry: databaseEntries, file: files, uploadedBy: uploaderName })
    .from(databaseEntries)
    .leftJoin(files, eq(files.id, databaseEntries.fileId))
    .leftJoin(users, eq(users.id, databaseEntries.uploadedBy))
    .orderBy(databaseEntries.type, desc(databaseEntries.createdAt), desc(databaseEntries.id));
}
export type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];

export async function findUpload(db: Db | Tx, id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select({ entry: databaseEntries, file: files, uploadedBy: uploaderName })
    .from(databaseEntries)
    .leftJoin(files, eq(files.id, databaseEntries.fileId))
    .leftJoin(users, eq(users.id, databaseEntries.uploadedBy))
    .where(eq(databaseEntries.id, id))
    .limit(1);
  return row;
}

/** The last upload of one type, with who made it. */
export async function findLatestUpload(
  db: Db | Tx,
  type: RegulatoryListType,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select({ entry: databaseEntries, file: files, uploadedBy: uploaderName })
    .from(databaseEntries)
    .leftJoin(files, eq(files.id, databaseEntries.fileId))
    .leftJoin(users, eq(users.id, databaseEntries.uploadedBy))
    .where(eq(databaseEntries.type, type))
    .orderBy(desc(databaseEntries.createdAt), desc(databaseEntries.id))
    .limit(1);
  return row;
}

export async function countEntriesByType(db: Db | Tx): Promise<Map<RegulatoryListType, number>> {
  const rows = await db
    .select({ type: regulatoryEntries.listType, count: sql<number>`count(*)::int` })
    .from(regulatoryEntries)
    .groupBy(regulatoryEntries.listType);
  return new Map(rows.map((row) => [row.type, row.count]));
}

/** Two uploads of one type take turns, so each diff is against the list the other left. */
export async function lockListType(tx: Tx, type: RegulatoryListType): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('regulatory_entries'), hashtext(${type}))`);
}

const VALUE_COLUMNS = {
  chemical_name: regulatoryEntries.chemicalName,
  cas_number: regulatoryEntries.casNumber,
  category: regulatoryEntries.category,
  condition: regulatoryEntries.condition,
  threshold_quantity_lbs: regulatoryEntries.thresholdQuantityLbs,
  threshold_quantity_upper_lbs: regulatoryEntries.thresholdQuantityUpperLbs,
  tpq_text: regulatoryEntries.tpqText,
  final_reportable_quantity_lb: regulatoryEntries.finalReportableQuantityLb,
  substance_kind: regulatoryEntries.substanceKind,
  min_concentration_pct: regulatoryEntries.minConcentrationPct,
  de_minimis_pct: regulatoryEntries.deMinimisPct,
  is_pbt: regulatoryEntries.isPbt,
  is_pfas: regulatoryEntries.isPfas,
  note: regulatoryEntries.note,
  alias_cas_numbers: regulatoryEntries.aliasCasNumbers,
};

export function selectEntryRows(db: Db | Tx, type: RegulatoryListType) {
  return db
    .select({ id: regulatoryEntries.id, ...VALUE_COLUMNS })
    .from(regulatoryEntries)
    .where(eq(regulatoryEntries.listType, type))
    .orderBy(regulatoryEntries.id);
}
export type EntryRow = Awaited<ReturnType<typeof selectEntryRows>>[number];

/** Every list's entries, in upload order, as the compliance engine reads them. */
export function selectAllEntries(db: Db) {
  return db
    .select({ list_type: regulatoryEntries.listType, ...VALUE_COLUMNS })
    .from(regulatoryEntries)
    .orderBy(regulatoryEntries.id);
}

/** The lists' version (migration 0021): it moves with every statement that writes an entry. */
export async function selectEntriesVersion(db: Db): Promise<number> {
  const statement = cachedStatement(db, 'reference-lists.version', () =>
    prepareNamed(
      db
        .select({ version: regulatoryEntriesVersion.version })
        .from(regulatoryEntriesVersion)
        .where(eq(regulatoryEntriesVersion.id, 1)),
    ),
  );
  const [row] = await statement.execute();
  return row?.version ?? 0;
}

export async function insertUpload(
  tx: Tx,
  values: {
    type: RegulatoryListType;
    name: string;
    fileId: number | null;
    uploadedBy: number | null;
    isSample: boolean;
  },
): Promise<number> {
  const [row] = await tx.insert(databaseEntries).values(values).returning({ id: databaseEntries.id });
  if (!row) throw new Error('database entry insert returned no row');
  return row.id;
}

/** PostgreSQL takes at most 65,535 parameters a statement; 16 a row leaves room for 1,000 rows. */
const INSERT_BATCH = 1_000;

/** The list of a type becomes these entries: the old rows go, the new ones come, in the caller's transaction. */
export async function replaceEntries(
  tx: Tx,
  type: RegulatoryListType,
  databaseEntryId: number,
  entries: RegulatoryEntryValues[],
): Promise<void> {
  await tx.delete(regulatoryEntries).where(eq(regulatoryEntries.listType, type));
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    await tx.insert(regulatoryEntries).values(
      entries.slice(start, start + INSERT_BATCH).map((entry) => ({
        listType: type,
        databaseEntryId,
        chemicalName: entry.chemical_name,
        casNumber: entry.cas_number,
        category: entry.category,
        condition: entry.condition,
        thresholdQuantityLbs: toNumeric(entry.threshold_quantity_lbs),
        thresholdQuantityUpperLbs: toNumeric(entry.threshold_quantity_upper_lbs),
        tpqText: entry.tpq_text,
        finalReportableQuantityLb: toNumeric(entry.final_reportable_quantity_lb),
        substanceKind: entry.substance_kind,
        minConcentrationPct: toNumeric(entry.min_concentration_pct),
        deMinimisPct: toNumeric(entry.de_minimis_pct),
        isPbt: entry.is_pbt,
        isPfas: entry.is_pfas,
        note: entry.note,
        aliasCasNumbers: entry.alias_cas_numbers ?? '',
      })),
    );
  }
}

const TEXT_ORDER = new Set<RegulatoryEntryOrderKey>([
  'chemical_name',
  'cas_number',
  'category',
  'condition',
  'tpq_text',
  'substance_kind',
  'note',
]);

function orderColumn(key: RegulatoryEntryOrderKey): AnyColumn | SQL {
  const column = VALUE_COLUMNS[key];
  return TEXT_ORDER.has(key) ? textKey(column) : column;
}

/**
 * One page of a list, searched by chemical name or CAS number through the trigram indexes,
 * ordered by any column (chemical name by default), the id breaking ties.
 */
export async function selectEntryPage(db: Db, type: RegulatoryListType, query: RegulatoryEntryListQuery) {
  const where = and(
    eq(regulatoryEntries.listType, type),
    searchAny(query.search, [regulatoryEntries.chemicalName, regulatoryEntries.casNumber]),
  );
  const order = orderBy(orderColumn(query.order_by ?? 'chemical_name'), query.order_dir);
  return readPage(
    db,
    query,
    db
      .select({ id: regulatoryEntries.id, ...VALUE_COLUMNS })
      .from(regulatoryEntries)
      .where(where)
      .orderBy(order, regulatoryEntries.id),
    selectMatching(db, regulatoryEntries, where),
  );
}
