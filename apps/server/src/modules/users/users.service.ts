import { type SaveUserRequestSchema, USER_ROLES } from '@chemtrack/domain';
import type { z } from 'zod';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { type AccountArea, createAccountsService } from '../accounts/accounts.service.ts';

/** Admins and staff, on the users screen. */
export const USERS_AREA = { what: 'User', entity: 'user', roles: USER_ROLES } satisfies Partial<AccountArea>;

/** A new user has no password yet: `invite` sends the link to choose one. */
export function createUsersService(invite: (user: UserRow) => Promise<void>) {
  return createAccountsService<z.output<typeof SaveUserRequestSchema>>({
    ...USERS_AREA,
    defaultRole: 'staff',
    afterCreate: invite,
  });
}
