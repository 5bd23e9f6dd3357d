import type { PasswordLinkPurpose } from '@chemtrack/domain';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures, passwordResetTokens, users } from '../../db/schema/index.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

/** Auth's own tables: reset tokens, sign-in failures, and the sign-in and password columns of a user. */
export async function createResetToken(
  db: Db | Tx,
  userId: number,
  ttlMs: number,
  purpose: PasswordLinkPurpose = 'reset',
): Promise<string> {
  const token = generateToken();
  await db.insert(passwordResetTokens).values({
    userId,
    purpose,
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

/** What a link was sent for and when it stops working, whether or not it is still valid. */
export async function findResetToken(db: Db, token: string) {
  const [row] = await db
    .select({
      purpose: passwordResetTokens.purpose,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row;
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
