import type { CatalogResource } from '@chemtrack/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';

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

  // Drizzle cannot infer a row type through a generic table; the caller names it as TRow.
  async function create(db: Db, values: Record<string, unknown>): Promise<TRow> {
    const [row] = await db.insert(table).values(values).returning();
    return row as unknown as TRow;
  }

  async function update(db: Db, id: number, values: Record<string, unknown>): Promise<TRow> {
    await find(db, id);
    const [row] = await db
      .update(table)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(table.id, id))
      .returning();
    return row as unknown as TRow;
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
