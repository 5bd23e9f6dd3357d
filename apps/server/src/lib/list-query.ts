import type { ListMeta, ListPage } from '@chemtrack/domain';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `col1 ILIKE '%term%' OR col2 ILIKE …`, or undefined when there is no search. */
export function searchAny(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  const parts = columns.map((column) => sql`${column} ILIKE ${pattern}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** is_active filter from the list `status` parameter; absent or empty means every row. */
export function activeFilter(status: string | undefined, column: AnyColumn): SQL | undefined {
  if (status === 'active') return sql`${column} = true`;
  if (status === 'inactive') return sql`${column} = false`;
  return undefined;
}

/**
 * A text column as lists and pickers sort it: ignoring case, so "a b, Aisha, James, maria" and not
 * every capital before every small letter (PGlite and "C"-collated PostgreSQL compare bytes). The
 * caller still ends the order with the id, which breaks ties between "Maria" and "maria".
 */
export function textKey(column: AnyColumn | SQL): SQL {
  return sql`lower(${column})`;
}

export function orderBy(column: AnyColumn | SQL, direction: 'asc' | 'desc' | undefined): SQL {
  return direction === 'desc' ? desc(column) : asc(column);
}

export function pageOffset(page: number, ipp: number): number {
  return (page - 1) * ipp;
}

export function buildMeta(total: number, page: number, ipp: number): ListMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / ipp)), per_page: ipp, total };
}

export function toPage<T>(items: T[], total: number, page: number, ipp: number): ListPage<T> {
  return { items, meta: buildMeta(total, page, ipp) };
}
