import {
  type PasswordLinkResource,
  SERVER_MSG,
  type UpdateProfile,
  type UserResource,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { Config } from '../../lib/config.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ALL_ROLES } from '../../plugins/auth.ts';
import { findAccount, findUserByEmail, type UserRow } from '../accounts/accounts.repository.ts';
import { accountEntity, toUserResource, updateAccount } from '../accounts/accounts.service.ts';
import { endSession, endUserSessions, openSession } from '../sessions/sessions.service.ts';
import {
  clearFailures,
  consumeResetToken,
  createResetToken,
  findResetToken,
  findResetTokenOwner,
  lockedUntil,
  recordFailure,
  recordSignIn,
  setPasswordHash,
} from './auth.repository.ts';

/**
 * What the auth calls need beyond the database: the limits and links of the configuration, and
 * the mailer. The Fastify instance has all three.
 */
export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/**
 * The 429 for a locked call (sign-in unless `template` says otherwise), stating the wait left in
 * whole minutes (at least one).
 */
export function tooManyAttempts(
  remainingMs: number,
  template: string = SERVER_MSG.tooManyAttempts,
): AppError {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return new AppError('TOO_MANY_REQUESTS', template.replace('{wait}', wait), undefined, {
    'Retry-After': String(seconds),
  });
}

/** Throws the 429 when any of the keys has reached its limit within the window. */
async function refuseWhenLocked(
  db: Db,
  limits: { key: string; max: number }[],
  windowMs: number,
  template: string,
): Promise<void> {
  const until = await lockedUntil(db, limits, windowMs);
  if (until) throw tooManyAttempts(until.getTime() - Date.now(), template);
}

export async function signIn(
  { db, config }: Pick<AuthDeps, 'db' | 'config'>,
  input: { email: string; password: string; rememberMe: boolean },
  client: { ip: string; userAgent: string | undefined },
): Promise<{
  token: string;
  expiresAt: Date;
  firstName: string;
  isFirstSignIn: boolean;
  resource: UserResource;
}> {
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
    await db.transaction(async (tx) => {
      await recordFailure(tx, keys, config.loginWindowMs);
      // Nobody is signed in, so no actor: the e-mail tried (never the password) and the address.
      await recordAudit(
        tx,
        { userId: undefined, ip: client.ip },
        {
          action: 'sign-in-failed',
          entity: user ? accountEntity(user.role) : 'user',
          entityId: user?.id,
          details: { email: input.email.slice(0, 255) },
        },
      );
    });
    throw new AppError('UNAUTHENTICATED', SERVER_MSG.invalidCredentials);
  }
  const ttlMs = input.rememberMe ? config.rememberedSessionTtlMs : config.sessionTtlMs;
  const session = await db.transaction(async (tx) => {
    await clearFailures(tx, emailKey);
    const created = await openSession(tx, {
      userId: user.id,
      ttlMs,
      isRemembered: input.rememberMe,
      ipAddress: client.ip,
      userAgent: client.userAgent,
    });
    await recordSignIn(tx, user.id);
    await recordAudit(
      tx,
      { userId: user.id, ip: client.ip },
      {
        action: 'sign-in',
        entity: accountEntity(user.role),
        entityId: user.id,
        details: { remember_me: input.rememberMe },
      },
    );
    return created;
  });
  return {
    ...session,
    firstName: user.firstName,
    isFirstSignIn: user.lastLoginAt === null,
    resource: toUserResource(user),
  };
}

export async function signOut(db: Db, actor: Actor, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await endSession(tx, sessionId);
    await recordAudit(tx, actor, {
      action: 'sign-out',
      entity: accountEntity(actor.role ?? 'staff'),
      entityId: actor.userId,
    });
  });
}

export function resetLink(config: Pick<Config, 'appUrl'>, token: string): string {
  return `${config.appUrl}/set-password?token=${encodeURIComponent(token)}`;
}

/**
 * Sends a reset link when the e-mail belongs to an active account; silent otherwise. Every
 * request counts against the e-mail and the address, known e-mail or not (so the limit tells
 * nothing about which exist): past the limit a 429, and no mail.
 */
