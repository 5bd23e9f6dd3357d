import type { Role } from '@chemtrack/domain';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  sessionId: number;
}

export async function createSession(
  db: Db,
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

/** The signed-in user behind a bearer token, if the session is live and the user active. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | undefined> {
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
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  // Record use at most every five minutes so reads do not each cost a write.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 5 * 60 * 1000) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, role: row.role, sessionId: row.sessionId };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function createResetToken(db: Db, userId: number, ttlMs: number): Promise<string> {
  const token = generateToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
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

export async function countRecentFailures(db: Db, keys: string[], windowMs: number): Promise<number[]> {
  const since = new Date(Date.now() - windowMs);
  const rows = await db
    .select({ key: loginFailures.key, count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(or(...keys.map((key) => eq(loginFailures.key, key))), gt(loginFailures.attemptedAt, since)))
    .groupBy(loginFailures.key);
  return keys.map((key) => rows.find((row) => row.key === key)?.count ?? 0);
}

export async function recordFailure(db: Db, keys: string[], windowMs: number): Promise<void> {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
  // Old rows are of no use to the window; trim them as we go.
  await db.delete(loginFailures).where(lt(loginFailures.attemptedAt, new Date(Date.now() - windowMs)));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
