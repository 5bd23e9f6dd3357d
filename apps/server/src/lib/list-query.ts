import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIST_CURSOR_MSG, type ListMeta, type ListPage } from '@chemtrack/domain';
import { type AnyColumn, asc, desc, fillPlaceholders, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { fieldError } from './app-error.ts';

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
 * `matchesSearch` of a column stored without accents and in small letters already
 * (lower(f_unaccent(text)), as `inventories.search_text` and `products.search_text`, decisions 038
 * and 040): the same matches without an f_unaccent nor a lowering per row read, which were most of
 * the cost of a short term. ILIKE is LIKE between the lowered text and the lowered pattern, so
 * LIKE against the lowered pattern finds the same rows.
 */
export function matchesUnaccentedSearch(column: AnyColumn, search: SearchArg): SQL {
  return matchesText(sql`${column}`, search, (pattern) => sql`LIKE lower(f_unaccent(${pattern}))`);
}

function matchesText(
  text: SQL,
  search: SearchArg,
  like: (pattern: unknown) => SQL = (pattern) => sql`ILIKE f_unaccent(${pattern})`,
): SQL {
  if (search instanceof SearchSlot) {
    if (search.kind === 'substring') return sql`${text} ${like(sql.placeholder('search_any'))}`;
    return sql`(${text} ${like(sql.placeholder('search_start'))} OR ${text} ${like(sql.placeholder('search_word'))})`;
  }
  if (search.length >= SUBSTRING_SEARCH_MIN) return sql`${text} ${like(likePattern(search))}`;
  const term = escapeLike(search);
  return sql`(${text} ${like(`${term}%`)} OR ${text} ${like(`% ${term}%`)})`;
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
 * WHERE, `selectMatching` for one table) counted up to the cap (`countUpTo`). `keyset`: a big
 * list's order (`keysetOf(…, { inline: true })`, its `after` already in `rows`' WHERE and its
 * `fields` in the select): after a cursor the page starts at its row instead of an offset, and
 * the answer carries the next page's cursor.
 */
