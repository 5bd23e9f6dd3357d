import { createHash } from 'node:crypto';
import type { ListMeta, ListPage } from '@chemtrack/domain';
import { type AnyColumn, asc, desc, fillPlaceholders, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
 * A search as a cached statement takes it (`cachedList`): which of the two forms of
 * `matchesSearch` it has, its patterns left as placeholders that `searchValues` fills per call.
 */
export class SearchSlot {
  constructor(readonly kind: 'substring' | 'prefix') {}
}
const SUBSTRING_SLOT = new SearchSlot('substring');
const PREFIX_SLOT = new SearchSlot('prefix');

/** A list search: the term itself, or its slot in a cached statement. */
export type SearchArg = string | SearchSlot;

/** The slot a search takes in a cached statement; undefined when there is no search. */
export function searchSlot(search: string | undefined): SearchSlot | undefined {
  if (!search) return undefined;
  return search.length >= SUBSTRING_SEARCH_MIN ? SUBSTRING_SLOT : PREFIX_SLOT;
}

/** The placeholder values of a search's slot (`searchSlot`). */
export function searchValues(search: string | undefined): Record<string, string> {
  if (!search) return {};
  if (search.length >= SUBSTRING_SEARCH_MIN) return { search_any: likePattern(search) };
  const term = escapeLike(search);
  return { search_start: `${term}%`, search_word: `% ${term}%` };
}

/**
 * Whether `column` matches a list search: anywhere in the value from three characters, which the
 * trigram indexes answer; below that, the start of the value or of a word in it (issue 24). A one-
 * or two-character term has no trigram of its own, so `%ab%` reads every row, while `ab%` and
 * `% ab%` keep the padded trigrams of a word's start ("  a", " ab") and stay index scans.
 */
export function matchesSearch(column: AnyColumn | SQL, search: SearchArg): SQL {
  // Both sides without accents (issue 33 point 14: "Tomas" finds "Tomás"); the trigram indexes
  // are built over f_unaccent(column), so the planner still answers from them.
  return matchesText(sql`f_unaccent(${column})`, search);
}

/**
 * `matchesSearch` of a column stored without accents already (f_unaccent of its text, as
 * `inventories.search_text`, decision 038): the same matches without an f_unaccent per row read,
 * which was most of the cost of a term nearly every row holds.
 */
export function matchesUnaccentedSearch(column: AnyColumn, search: SearchArg): SQL {
  return matchesText(sql`${column}`, search);
}

function matchesText(text: SQL, search: SearchArg): SQL {
  if (search instanceof SearchSlot) {
    if (search.kind === 'substring') return sql`${text} ILIKE f_unaccent(${sql.placeholder('search_any')})`;
    return sql`(${text} ILIKE f_unaccent(${sql.placeholder('search_start')}) OR ${text} ILIKE f_unaccent(${sql.placeholder('search_word')}))`;
  }
  if (search.length >= SUBSTRING_SEARCH_MIN) return sql`${text} ILIKE f_unaccent(${likePattern(search)})`;
  const term = escapeLike(search);
  return sql`(${text} ILIKE f_unaccent(${`${term}%`}) OR ${text} ILIKE f_unaccent(${`% ${term}%`}))`;
}

/** Any of the columns matches the search (`matchesSearch`), or undefined when there is no search. */
export function searchAny(search: SearchArg | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
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
  return { count: Math.max(cap + 1, await estimateRows(db, matching)), isEstimate: true };
}

/** The rows of `table` a list's `where` keeps, as `countUpTo` and `readPage` count them. */
export function selectMatching(db: Db | Tx, table: PgTable, where: SQL | undefined) {
  return db.select({ one: sql`1` }).from(table).where(where);
}

/** A list's ordered select, still without its page (drizzle's select before `.limit().offset()`). */
interface PageableSelect<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list and its total, side by side (two statements): `rows` (ordered, with its
 * filters) read from the query's page and `ipp`, and the rows `matching` selects (the same FROM and
 * WHERE, `selectMatching` for one table) counted up to the cap (`countUpTo`).
 */
