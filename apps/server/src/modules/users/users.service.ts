import {
  type EndSessionsResponse,
  endSessionsMessage,
  type SaveUserRequestSchema,
  USER_ROLES,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { findAccount, type UserRow } from '../accounts/accounts.repository.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';

/** Admins and staff. A new user has no password yet: `invite` sends the link to choose one. */
export function createUsersService(invite: (user: UserRow) => Promise<void>) {
  return createAccountsService<z.output<typeof SaveUserRequestSchema>>({
    what: 'User',
    entity: 'user',
    roles: USER_ROLES,
    defaultRole: 'staff',
    afterCreate: invite,
  });
}

/**
 * Ends every live session of a user (issue 12): each device must sign in again. The account
 * stays as it is; an admin may end their own sessions too, this one included.
 */
export async function endUserSessions(db: Db, actor: Actor, id: number): Promise<EndSessionsResponse> {
  return db.transaction(async (tx) => {
    const user = await findAccount(tx, id, USER_ROLES, 'User');
    const count = await revokeUserSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'end-sessions',
      entity: 'user',
      entityId: id,
      details: { ended_sessions: count },
    });
    const fullName = `${user.firstName} ${user.lastName}`.trim();
    return { message: endSessionsMessage(fullName, count), resource: { ended_sessions: count } };
  });
}