export async function readPage<Row>(
  db: Db | Tx,
  query: PagedQuery,
  rows: PageableSelect<Row>,
  matching: SQLWrapper,
  keyset?: Keyset,
): Promise<ListedPage<Row>> {
  const [found, total] = await Promise.all([
    rows.limit(query.ipp).offset(skippedRows(query, keyset)),
    countUpTo(db, matching),
  ]);
  const page = shownPage(query, keyset);
  return { rows: found, total, page, nextCursor: nextCursorOf(keyset, found, total, page, query.ipp) };
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
 * `keyset`: a big list's order (`keysetOf`, its shape in the cached statement's key, its `after`
 * in the page's WHERE and its `fields` in the select): after a cursor the page starts at its row
 * (offset 0), and the answer carries the next page's cursor.
 */
export async function runList<Row>(
  db: Db,
  list: CachedList<Row>,
  query: PagedQuery,
  values: Record<string, unknown>,
  knownTotal?: number,
  keyset?: Keyset,
): Promise<ListedPage<Row>> {
  const cap = listCountCap;
  const all = {
    ...values,
    ...keyset?.values,
    page_limit: query.ipp,
    page_offset: skippedRows(query, keyset),
    count_limit: cap + 1,
  };
  const page = shownPage(query, keyset);
  const listed = (rows: Row[], total: ListTotal): ListedPage<Row> => ({
    rows,
    total,
    page,
    nextCursor: nextCursorOf(keyset, rows, total, page, query.ipp),
  });
  if (knownTotal !== undefined) {
    return listed(await list.rows.execute(all), { count: knownTotal, isEstimate: false });
  }
  const [rows, counted] = await Promise.all([list.rows.execute(all), list.count.execute(all)]);
  const count = counted[0]?.total ?? 0;
  if (count <= cap) return listed(rows, { count, isEstimate: false });
  const { sql: text, params } = list.count.getQuery();
  const inner = withValues(text, fillPlaceholders(params, all));
  return listed(rows, { count: Math.max(cap + 1, await estimateRows(db, inner)), isEstimate: true });
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

export function toPage<T>(
  items: T[],
  total: number | ListTotal,
  page: number,
  ipp: number,
  nextCursor?: string,
): ListPage<T> {
  const meta = buildMeta(total, page, ipp, items.length);
  return { items, meta: nextCursor ? { ...meta, next_cursor: nextCursor } : meta };
}

/** A big list's answer from its `ListedPage`: the page it is (a cursor's or the query's) and the next cursor. */
export function toListedPage<T>(items: T[], listed: ListedPage<unknown>, ipp: number): ListPage<T> {
  return toPage(items, listed.total, listed.page, ipp, listed.nextCursor);
}

// --- Keyset pages (cursors, docs/decisions/041) ----------------------------------------------------

/**
 * One key of a list's order. A list's keys end with what makes a row unique (its id, or the ids
 * of a joined row), so "after this row" has one answer.
 */
export interface SortKey {
  /** The value ordered by, as the ORDER BY and the list's index have it (`textKey(name)`, a column). */
  value: AnyColumn | SQL;
  direction?: 'asc' | 'desc' | undefined;
  /**
   * The value can be NULL (a nullable column, a LEFT JOIN's): PostgreSQL sorts NULLs last
   * ascending and first descending, and "after" has to say so. Leaving it false on a key that
   * holds NULLs loses rows (the list-cursors test walks NULLs in every nullable key).
   */
  nullable?: boolean;
}

/** What a cursor holds: the list it was made for, the page it leads to, and the last row's keys. */
interface CursorBody {
  fingerprint: string;
  page: number;
  keys: (string | null)[];
}

/**
 * Signs cursors, so one the server did not make is refused (422) before its keys reach SQL, where a
 * forged text compared with a timestamp or a number would fail as a 500. Random per process unless
 * `LIST_CURSOR_SECRET` is set (several processes behind one address need the same one); a cursor
 * from another process or an earlier run is then a 422, which the web client answers by going to
 * the page by its number.
 */
let cursorSecret: Buffer = randomBytes(32);

export function setListCursorSecret(secret: string | undefined): void {
  if (secret) cursorSecret = Buffer.from(secret, 'utf8');
}

function signCursor(payload: string): Buffer {
  return createHmac('sha256', cursorSecret).update(payload).digest().subarray(0, 16);
}

export function encodeCursor(body: CursorBody): string {
  const payload = Buffer.from(JSON.stringify([body.fingerprint, body.page, body.keys])).toString('base64url');
  return `${payload}.${signCursor(payload).toString('base64url')}`;
}

function invalidCursor() {
  return fieldError('cursor', LIST_CURSOR_MSG.invalid);
}

function decodeCursor(cursor: string): CursorBody {
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0) throw invalidCursor();
  const given = Buffer.from(signature, 'base64url');
  const expected = signCursor(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [fingerprint, page, keys] = parsed as unknown[];
  if (typeof fingerprint !== 'string' || !Number.isSafeInteger(page) || (page as number) < 2)
    throw invalidCursor();
  if (!Array.isArray(keys) || !keys.every((key) => key === null || typeof key === 'string'))
    throw invalidCursor();
  return { fingerprint, page: page as number, keys: keys as (string | null)[] };
}

/**
 * What a cursor is tied to: the list (`scope`, with what the route adds to the query: an
 * inventory's id, the technician a list is narrowed to) and every query value but the page and
 * the cursor (order, direction, filters, search, page size). Absent and empty values are one.
 */
function listFingerprint(scope: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([name, value]) => name !== 'page' && name !== 'cursor' && value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha1')
    .update(JSON.stringify([scope, entries]))
    .digest('base64url')
    .slice(0, 16);
}

/** A list query that may carry a cursor. */
export interface PagedQuery {
  page: number;
  ipp: number;
  cursor?: string | undefined;
}

/**
 * A list's order and, with a cursor, the condition "after the cursor's row" (keyset paging), for a
 * list's page statement. One shape per list request, from `keysetOf`.
 */
export interface Keyset {
  /** The ORDER BY terms, key by key. */
  order: SQL[];
  /** Rows after the cursor's, in that order; undefined without a cursor. Only the page's WHERE takes it, never the count's. */
  after: SQL | undefined;
  /** Selected beside the row: its keys as text, the next page's cursor is made of the last row's. */
  fields: { cursorKeys: SQL<unknown> };
  /** For a cached statement's key: whether there is a cursor, and which of its keys are NULL (each its own text). */
  shape: string;
  /** The placeholder values of `after` (`cursor_0`, …) for `runList`. */
  values: Record<string, unknown>;
  /** The page the cursor leads to; undefined without one. */
  page: number | undefined;
  fingerprint: string;
}

/**
 * The keyset of a list request (decision 041). `keys`: the list's order, key by key, ending with
 * what makes a row unique. With `query.cursor`, checks it (a 422 on `cursor` when it is not the
 * server's or was made for another order, filter, search or page size) and builds the condition
 * that keeps the rows after its row. `inline`: the cursor's keys go in as values (a statement built
 * per request, `readPage`) instead of placeholders (a cached one, `runList`).
 *
 * The condition compares key by key, NULLs where PostgreSQL sorts them; the cursor's keys are
 * texts that PostgreSQL reads back as the key's type (`key > $1`, the parameter typed by the key),
 * made by PostgreSQL itself (`key::text`), so a timestamp keeps its microseconds and a numeric its
 * scale. The first key also gets a range of its own (`key >= $1`, `key <= $1`), the index scan's
 * start: the deep page reads the index from the cursor on, as page 1 reads it from the start.
 */
export function keysetOf(
  query: PagedQuery & object,
  scope: string,
  keys: SortKey[],
  options: { inline?: boolean } = {},
): Keyset {
  const fingerprint = listFingerprint(scope, query as Record<string, unknown>);
  const order = keys.map((key) => orderBy(key.value, key.direction));
  const fields = {
    cursorKeys: sql<unknown>`json_build_array(${sql.join(
      keys.map((key) => sql`(${key.value})::text`),
      sql`, `,
    )})`,
  };
  if (!query.cursor)
    return { order, after: undefined, fields, shape: '', values: {}, page: undefined, fingerprint };
  const cursor = decodeCursor(query.cursor);
  if (cursor.fingerprint !== fingerprint) throw fieldError('cursor', LIST_CURSOR_MSG.mismatch);
  if (cursor.keys.length !== keys.length) throw invalidCursor();
  if (cursor.keys.some((value, i) => value === null && !keys[i]?.nullable)) throw invalidCursor();
  const boundOf = (i: number): SQL =>
    options.inline ? sql`${cursor.keys[i]}` : sql`${sql.placeholder(`cursor_${i}`)}`;
  const values = Object.fromEntries(cursor.keys.map((value, i) => [`cursor_${i}`, value]));
  return {
    order,
    after: afterKeys(keys, cursor.keys, boundOf),
    fields,
    shape: `c${cursor.keys.map((value) => (value === null ? 'n' : 'v')).join('')}`,
    values,
    page: cursor.page,
    fingerprint,
  };
}

/**
 * Rows after the cursor's in the order of `keys`: after on the first key, or equal on it and after
 * on the rest, and so on. Ascending sorts NULLs last (nothing is after a NULL but the NULLs of later
 * keys; every NULL is after a value), descending first (every value is after a NULL).
 */
function afterKeys(keys: SortKey[], cursor: (string | null)[], boundOf: (i: number) => SQL): SQL {
  // Every key one way and none NULL: a row comparison, which a btree index of the keys takes as
  // its scan's start on all of them (`(k, id) > ($1, $2)`), so ties on the first key (an enum,
  // a year) are not read from their start.
  const direction = keys[0]?.direction ?? 'asc';
  if (keys.every((key, i) => !key.nullable && cursor[i] !== null && (key.direction ?? 'asc') === direction)) {
    const operator = sql.raw(direction === 'desc' ? '<' : '>');
    return sql`(${sql.join(
      keys.map((key) => sql`${key.value}`),
      sql`, `,
    )}) ${operator} (${sql.join(
      keys.map((_, i) => boundOf(i)),
      sql`, `,
    )})`;
  }
  // `undefined` stands for FALSE while the condition is built from the last key back.
  let after: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as SortKey;
    const value = sql`${key.value}`;
    const isDesc = key.direction === 'desc';
    let beyond: SQL | undefined;
    let same: SQL;
    if (cursor[i] === null) {
      same = sql`${value} IS NULL`;
      beyond = isDesc ? sql`${value} IS NOT NULL` : undefined;
    } else {
      const bound = boundOf(i);
      same = sql`${value} = ${bound}`;
      if (isDesc) beyond = sql`${value} < ${bound}`;
      else beyond = key.nullable ? sql`(${value} > ${bound} OR ${value} IS NULL)` : sql`${value} > ${bound}`;
    }
    const rest = after === undefined ? undefined : sql`(${same} AND ${after})`;
    after = beyond && rest ? sql`(${beyond} OR ${rest})` : (beyond ?? rest);
  }
  if (after === undefined) return sql`false`;
  const first = keys[0] as SortKey;
  if (cursor[0] === null) return after;
  // The first key's range, which the index scan starts from (redundant with `after`).
  if (first.direction === 'desc') return sql`(${first.value} <= ${boundOf(0)} AND ${after})`;
  if (!first.nullable) return sql`(${first.value} >= ${boundOf(0)} AND ${after})`;
  return after;
}

/** A list's page as a service shows it: the rows, the total, the page they are, and the next page's cursor. */
export interface ListedPage<Row> {
  rows: Row[];
  total: ListTotal;
  page: number;
  nextCursor?: string | undefined;
}

/** The page a request shows: the cursor's, or the query's number. */
function shownPage(query: PagedQuery, keyset: Keyset | undefined): number {
  return keyset?.page ?? query.page;
}

/** The rows skipped before the page: none after a cursor, which starts at its row. */
function skippedRows(query: PagedQuery, keyset: Keyset | undefined): number {
  return keyset?.page === undefined ? pageOffset(query.page, query.ipp) : 0;
}

/**
 * The next page's cursor, from the last row's keys: absent when the page is not full or the
 * exact total says nothing follows.
 */
function nextCursorOf(
  keyset: Keyset | undefined,
  rows: unknown[],
  total: ListTotal,
  page: number,
  ipp: number,
): string | undefined {
  if (!keyset || rows.length < ipp) return undefined;
  if (!total.isEstimate && pageOffset(page, ipp) + rows.length >= total.count) return undefined;
  const last = rows[rows.length - 1] as { cursorKeys?: unknown };
  const keys = typeof last.cursorKeys === 'string' ? JSON.parse(last.cursorKeys) : last.cursorKeys;
  if (!Array.isArray(keys)) throw new Error('nextCursorOf: the page statement did not select keyset.fields');
  return encodeCursor({
    fingerprint: keyset.fingerprint,
    page: page + 1,
    keys: keys.map((key: unknown) => (key === null ? null : String(key))),
  });
}