export async function readPage<Row>(
  db: Db | Tx,
  query: { page: number; ipp: number },
  rows: PageableSelect<Row>,
  matching: SQLWrapper,
): Promise<{ rows: Row[]; total: ListTotal }> {
  const [page, total] = await Promise.all([
    rows.limit(query.ipp).offset(pageOffset(query.page, query.ipp)),
    countUpTo(db, matching),
  ]);
  return { rows: page, total };
}

// --- Cached list statements ------------------------------------------------------------------------

/**
 * The page of a cached list statement: `.limit(PAGE_LIMIT).offset(PAGE_OFFSET)`, which `runList`
 * fills from the query's `page` and `ipp`.
 */
export const PAGE_LIMIT = sql.placeholder('page_limit');
export const PAGE_OFFSET = sql.placeholder('page_offset');

/** What drizzle's `.prepare()` answers, as far as the lists use it. */
interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
  getQuery(): { sql: string; params: unknown[] };
}
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared<T>;
}

/**
 * Prepares a statement under a name made from its text: the server parses it once per connection
 * and then only binds the values (node-postgres keeps one prepared statement per name and
 * connection; PGlite ignores the name). The same text always gets the same name, and two texts
 * two names (a name is only 19 characters of a SHA-1, far below PostgreSQL's 63).
 */
export function prepareNamed<T>(query: Preparable<T>): Prepared<T> {
  const text = query.toSQL().sql;
  namedTexts.add(text);
  return query.prepare(`ct_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`);
}

/**
 * The statement without a name: node-postgres sends it as the unnamed statement, which PostgreSQL
 * parses and plans again at every call with that call's values (a custom plan, always). For a
 * list with a search (`cachedList`'s `replanned`): after five runs of a named statement the server
 * may switch to a generic plan, made without the values, and a generic plan cannot see a LIKE
 * pattern. It took a sequential scan for the capped count of every search (the LIMIT a placeholder
 * too, the planner guesses it stops early), many times slower than the custom plan's index scan and
 * growing with the table (issue 24; the measured plans are in docs/decisions/024).
 * The text is still built once: the ORM's share of the CPU is saved either way.
 */
function prepareUnnamed<T>(query: Preparable<T>): Prepared<T> {
  return query.prepare('');
}

/** The texts of every statement prepared under a name (`prepareNamed`), for the plan tests. */
const namedTexts = new Set<string>();

/**
 * Whether the app runs this text as a named prepared statement, which PostgreSQL may run with a
 * generic plan (`test/list-plans.pg.test.ts` checks those plans too).
 */
export function isNamedStatement(text: string): boolean {
  return namedTexts.has(text);
}

/** A prepared statement read as the driver's rows, without drizzle's mapping of each field. */
export interface PreparedRows {
  all(values?: Record<string, unknown>): Promise<unknown[]>;
}

function readsRows(prepared: object): prepared is PreparedRows {
  return 'all' in prepared && typeof prepared.all === 'function';
}

/**
 * `prepareNamed`, read with `all()`: the rows as node-postgres and PGlite parse them (numerics as
 * text, as drizzle gives them too), for a select whose fields carry their keys as SQL aliases
 * (`sql\`…\`.as(key)`). On 2,000 report lines of ~60 columns drizzle's per-field mapping cost as
 * much as the compliance engine's whole run (issue 24). Both drivers' prepared queries have
 * `all()`; drizzle's abstract type does not declare it, hence the check.
 */
export function prepareRows(query: Preparable<unknown>): PreparedRows {
  const prepared = prepareNamed(query);
  if (!readsRows(prepared)) throw new Error('the database driver cannot read prepared rows unmapped');
  return prepared;
}

