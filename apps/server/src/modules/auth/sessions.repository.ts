import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures, passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
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
 * The signed-in user behind a bearer token, if the session is live and the user active. Live:
 * not revoked, before its absolute expiry, and used (or opened) within its idle limit. Use is
 * recorded every few minutes, so a session may outlive its idle limit by that much.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  limits: IdleLimits,
): Promise<SessionUser | undefined> {
  const now = Date.now();
  const idleCutoff = new Date(now - limits.idleMs).toISOString();
  const rememberedIdleCutoff = new Date(now - limits.rememberedIdleMs).toISOString();
  const [row] = await db
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
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) > (case when ${sessions.isRemembered}
          then ${rememberedIdleCutoff}::timestamptz else ${idleCutoff}::timestamptz end)`,
        eq(users.isActive, true),
      ),
    )
    .limit(1);
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

export async function createResetToken(db: Db | Tx, userId: number, ttlMs: number): Promise<string> {
  const token = generateToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The account a reset token was issued for, whether or not it is still valid. */
export async function findResetTokenOwner(db: Db, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row?.userId;
}

/** Marks a reset token used and returns its user, or undefined when it is unknown, used or expired. */
export async function consumeResetToken(db: Db, token: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/**
 * When the lock on sign-ins ends, or undefined when none of the keys has reached its limit.
 * A key is locked while it has `max` failures inside the window, so the lock ends when the
 * `max`-th newest of them leaves the window.
 */
export async function lockedUntil(
  db: Db,
  limits: { key: string; max: number }[],
  windowMs: number,
): Promise<Date | undefined> {
  const since = new Date(Date.now() - windowMs);
  let until: Date | undefined;
  for (const { key, max } of limits) {
    const [row] = await db
      .select({ attemptedAt: loginFailures.attemptedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.attemptedAt, since)))
      .orderBy(desc(loginFailures.attemptedAt))
      .limit(1)
      .offset(max - 1);
    if (!row) continue;
    const ends = new Date(row.attemptedAt.getTime() + windowMs);
    if (!until || ends > until) until = ends;
  }
  return until;
}

export async function recordFailure(db: Db | Tx, keys: string[], windowMs: number): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  // Old rows are of no use to the window; trim them as we go.
  await db.delete(loginFailures).where(lt(loginFailures.attemptedAt, new Date(Date.now() - windowMs)));
}

export async function clearFailures(db: Db | Tx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function recordSignIn(db: Db | Tx, userId: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db | Tx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
