import type { CatalogResource } from '@chemtrack/domain';
import { and, eq, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';
import { isSameName, nameKey } from '../../lib/same-name.ts';

/**
 * Hazard classes, container types and container units share one shape (name, description,
 * is_active) and one repository.
 */
export interface CatalogTable extends PgTable {
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  isActive: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
}

export interface CatalogRow {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toCatalogResource(row: CatalogRow): CatalogResource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

export interface CatalogListQuery {
  page: number;
  ipp: number;
  search?: string | undefined;
  status?: string | undefined;
  order_by?: 'name' | 'updated_at' | 'created_at' | undefined;
  order_dir?: 'asc' | 'desc' | undefined;
}

export function createCatalogRepository<TRow extends CatalogRow>(
  table: CatalogTable,
  what: string,
  defaultOrder: 'updated_at' | 'id',
  /** The 422 on `name` when another active record has the name, given that record's name. */
  duplicateMessage: (name: string) => string,
) {
  const orderColumns = {
    name: textKey(table.name),
    updated_at: table.updatedAt,
    created_at: table.createdAt,
  } as const;

  async function list(db: Db, query: CatalogListQuery, onlyActive = false) {
    const where = and(
      onlyActive ? eq(table.isActive, true) : activeFilter(query.status, table.isActive),
      searchAny(query.search, [table.name]),
    );
    const order: SQL[] = query.order_by
      ? [orderBy(orderColumns[query.order_by], query.order_dir)]
      : [defaultOrder === 'id' ? orderBy(table.id, 'asc') : orderBy(table.updatedAt, 'desc')];
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(...order, table.id)
        .limit(query.ipp)
        .offset(pageOffset(query.page, query.ipp)),
      db.select({ total: sql<number>`count(*)::int` }).from(table).where(where),
    ]);
    return toPage(rows as TRow[], count?.total ?? 0, query.page, query.ipp);
  }

  async function find(db: Db, id: number): Promise<TRow> {
    const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(what);
    return row as TRow;
  }

  const tableName = getTableName(table);

  /**
   * One active record per name, case and spacing ignored: two "Flammable" classes would split the
   * products between them. Archived records may share a name, and rows saved before this rule may
   * too, so it is no unique index: an advisory lock on the table and the name, held to the end of
   * the transaction, makes two saves of one name take turns, and the second sees the first.
   */
  async function refuseSameName(db: Db, name: string, exceptId: number | null): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${tableName}), hashtext(${nameKey(name)}))`);
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
    if (other) throw fieldError('name', duplicateMessage(String(other.name)));
  }

  // Drizzle cannot infer a row type through a generic table; the caller names it as TRow.
  async function create(db: Db, values: Record<string, unknown>): Promise<TRow> {
    return db.transaction(async (tx) => {
      if (values.isActive !== false) await refuseSameName(tx, String(values.name), null);
      const [row] = await tx.insert(table).values(values).returning();
      return row as unknown as TRow;
    });
  }

  /** Also unarchives (toggle): an archived record comes back only while its name is free. */
  async function update(db: Db, id: number, values: Record<string, unknown>): Promise<TRow> {
    return db.transaction(async (tx) => {
      const current = await find(tx, id);
      const name = typeof values.name === 'string' ? values.name : current.name;
      const isActive = typeof values.isActive === 'boolean' ? values.isActive : current.isActive;
      if (isActive) await refuseSameName(tx, name, id);
      const [row] = await tx
        .update(table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      return row as unknown as TRow;
    });
  }

  async function toggle(db: Db, id: number): Promise<TRow> {
    const current = await find(db, id);
    return update(db, id, { isActive: !current.isActive });
  }

  async function remove(db: Db, id: number): Promise<TRow> {
    const row = await find(db, id);
    await db.delete(table).where(eq(table.id, id));
    return row;
  }

  return { list, find, create, update, toggle, remove };
}
