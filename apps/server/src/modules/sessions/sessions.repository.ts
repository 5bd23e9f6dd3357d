import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { cachedStatement, prepareNamed } from '../../lib/list-query.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import type { SessionUser } from '../../plugins/auth.ts';

export type { SessionUser };

export async function createSession(
  db: Db | Tx,
  input: {
    userId: number;
    ttlMs: number;
    isRemembered: boolean;
    ipAddress: string;
    userAgent: string | undefined;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    isRemembered: input.isRemembered,
    expiresAt,
    ipAddress: input.ipAddress.slice(0, 64),
    userAgent: input.userAgent?.slice(0, 512),
  });
  return { token, expiresAt };
}

/** How long a session may go unused before it ends, with and without "remember me". */
export interface IdleLimits {
  idleMs: number;
  rememberedIdleMs: number;
}

/** Use is recorded at most this often, so reads do not each cost a write. */
const LAST_USED_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The lookup of every signed-in request, prepared once per database (lib/list-query.ts's
 * `cachedStatement`): one statement on the unique token index, its text built once, parsed once
 * per connection. It reads the database each time, so a session revoked by any process ends at
 * once on every process.
 */
function liveSessionStatement(db: Db) {
  return cachedStatement(db, 'session:live', () =>
    prepareNamed(
      db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          sessionId: sessions.id,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, sql.placeholder('token_hash')),
            isNull(sessions.revokedAt),
            sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
            sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) > (case when ${sessions.isRemembered}
              then ${sql.placeholder('remembered_idle_cutoff')}::timestamptz else ${sql.placeholder('idle_cutoff')}::timestamptz end)`,
            eq(users.isActive, true),
          ),
        )
        .limit(1),
    ),
  );
}

/**
 * The signed-in user behind a bearer token, if the session is live and the user active. Live:
 * not revoked, before its absolute expiry, and used (or opened) within its idle limit. Use is
 * recorded every few minutes, so a session may outlive its idle limit by that much.
 */
export async function touchSessionUser(
  db: Db,
  token: string,
  limits: IdleLimits,
): Promise<SessionUser | undefined> {
  const now = Date.now();
  const [row] = await liveSessionStatement(db).execute({
    token_hash: hashToken(token),
    now: new Date(now).toISOString(),
    idle_cutoff: new Date(now - limits.idleMs).toISOString(),
    remembered_idle_cutoff: new Date(now - limits.rememberedIdleMs).toISOString(),
  });
  if (!row) return undefined;
  const writeInterval = Math.min(LAST_USED_WRITE_INTERVAL_MS, limits.idleMs / 4);
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > writeInterval) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, role: row.role, sessionId: row.sessionId };
}

export async function revokeSession(db: Db | Tx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user; returns how many there were. */
export async function revokeUserSessions(db: Db | Tx, userId: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .returning({ id: sessions.id });
  return revoked.length;
}
