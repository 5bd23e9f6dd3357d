import type { Role, UserResource } from '@chemtrack/domain';
import { SERVER_MSG } from '@chemtrack/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inventoryTechnicians, users } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';

/**
 * Users and technicians are both rows of `users`; this one repository serves both areas,
 * each scoped to its own roles.
 */
export type UserRow = typeof users.$inferSelect;

export function toUserResource(row: UserRow): UserResource {
  const fullName = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    is_active: row.isActive,
    profile: {
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: fullName,
      email: row.email,
      phone: row.phone,
      role: row.role,
    },
    address: { phone: row.phone },
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

/** Must match the expression of the `users_full_name_trgm` index so searches use it. */
const fullName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

const ORDER_COLUMNS = {
  first_name: textKey(users.firstName),
  last_name: textKey(users.lastName),
  name: textKey(fullName),
  email: textKey(users.email),
  created_at: users.createdAt,
  updated_at: users.updatedAt,
} as const;
export type AccountOrder = keyof typeof ORDER_COLUMNS;
export const ACCOUNT_ORDER_KEYS = Object.keys(ORDER_COLUMNS) as [AccountOrder, ...AccountOrder[]];

export interface AccountListQuery {
  page: number;
  ipp: number;
  search?: string | undefined;
  status?: string | undefined;
  order_by?: AccountOrder | undefined;
  order_dir?: 'asc' | 'desc' | undefined;
}

export async function listAccounts(db: Db, roles: readonly Role[], query: AccountListQuery) {
  const where = and(
    inArray(users.role, [...roles]),
    activeFilter(query.status, users.isActive),
    searchAny(query.search, [fullName, users.email]),
  );
  const order: SQL[] = query.order_by
    ? [orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)]
    : [orderBy(users.updatedAt, 'desc')];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order, users.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return toPage(rows.map(toUserResource), count?.total ?? 0, query.page, query.ipp);
}

export async function findAccount(
  db: Db,
  id: number,
  roles: readonly Role[],
  what: string,
): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...roles])))
    .limit(1);
  if (!row) throw notFound(what);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptId) throw fieldError('email', SERVER_MSG.emailTaken);
}

export interface AccountInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: Role;
  is_active?: boolean | undefined;
  passwordHash?: string | undefined;
}

export async function createAccount(db: Db, input: AccountInput): Promise<UserRow> {
  await assertEmailFree(db, input.email);
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      role: input.role,
      isActive: input.is_active ?? true,
      passwordHash: input.passwordHash,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAccount(
  db: Db,
  id: number,
  roles: readonly Role[],
  what: string,
  input: Omit<AccountInput, 'role'> & { role?: Role | undefined },
): Promise<UserRow> {
  await findAccount(db, id, roles, what);
  await assertEmailFree(db, input.email, id);
  const [row] = await db
    .update(users)
    .set({
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      ...(input.role ? { role: input.role } : {}),
      ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound(what);
  return row;
}

/** Flips is_active; archiving ends every session of the account at once. */
export async function toggleAccount(
  db: Db,
  id: number,
  roles: readonly Role[],
  what: string,
  actorId: number,
) {
  if (id === actorId) throw new AppError('CONFLICT', SERVER_MSG.cannotArchiveSelf);
  return db.transaction(async (tx) => {
    const current = await findAccount(tx, id, roles, what);
    const [row] = await tx
      .update(users)
      .set({ isActive: !current.isActive })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound(what);
    if (!row.isActive) await revokeUserSessions(tx, id);
    return row;
  });
}

export async function deleteAccount(
  db: Db,
  id: number,
  roles: readonly Role[],
  what: string,
  actorId: number,
) {
  if (id === actorId) throw new AppError('CONFLICT', SERVER_MSG.cannotDeleteSelf);
  const row = await findAccount(db, id, roles, what);
  const [assigned] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inventoryTechnicians)
    .where(eq(inventoryTechnicians.userId, id));
  if ((assigned?.count ?? 0) > 0) {
    throw new AppError(
      'CONFLICT',
      `${what} is assigned to inventories and cannot be deleted. Archive it instead.`,
    );
  }
  await db.delete(users).where(eq(users.id, id));
  return row;
}

export async function autocompleteAccounts(
  db: Db,
  roles: readonly Role[],
  query: { page: number; ipp: number; search?: string | undefined; order_dir?: 'asc' | 'desc' | undefined },
) {
  const where = and(
    inArray(users.role, [...roles]),
    eq(users.isActive, true),
    searchAny(query.search, [fullName, users.email]),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: users.id, name: fullName })
      .from(users)
      .where(where)
      .orderBy(orderBy(textKey(fullName), query.order_dir), users.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return toPage(rows, count?.total ?? 0, query.page, query.ipp);
}
