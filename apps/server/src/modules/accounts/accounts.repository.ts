import type { AccountListQuery, AutocompleteQuery, Role } from '@chemtrack/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inventoryTechnicians, users } from '../../db/schema/index.ts';
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

/** Refuses a save over a newer version of the account than the client read (lib/record-version.ts). */
export const checkAccountVersion = versionCheck(users);

/**
 * Users and technicians are both rows of `users`; this one repository serves both areas,
 * each scoped to its own roles.
 */
export type UserRow = typeof users.$inferSelect;

/** Must match the expression of the `users_full_name_trgm` index so searches use it. */
const fullName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

const ORDER_COLUMNS = {
  first_name: textKey(users.firstName),
  last_name: textKey(users.lastName),
  name: textKey(fullName),
  email: textKey(users.email),
  created_at: users.createdAt,
  updated_at: users.updatedAt,
} as const satisfies Record<NonNullable<AccountListQuery['order_by']>, unknown>;

export async function listAccounts(db: Db | Tx, roles: readonly Role[], query: AccountListQuery) {
  const where = and(
    inArray(users.role, [...roles]),
    activeFilter(query.status, users.isActive),
    searchAny(query.search, [fullName, users.email]),
  );
  const order: SQL[] = query.order_by
    ? [orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)]
    : [orderBy(users.updatedAt, 'desc')];
  const { rows, total } = await readPage(
    db,
    query,
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order, users.id),
    selectMatching(db, users, where),
  );
  return toPage(rows, total, query.page, query.ipp);
}

/** Active accounts of the roles as picker items, by full name. */
export async function autocompleteAccounts(db: Db | Tx, roles: readonly Role[], query: AutocompleteQuery) {
  const where = and(
    inArray(users.role, [...roles]),
    eq(users.isActive, true),
    searchAny(query.search, [fullName, users.email]),
  );
  const { rows, total } = await readPage(
    db,
    query,
    db
      .select({ id: users.id, name: fullName })
      .from(users)
      .where(where)
      .orderBy(orderBy(textKey(fullName), query.order_dir), users.id),
    selectMatching(db, users, where),
  );
  return toPage(rows, total, query.page, query.ipp);
}

/**
 * The account with this id among the roles, or a 404 naming `what`. `forUpdate` locks the row to
 * the end of the transaction.
 */
export async function findAccount(
  db: Db | Tx,
  id: number,
  roles: readonly Role[],
  what: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow> {
  const select = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...roles])))
    .limit(1);
  const [row] = await (options.forUpdate ? select.for('update') : select);
  if (!row) throw notFound(what);
  return row;
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export interface AccountValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  isActive: boolean;
  passwordHash?: string | undefined;
}

export async function insertAccount(db: Db | Tx, values: AccountValues): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAccountRow(
  db: Db | Tx,
  id: number,
  what: string,
  values: Partial<AccountValues>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw notFound(what);
  return row;
}

/** How many inventories the account is assigned to as a technician. */
export async function countInventoryAssignments(db: Db | Tx, id: number): Promise<number> {
  const [assigned] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inventoryTechnicians)
    .where(eq(inventoryTechnicians.userId, id));
  return assigned?.count ?? 0;
}

export async function deleteAccountRow(db: Db | Tx, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
