import type { Db, Tx } from '../../db/client.ts';
import { createSession, revokeSession, revokeUserSessions } from './sessions.repository.ts';

/**
 * Sign-in sessions as other areas change them: auth opens and ends one, accounts end all of a
 * user's (archive, End Sessions). Each call runs in the caller's transaction, whose service
 * writes the audit row of the change that ends them.
 */
export function openSession(tx: Db | Tx, input: Parameters<typeof createSession>[1]) {
  return createSession(tx, input);
}

export function endSession(tx: Db | Tx, sessionId: number): Promise<void> {
  return revokeSession(tx, sessionId);
}

/** Ends every live session of a user; returns how many there were. */
export function endUserSessions(tx: Db | Tx, userId: number): Promise<number> {
  return revokeUserSessions(tx, userId);
}
