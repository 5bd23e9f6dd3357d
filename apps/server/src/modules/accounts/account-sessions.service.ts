import { type EndSessionsResponse, endSessionsMessage } from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { endUserSessions } from '../sessions/sessions.service.ts';
import { findAccount } from './accounts.repository.ts';
import type { AccountArea } from './accounts.service.ts';

/**
 * Ends every live session of an account of the area (issue 12): each device must sign in again.
 * The account stays as it is; an admin may end their own sessions too, this one included. An
 * account of another area is not found, as on the area's other calls.
 */
export async function endAccountSessions(
  db: Db,
  actor: Actor,
  id: number,
  area: Pick<AccountArea, 'what' | 'entity' | 'roles'>,
): Promise<EndSessionsResponse> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, id, area.roles, area.what);
    const count = await endUserSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'end-sessions',
      entity: area.entity,
      entityId: id,
      details: { ended_sessions: count },
    });
    const fullName = `${account.firstName} ${account.lastName}`.trim();
    return { message: endSessionsMessage(fullName, count), resource: { ended_sessions: count } };
  });
}
