import { SERVER_MSG, type UpdateProfileRequestSchema } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { ALL_ROLES } from '../../plugins/auth.ts';
import {
  findAccount,
  findUserByEmail,
  type UserRow,
  updateAccount,
} from '../accounts/accounts.repository.ts';
import {
  clearFailures,
  consumeResetToken,
  createResetToken,
  createSession,
  lockedUntil,
  recordFailure,
  revokeUserSessions,
  type SessionUser,
} from './sessions.repository.ts';

/** The 429 for a locked sign-in, stating the wait left in whole minutes (at least one). */
export function tooManyAttempts(remainingMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return new AppError('TOO_MANY_REQUESTS', SERVER_MSG.tooManyAttempts.replace('{wait}', wait), undefined, {
    'Retry-After': String(seconds),
  });
}

export async function signIn(
  app: FastifyInstance,
  input: { email: string; password: string; rememberMe: boolean },
  client: { ip: string; userAgent: string | undefined },
): Promise<{ token: string; expiresAt: Date; user: UserRow }> {
  const { db, config } = app;
  const emailKey = `email:${input.email}`;
  const keys = [emailKey, `ip:${client.ip}`];
  // The lock is the same for known and unknown e-mails, so it tells nothing about which exist.
  const until = await lockedUntil(
    db,
    [
      { key: emailKey, max: config.loginMaxFailuresPerEmail },
      { key: `ip:${client.ip}`, max: config.loginMaxFailuresPerIp },
    ],
    config.loginWindowMs,
  );
  if (until) throw tooManyAttempts(until.getTime() - Date.now());
  const user = await findUserByEmail(db, input.email);
  // Unknown e-mail, wrong password and archived account all get the same answer.
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid || !user.isActive) {
    await recordFailure(db, keys, config.loginWindowMs);
    throw new AppError('UNAUTHENTICATED', SERVER_MSG.invalidCredentials);
  }
  await clearFailures(db, emailKey);
  const ttlMs = input.rememberMe ? config.rememberedSessionTtlMs : config.sessionTtlMs;
  const session = await createSession(db, {
    userId: user.id,
    ttlMs,
    isRemembered: input.rememberMe,
    ipAddress: client.ip,
    userAgent: client.userAgent,
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return { ...session, user };
}

export function resetLink(app: FastifyInstance, token: string): string {
  return `${app.config.appUrl}/set-password?token=${encodeURIComponent(token)}`;
}

/** Sends a reset link when the e-mail belongs to an active account; silent otherwise. */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  if (!user?.isActive) return;
  const token = await createResetToken(app.db, user.id, app.config.resetTokenTtlMs);
  const minutes = Math.round(app.config.resetTokenTtlMs / 60000);
  await app.mailer.send({
    to: user.email,
    subject: 'Reset your ChemTrack password',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Someone asked to reset the password of your ChemTrack account. To choose a new password, open:',
      '',
      resetLink(app, token),
      '',
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
    ].join('\n'),
  });
}

/** An account created by an admin has no password yet: it gets a link to choose one. */
export async function sendInvitation(app: FastifyInstance, user: UserRow): Promise<void> {
  const ttlMs = 7 * 24 * 60 * 60 * 1000;
  const token = await createResetToken(app.db, user.id, ttlMs);
  await app.mailer.send({
    to: user.email,
    subject: 'Your ChemTrack account',
    text: [
      `Hello ${user.firstName},`,
      '',
      'An account was created for you on ChemTrack. Choose your password here:',
      '',
      resetLink(app, token),
      '',
      'The link works once and expires in 7 days.',
    ].join('\n'),
  });
}

export async function setPasswordWithToken(
  app: FastifyInstance,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, token);
    if (!userId) throw fieldError('token', SERVER_MSG.resetLinkInvalid);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // A new password ends every session opened with the old one.
    await revokeUserSessions(tx, userId);
  });
}

export async function updateProfile(
  app: FastifyInstance,
  actor: SessionUser,
  input: z.output<typeof UpdateProfileRequestSchema>,
): Promise<UserRow> {
  const current = await findAccount(app.db, actor.id, ALL_ROLES, 'User');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // The role is shown on the profile but never changed from it.
  return updateAccount(app.db, actor.id, ALL_ROLES, 'User', {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone,
    role: current.role,
    passwordHash,
  });
}