export async function requestPasswordReset(
  { db, config, mailer }: AuthDeps,
  email: string,
  client: { ip: string },
): Promise<void> {
  const keys = [`reset:email:${email}`, `reset:ip:${client.ip}`] as const;
  await refuseWhenLocked(
    db,
    [
      { key: keys[0], max: config.resetMaxPerEmail },
      { key: keys[1], max: config.resetMaxPerIp },
    ],
    config.loginWindowMs,
    SERVER_MSG.tooManyResetRequests,
  );
  await recordFailure(db, [...keys], config.loginWindowMs);
  const user = await findUserByEmail(db, email);
  if (!user?.isActive) return;
  const token = await db.transaction(async (tx) => {
    const issued = await createResetToken(tx, user.id, config.resetTokenTtlMs);
    await recordAudit(
      tx,
      { userId: undefined, ip: client.ip },
      {
        action: 'password-reset-request',
        entity: accountEntity(user.role),
        entityId: user.id,
      },
    );
    return issued;
  });
  const minutes = Math.round(config.resetTokenTtlMs / 60000);
  await mailer.send({
    to: user.email,
    subject: 'Reset your ChemTrack password',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Someone asked to reset the password of your ChemTrack account. To choose a new password, open:',
      '',
      resetLink(config, token),
      '',
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
    ].join('\n'),
  });
}

/** An account created by an admin has no password yet: it gets a link to choose one. */
export async function sendInvitation({ db, config, mailer }: AuthDeps, user: UserRow): Promise<void> {
  const ttlMs = 7 * 24 * 60 * 60 * 1000;
  const token = await createResetToken(db, user.id, ttlMs, 'invitation');
  await mailer.send({
    to: user.email,
    subject: 'Your ChemTrack account',
    text: [
      `Hello ${user.firstName},`,
      '',
      'An account was created for you on ChemTrack. Choose your password here:',
      '',
      resetLink(config, token),
      '',
      'The link works once and expires in 7 days.',
    ].join('\n'),
  });
}

/**
 * What a set-password link was sent for and whether it still works, so the page can say so before
 * anything is typed (issue 33 point 15): a used invitation is not a "password reset link". It
 * names no account, and a token is 256 random bits, so it tells a guesser nothing.
 */
export async function describePasswordLink(db: Db, token: string): Promise<PasswordLinkResource> {
  const found = await findResetToken(db, token);
  if (!found) return { purpose: null, state: 'unknown' };
  const state = found.usedAt ? 'used' : found.expiresAt <= new Date() ? 'expired' : 'valid';
  return { purpose: found.purpose, state };
}

/**
 * Sets the password of the link's account. A link that is not valid counts against the address
 * and, when it was issued for an account (used or expired), against that account: past either
 * limit a 429, even with a valid link.
 */
export async function setPasswordWithToken(
  { db, config }: Pick<AuthDeps, 'db' | 'config'>,
  input: { token: string; password: string },
  client: { ip: string },
): Promise<void> {
  const ipKey = `set-password:ip:${client.ip}`;
  const ownerId = await findResetTokenOwner(db, input.token);
  const accountKey = ownerId === undefined ? undefined : `set-password:user:${ownerId}`;
  await refuseWhenLocked(
    db,
    [
      { key: ipKey, max: config.setPasswordMaxFailuresPerIp },
      ...(accountKey ? [{ key: accountKey, max: config.setPasswordMaxFailuresPerAccount }] : []),
    ],
    config.loginWindowMs,
    SERVER_MSG.tooManySetPasswordAttempts,
  );
  const passwordHash = await hashPassword(input.password);
  const isSet = await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, input.token);
    if (!userId) return false;
    await setPasswordHash(tx, userId, passwordHash);
    // A new password ends every session opened with the old one.
    const ended = await endUserSessions(tx, userId);
    const { role } = await findAccount(tx, userId, ALL_ROLES, 'User');
    // The link's holder acts as its account: that is whom the link was sent to.
    await recordAudit(
      tx,
      { userId, ip: client.ip },
      {
        action: 'password-set',
        entity: accountEntity(role),
        entityId: userId,
        details: { password_changed: true, ended_sessions: ended },
      },
    );
    return true;
  });
  if (!isSet) {
    await recordFailure(db, accountKey ? [ipKey, accountKey] : [ipKey], config.loginWindowMs);
    throw fieldError('token', SERVER_MSG.resetLinkInvalid);
  }
}

/** The signed-in user's own account. */
export async function getProfile(db: Db, actor: SessionUser): Promise<UserResource> {
  return toUserResource(await findAccount(db, actor.id, ALL_ROLES, 'User'));
}

export async function updateProfile(
  db: Db,
  actor: SessionUser,
  input: UpdateProfile,
  client: { ip: string },
): Promise<UserResource> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // The role is shown on the profile but never changed from it: the save passes none, so the
  // account keeps its own.
  const row = await updateAccount(db, { userId: actor.id, ip: client.ip }, actor.id, ALL_ROLES, 'User', {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone: input.phone,
    passwordHash,
  });
  return toUserResource(row);
}
