import type { LookupListQuery } from '@chemtrack/domain';
import { and, eq, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  activeFilter,
  orderBy,
  readPage,
  searchAny,
  selectMatching,
  textKey,
  toPage,
} from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';
import { isSameName, nameKey } from '../../lib/same-name.ts';

/**
 * Hazard classes, container types and container units share one shape (name, description,
 * is_active) and one repository.
 */
export interface LookupTable extends PgTable {
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  isActive: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
}

export interface LookupRow {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns a save writes: the row without its id and timestamps; is_active only when given. */
export type LookupValues<TRow extends LookupRow> = Omit<
  TRow,
  'id' | 'isActive' | 'createdAt' | 'updatedAt'
> & { isActive?: boolean };

export type LookupRepository<TRow extends LookupRow> = ReturnType<typeof createLookupRepository<TRow>>;

export function createLookupRepository<TRow extends LookupRow>(
  table: LookupTable,
  /** The subject of the 404: "Hazard class not found." */
  what: string,
  /** The order of a list that names none. */
  defaultOrder: 'updated_at' | 'id',
) {
  const orderColumns = {
    name: textKey(table.name),
    updated_at: table.updatedAt,
    created_at: table.createdAt,
  } as const satisfies Record<NonNullable<LookupListQuery['order_by']>, unknown>;
  const tableName = getTableName(table);

  // Drizzle cannot infer a row type through a generic table; the caller names it as TRow.
  async function list(db: Db | Tx, query: LookupListQuery, onlyActive = false) {
    const where = and(
      onlyActive ? eq(table.isActive, true) : activeFilter(query.status, table.isActive),
      searchAny(query.search, [table.name]),
    );
    const order: SQL[] = query.order_by
      ? [orderBy(orderColumns[query.order_by], query.order_dir)]
      : [defaultOrder === 'id' ? orderBy(table.id, 'asc') : orderBy(table.updatedAt, 'desc')];
    const { rows, total } = await readPage(
      db,
      query,
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order, table.id),
      selectMatching(db, table, where),
    );
    return toPage(rows as TRow[], total, query.page, query.ipp);
  }

  /** `forUpdate` locks the row to the end of the transaction, so no one links to it meanwhile. */
  async function find(db: Db | Tx, id: number, options: { forUpdate?: boolean } = {}): Promise<TRow> {
    const select = db.select().from(table).where(eq(table.id, id)).limit(1);
    const [row] = await (options.forUpdate ? select.for('update') : select);
    if (!row) throw notFound(what);
    return row as TRow;
  }

  /**
   * Makes two saves of one name take turns: an advisory lock on the table and the name (case and
   * spacing ignored), held to the end of the transaction, so the second sees the first.
   */
  async function lockName(tx: Tx, name: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${tableName}), hashtext(${nameKey(name)}))`);
  }

  /** The name of another active record with this name, case and spacing ignored. */
  async function findActiveNamed(db: Db | Tx, name: string, exceptId: number | null) {
    const [other] = await db
      .select({ name: table.name })
      .from(table)
      .where(
        and(
          eq(table.isActive, true),
          isSameName(table.name, name),
          exceptId === null ? undefined : ne(table.id, exceptId),
        ),
      )
      .limit(1);
    return other ? String(other.name) : undefined;
  }

  async function insert(db: Db | Tx, values: LookupValues<TRow>): Promise<TRow> {
    const [row] = await db.insert(table).values(values).returning();
    return row as unknown as TRow;
  }

  async function update(db: Db | Tx, id: number, values: Partial<LookupValues<TRow>>): Promise<TRow> {
    const [row] = await db.update(table).set(values).where(eq(table.id, id)).returning();
    if (!row) throw notFound(what);
    return row as unknown as TRow;
  }

  async function remove(db: Db | Tx, id: number): Promise<void> {
    await db.delete(table).where(eq(table.id, id));
  }

  return { list, find, lockName, findActiveNamed, checkVersion: versionCheck(table), insert, update, remove };
}
