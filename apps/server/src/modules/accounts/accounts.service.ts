import { type AccountListQuery, type Role, SERVER_MSG, type UserResource } from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { endUserSessions } from '../sessions/sessions.service.ts';
import {
  autocompleteAccounts,
  checkAccountVersion,
  countInventoryAssignments,
  deleteAccountRow,
  findAccount,
  findUserByEmail,
  insertAccount,
  listAccounts,
  type UserRow,
  updateAccountRow,
} from './accounts.repository.ts';

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

/**
 * The `entity` of an account's audit rows: the users and technicians screens each read their own,
 * so a technician's own sign-ins and profile changes show in the technician's history.
 */
export function accountEntity(role: Role): 'user' | 'technician' {
  return role === 'technician' ? 'technician' : 'user';
}

/** One account per e-mail address, case ignored: it is the sign-in name. */
async function refuseTakenEmail(tx: Tx, email: string, exceptId?: number): Promise<void> {
  const existing = await findUserByEmail(tx, email);
  if (existing && existing.id !== exceptId) throw fieldError('email', SERVER_MSG.emailTaken);
}

/** What a save of a user, a technician or one's own profile carries. */
export interface AccountSaveBody {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role?: Role | undefined;
  is_active?: boolean | undefined;
  /** The version the form read (lib/record-version.ts). */
  updated_at?: string | undefined;
}

type ProfileInput = Omit<AccountSaveBody, 'is_active'> & { passwordHash?: string | undefined };

/**
 * Saves the name, e-mail and phone of an account, the role only when given, and a new password
 * hash when given, refusing an e-mail another account has.
 */
async function saveAccount(tx: Tx, id: number, roles: readonly Role[], what: string, input: ProfileInput) {
  await findAccount(tx, id, roles, what);
  await refuseTakenEmail(tx, input.email, id);
  return updateAccountRow(tx, id, what, {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    ...(input.role ? { role: input.role } : {}),
    ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
  });
}

/**
 * `saveAccount` in a transaction of its own with its audit row: the own profile uses it. A new
 * password is recorded as a flag only.
 */
export function updateAccount(
  db: Db,
  actor: Actor,
  id: number,
  roles: readonly Role[],
  what: string,
  input: ProfileInput,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await findAccount(tx, id, roles, what);
    const row = await saveAccount(tx, id, roles, what, input);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: accountEntity(row.role),
      entityId: id,
      before: toUserResource(before),
      after: toUserResource(row),
      ...(input.passwordHash ? { details: { password_changed: true } } : {}),
    });
    return row;
  });
}

export interface AccountArea {
  /** Singular noun of the answers: "User", "Technician". */
  what: string;
  /** The `entity` of its audit rows. */
  entity: string;
  /** The account roles this area manages. */
  roles: readonly Role[];
  /** The role a new account gets when the body has none. */
  defaultRole: Role;
  /** Runs once a new account is committed, such as sending its invitation. */
  afterCreate?: (row: UserRow) => Promise<void>;
}

/**
 * Users and technicians: the same rules over `users`, each area scoped to its roles. No one
 * archives or deletes their own account, and an account assigned to inventories stays.
 */
export function createAccountsService<TBody extends AccountSaveBody>(
  area: AccountArea,
): CrudService<UserResource, UserResource, AccountListQuery, TBody> {
  const { what, entity, roles } = area;
  return {
    async list(db, query) {
      const page = await listAccounts(db, roles, query);
      return { items: page.items.map(toUserResource), meta: page.meta };
    },

    autocomplete: (db, query) => autocompleteAccounts(db, roles, query),

    async get(db, id) {
      return toUserResource(await findAccount(db, id, roles, what));
    },

    async create(db, actor, body) {
      const row = await db.transaction(async (tx) => {
        await refuseTakenEmail(tx, body.email);
        const created = await insertAccount(tx, {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          role: body.role ?? area.defaultRole,
          isActive: body.is_active ?? true,
        });
        await recordAudit(tx, actor, {
          action: 'create',
          entity,
          entityId: created.id,
          after: toUserResource(created),
        });
        return created;
      });
      // After the commit: an e-mail cannot be taken back with a rolled-back transaction.
      await area.afterCreate?.(row);
      return toUserResource(row);
    },

    async update(db, actor, id, body) {
      return db.transaction(async (tx) => {
        const before = await findAccount(tx, id, roles, what);
        await checkAccountVersion(tx, { entity, id, readAt: body.updated_at });
        const row = await saveAccount(tx, id, roles, what, body);
        await recordAudit(tx, actor, {
          action: 'update',
          entity,
          entityId: row.id,
          before: toUserResource(before),
          after: toUserResource(row),
        });
        return toUserResource(row);
      });
    },

    /** Archiving ends every session of the account at once. */
    toggle(db, actor, id) {
      return db.transaction(async (tx) => {
        if (id === actor.userId) throw new AppError('CONFLICT', SERVER_MSG.cannotArchiveSelf);
        const current = await findAccount(tx, id, roles, what);
        const row = await updateAccountRow(tx, id, what, { isActive: !current.isActive });
        if (!row.isActive) await endUserSessions(tx, id);
        await recordAudit(tx, actor, {
          action: row.isActive ? 'unarchive' : 'archive',
          entity,
          entityId: row.id,
          before: toUserResource(current),
          after: toUserResource(row),
        });
        return toUserResource(row);
      });
    },

    remove(db, actor, id) {
      return db.transaction(async (tx) => {
        if (id === actor.userId) throw new AppError('CONFLICT', SERVER_MSG.cannotDeleteSelf);
        // Locked, so no inventory is assigned the account between the count and the delete.
        const row = await findAccount(tx, id, roles, what, { forUpdate: true });
        if ((await countInventoryAssignments(tx, id)) > 0) {
          throw new AppError(
            'CONFLICT',
            `${what} is assigned to inventories and cannot be deleted. Archive it instead.`,
          );
        }
        await deleteAccountRow(tx, id);
        await recordAudit(tx, actor, {
          action: 'delete',
          entity,
          entityId: row.id,
          details: { email: row.email },
          before: toUserResource(row),
        });
        return toUserResource(row);
      });
    },
  };
}
