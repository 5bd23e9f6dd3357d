import type { ListMeta, ListPage } from '@chemtrack/domain';
import { type AnyColumn, asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** Searches shorter than this match the start of a word instead of anywhere in the value. */
export const SUBSTRING_SEARCH_MIN = 3;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(search: string): string {
  return `%${escapeLike(search)}%`;
}

function escapeLike(search: string): string {
  return search.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether `column` matches a list search: anywhere in the value from three characters, which the
 * trigram indexes answer; below that, the start of the value or of a word in it (issue 24). A one-
 * or two-character term has no trigram of its own, so `%ab%` reads every row, while `ab%` and
 * `% ab%` keep the padded trigrams of a word's start ("  a", " ab") and stay index scans.
 */
export function matchesSearch(column: AnyColumn | SQL, search: string): SQL {
  if (search.length >= SUBSTRING_SEARCH_MIN) return sql`${column} ILIKE ${likePattern(search)}`;
  const term = escapeLike(search);
  return sql`(${column} ILIKE ${`${term}%`} OR ${column} ILIKE ${`% ${term}%`})`;
}

/** Any of the columns matches the search (`matchesSearch`), or undefined when there is no search. */
export function searchAny(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const parts = columns.map((column) => matchesSearch(column, search));
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

/**
 * How many rows a list counts exactly before it estimates (docs/decisions/014): counting every
 * matching row costs as much as reading them, on every page, and past a few thousand rows nobody
 * pages to the end by number. Settable (`LIST_COUNT_CAP`, `Config.listCountCap`) so a test can
 * cross it with a handful of rows.
 */
export const DEFAULT_LIST_COUNT_CAP = 10_000;
let listCountCap = DEFAULT_LIST_COUNT_CAP;

export function setListCountCap(cap: number): void {
  listCountCap = cap;
}

/** A list's total: exact, or the planner's estimate once the exact count would pass the cap. */
export interface ListTotal {
  count: number;
  isEstimate: boolean;
}

/**
 * Counts the rows `matching` selects (a select of the list's FROM and WHERE, without order or
 * limit) up to the cap: one statement that stops reading at cap + 1 rows. Past the cap, a second
 * statement asks the planner how many rows it expects (EXPLAIN, no rows read), and the total is
 * that estimate, never less than cap + 1, marked as an estimate.
 */
export async function countUpTo(db: Db | Tx, matching: SQLWrapper): Promise<ListTotal> {
  const cap = listCountCap;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sql`(${matching} LIMIT ${cap + 1}) AS capped`);
  const count = row?.total ?? 0;
  if (count <= cap) return { count, isEstimate: false };
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) ${matching}`);
  return { count: Math.max(cap + 1, planRows(plan)), isEstimate: true };
}

/** The top plan node's row estimate from an `EXPLAIN (FORMAT JSON)` result of either driver. */
function planRows(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  const raw = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The list's meta. An estimated total is never less than the rows the page shows reach (a deep
 * page past the planner's guess), and says it is an estimate with `total_is_estimate`; an exact
 * total leaves the field out, so the spec's four fields are unchanged for every list under the cap.
 */
export function buildMeta(total: number | ListTotal, page: number, ipp: number, shown = 0): ListMeta {
  const { count, isEstimate } = typeof total === 'number' ? { count: total, isEstimate: false } : total;
  const value = isEstimate && shown > 0 ? Math.max(count, pageOffset(page, ipp) + shown) : count;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(value / ipp)),
    per_page: ipp,
    total: value,
    ...(isEstimate ? { total_is_estimate: true } : {}),
  };
}

export function toPage<T>(items: T[], total: number | ListTotal, page: number, ipp: number): ListPage<T> {
  return { items, meta: buildMeta(total, page, ipp, items.length) };
}