/** The statements of every database (a test app has its own), by shape of the request. */
const statementsOf = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement built once per database and `key`, then reused (issue 24: building the SQL through
 * the ORM was a quarter of a list request's CPU). `key` must name everything `build` reads that
 * changes the text (the order, which filters are present, the search's form); the values go in as
 * placeholders. Keys come from a route's validated enums and flags, so their number is bounded.
 */
export function cachedStatement<T>(db: Db | Tx, key: string, build: () => T): T {
  let byKey = statementsOf.get(db);
  if (!byKey) {
    byKey = new Map();
    statementsOf.set(db, byKey);
  }
  let found = byKey.get(key) as T | undefined;
  if (found === undefined) {
    found = build();
    byKey.set(key, found);
  }
  return found;
}

/** A list's two statements, prepared: its page of rows, and its count up to the cap. */
export interface CachedList<Row> {
  rows: Prepared<Row[]>;
  count: Prepared<{ total: number }[]>;
}

/**
 * Caches a list's page statement (`rows`, ending in `.limit(PAGE_LIMIT).offset(PAGE_OFFSET)`) and
 * the count of the rows `matching` selects (its FROM and WHERE), as `countUpTo` counts them.
 * `replanned`: the shape has a search, so both statements are planned at every call with its
 * pattern (`prepareUnnamed`); the others are named and parsed once per connection.
 */
export function cachedList<Row>(
  db: Db,
  key: string,
  options: { replanned: boolean },
  build: () => { rows: Preparable<Row[]>; matching: SQLWrapper },
): CachedList<Row> {
  const prepare = options.replanned ? prepareUnnamed : prepareNamed;
  return cachedStatement(db, key, () => {
    const { rows, matching } = build();
    const count = db
      .select({ total: sql<number>`count(*)::int` })
      .from(sql`(${matching} LIMIT ${sql.placeholder('count_limit')}) AS capped`);
    return { rows: prepare(rows), count: prepare(count) };
  });
}

/**
 * Runs a cached list for one request: the page and the capped count side by side (two statements,
 * as before). Past the cap the planner estimates the total from the count statement's own inner
 * select, with this request's values (one more statement, as `countUpTo`). `knownTotal`: the
 * total is known already (read with another statement), so the page is the only statement.
 */
export async function runList<Row>(
  db: Db,
  list: CachedList<Row>,
  query: { page: number; ipp: number },
  values: Record<string, unknown>,
  knownTotal?: number,
): Promise<{ rows: Row[]; total: ListTotal }> {
  const cap = listCountCap;
  const all = {
    ...values,
    page_limit: query.ipp,
    page_offset: pageOffset(query.page, query.ipp),
    count_limit: cap + 1,
  };
  if (knownTotal !== undefined) {
    return { rows: await list.rows.execute(all), total: { count: knownTotal, isEstimate: false } };
  }
  const [rows, counted] = await Promise.all([list.rows.execute(all), list.count.execute(all)]);
  const count = counted[0]?.total ?? 0;
  if (count <= cap) return { rows, total: { count, isEstimate: false } };
  const { sql: text, params } = list.count.getQuery();
  const inner = withValues(text, fillPlaceholders(params, all));
  return { rows, total: { count: Math.max(cap + 1, await estimateRows(db, inner)), isEstimate: true } };
}

/**
 * The count statement's text with its values in, and its `SELECT count(*)` asked of the planner:
 * the estimate reads the `capped` subquery's rows, which the LIMIT caps, so the select inside it is
 * taken without the LIMIT: `SELECT count(*)::int FROM (<matching> LIMIT $n) AS capped`.
 */
function withValues(text: string, params: unknown[]): SQL {
  const inner = /^select count\(\*\)::int from \(([\s\S]*) limit \$(\d+)\) as capped$/i.exec(text);
  if (!inner?.[1]) throw new Error('withValues: not a count statement of cachedList');
  const body = inner[1];
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of body.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(body.slice(last, match.index)));
    chunks.push(sql`${params[Number(match[1]) - 1]}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(body.slice(last)));
  return sql.join(chunks);
}

/** The planner's row estimate of a select (EXPLAIN, no rows read). */
async function estimateRows(db: Db | Tx, matching: SQLWrapper): Promise<number> {
  return planRows(await db.execute(sql`EXPLAIN (FORMAT JSON) ${matching}`));
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
