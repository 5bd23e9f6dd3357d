import { SERVER_MSG } from '@chemtrack/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginFailures, sessions } from '../src/db/schema/index.ts';
import { loadConfig } from '../src/lib/config.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { createSession } from '../src/modules/sessions/sessions.repository.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { create } from '../src/seed/factories.ts';
import {
  APP_KEY,
  createTestContext,
  createTestUser,
  extractResetToken,
  PASSWORD,
  readOutbox,
  type TestContext,
} from './helper.ts';

/**
 * Sessions and the limits around signing in (issue 12): idle and absolute timeouts, an admin
 * ending a user's sessions, and forgot-password and set-password limited per address and per
 * account (sign-in's own limits: auth.test.ts). The limits here are small so each takes a few calls.
 */

const LIMITS = {
  resetMaxPerEmail: 2,
  resetMaxPerIp: 4,
  setPasswordMaxFailuresPerAccount: 2,
  setPasswordMaxFailuresPerIp: 3,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(LIMITS);
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function me(token: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/auth/me`,
    headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${token}` },
  });
}

/** A session of a new user, opened and last used at the given ages. */
async function sessionAged(options: {
  isRemembered: boolean;
  openedAgo: number;
  usedAgo?: number;
  ttlMs?: number;
}) {
  const user = await create.user(ctx);
  const opened = await createSession(ctx.database.db, {
    userId: user.id,
    ttlMs: options.ttlMs ?? 30 * DAY,
    isRemembered: options.isRemembered,
    ipAddress: '127.0.0.1',
    userAgent: 'test',
  });
  const now = Date.now();
  await ctx.database.db
    .update(sessions)
    .set({
      createdAt: new Date(now - options.openedAgo),
      lastUsedAt: options.usedAgo === undefined ? null : new Date(now - options.usedAgo),
    })
    .where(eq(sessions.userId, user.id));
  return opened.token;
}

function anonymous(url: string, options: { payload?: object; ip?: string } = {}) {
  return ctx.call(null, {
    method: 'POST',
    url,
    payload: options.payload,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

describe('session timeouts', () => {
  it('has documented defaults, each set from the environment', () => {
    const defaults = loadConfig({});
    expect(defaults.sessionTtlMs).toBe(12 * HOUR);
    expect(defaults.rememberedSessionTtlMs).toBe(30 * DAY);
    expect(defaults.sessionIdleMs).toBe(2 * HOUR);
    expect(defaults.rememberedSessionIdleMs).toBe(7 * DAY);
    const set = loadConfig({
      SESSION_HOURS: '8',
      REMEMBERED_SESSION_DAYS: '14',
      SESSION_IDLE_MINUTES: '30',
      REMEMBERED_SESSION_IDLE_DAYS: '2',
    });
    expect([
      set.sessionTtlMs,
      set.rememberedSessionTtlMs,
      set.sessionIdleMs,
      set.rememberedSessionIdleMs,
    ]).toEqual([8 * HOUR, 14 * DAY, 30 * 60 * 1000, 2 * DAY]);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow();
  });

  it('ends a session unused for longer than the idle limit, and keeps one used within it', async () => {
    const idle = await sessionAged({ isRemembered: false, openedAgo: 3 * HOUR, usedAgo: 2 * HOUR + 60_000 });
    const res = await me(idle);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MSG.sessionExpired });

    const active = await sessionAged({ isRemembered: false, openedAgo: 3 * HOUR, usedAgo: HOUR });
    expect((await me(active)).statusCode).toBe(200);
  });

  it('counts from the sign-in when a session was never used', async () => {
    expect(
      (await me(await sessionAged({ isRemembered: false, openedAgo: 2 * HOUR + 60_000 }))).statusCode,
    ).toBe(401);
    expect((await me(await sessionAged({ isRemembered: false, openedAgo: HOUR }))).statusCode).toBe(200);
  });

  it('gives a remembered session its own, longer idle limit', async () => {
    const lastWeek = await sessionAged({ isRemembered: true, openedAgo: 10 * DAY, usedAgo: 6 * DAY });
    expect((await me(lastWeek)).statusCode).toBe(200);
    const stale = await sessionAged({ isRemembered: true, openedAgo: 10 * DAY, usedAgo: 7 * DAY + 60_000 });
    expect((await me(stale)).statusCode).toBe(401);
  });

  it('ends a session at its absolute expiry however recently it was used', async () => {
    const token = await sessionAged({ isRemembered: true, openedAgo: HOUR, usedAgo: 0, ttlMs: 2 * HOUR });
    expect((await me(token)).statusCode).toBe(200);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastUsedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MSG.sessionExpired });
  });
});

describe('an admin ends a user’s sessions', () => {
  it('revokes every live session of the user, records it, and the user can sign in again', async () => {
    const user = await createTestUser(ctx.database, {
      email: 'laptop.lost@test.local',
      role: 'staff',
      firstName: 'Lou',
      lastName: 'Lost',
    });
    const second = await createSession(ctx.database.db, {
      userId: user.id,
      ttlMs: HOUR,
      isRemembered: true,
      ipAddress: '10.0.0.2',
      userAgent: 'phone',
    });
    expect((await me(user.token)).statusCode).toBe(200);

    const res = await ctx.call('admin', { method: 'POST', url: `/users/${user.id}/end-sessions` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: '2 sessions of Lou Lost were ended.',
      resource: { ended_sessions: 2 },
    });
    for (const token of [user.token, second.token]) {
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: SERVER_MSG.sessionExpired });
    }
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'end-sessions'), eq(auditLog.entityId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'user',
      userId: ctx.users.admin.id,
      details: { ended_sessions: 2 },
    });

    // The account itself is untouched: the user signs in again.
    const signIn = await anonymous('/auth/sign-in', {
      payload: { email: 'laptop.lost@test.local', password: PASSWORD, rememberMe: false },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const again = await ctx.call('admin', { method: 'POST', url: `/users/${user.id}/end-sessions` });
    expect(again.json().message).toBe('1 session of Lou Lost was ended.');
  });

  it('answers 404 for an unknown user or a technician (not an account of this screen), and ends nothing', async () => {
    const technician = await create.technician(ctx);
    for (const id of [2_147_483_647, technician.id]) {
      const res = await ctx.call('admin', { method: 'POST', url: `/users/${id}/end-sessions` });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found.' });
    }
  });

  it('is an admin’s: staff get 403 and the sessions stay', async () => {
    const res = await ctx.call('staff', { method: 'POST', url: `/users/${ctx.users.admin.id}/end-sessions` });
    expect(res.statusCode).toBe(403);
    expect((await me(ctx.users.admin.token)).statusCode).toBe(200);
  });
});

describe('forgot-password limits', () => {
  const wait = (res: { json(): { message: string } }) => res.json().message;

  it('limits reset requests per e-mail, known or not, with a 429, Retry-After and no further mail', async () => {
    await createTestUser(ctx.database, { email: 'flooded@test.local', role: 'staff' });
    const mailsBefore = readOutbox(ctx.dataDir).length;
    for (const email of ['flooded@test.local', 'nobody@test.local']) {
      for (let i = 0; i < LIMITS.resetMaxPerEmail; i++) {
        const res = await anonymous(`/auth/forgot-password?username=${email}`, { ip: `10.1.0.${i + 1}` });
        expect(res.statusCode, res.body).toBe(200);
      }
      const locked = await anonymous(`/auth/forgot-password?username=${email}`, { ip: '10.1.0.9' });
      expect(locked.statusCode).toBe(429);
      expect(wait(locked)).toBe('Too many password reset requests. Try again in 15 minutes.');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    expect(readOutbox(ctx.dataDir).length).toBe(mailsBefore + LIMITS.resetMaxPerEmail);
  });

  it('limits reset requests per address across e-mails', async () => {
    for (let i = 0; i < LIMITS.resetMaxPerIp; i++) {
      const res = await anonymous(`/auth/forgot-password?username=spray${i}@test.local`, { ip: '10.2.0.1' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const locked = await anonymous('/auth/forgot-password?username=fresh@test.local', { ip: '10.2.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(wait(locked)).toBe('Too many password reset requests. Try again in 15 minutes.');
    const elsewhere = await anonymous('/auth/forgot-password?username=fresh@test.local', { ip: '10.2.0.2' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('set-password limits', () => {
  async function resetLinkFor(email: string, ip: string): Promise<string> {
    const res = await anonymous(`/auth/forgot-password?username=${email}`, { ip });
    expect(res.statusCode, res.body).toBe(200);
    return extractResetToken(readOutbox(ctx.dataDir).at(-1)!);
  }

  it('limits links that are not valid per address: past it even a valid link waits', async () => {
    await createTestUser(ctx.database, { email: 'guessed@test.local', role: 'staff' });
    const valid = await resetLinkFor('guessed@test.local', '10.3.0.50');
    for (let i = 0; i < LIMITS.setPasswordMaxFailuresPerIp; i++) {
      const res = await anonymous('/auth/set-password', {
        payload: { token: `guess-${i}`, password: 'Guessed123' },
        ip: '10.3.0.1',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.token).toEqual([SERVER_MSG.resetLinkInvalid]);
    }
    const locked = await anonymous('/auth/set-password', {
      payload: { token: valid, password: 'Guessed123' },
      ip: '10.3.0.1',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts with a password link. Try again in 15 minutes.');
    // The link was not spent: from another address it still works.
    const elsewhere = await anonymous('/auth/set-password', {
      payload: { token: valid, password: 'Guessed123' },
      ip: '10.3.0.2',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('limits spent links per account, from any address', async () => {
    const user = await createTestUser(ctx.database, { email: 'replayed@test.local', role: 'staff' });
    const spent = await resetLinkFor('replayed@test.local', '10.4.0.50');
    const first = await anonymous('/auth/set-password', {
      payload: { token: spent, password: 'Replayed123' },
      ip: '10.4.0.1',
    });
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < LIMITS.setPasswordMaxFailuresPerAccount; i++) {
      const res = await anonymous('/auth/set-password', {
        payload: { token: spent, password: 'Replayed123' },
        ip: `10.4.1.${i + 1}`,
      });
      expect(res.statusCode).toBe(422);
    }
    const fresh = await resetLinkFor('replayed@test.local', '10.4.0.51');
    const locked = await anonymous('/auth/set-password', {
      payload: { token: spent, password: 'Replayed123' },
      ip: '10.4.2.1',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts with a password link. Try again in 15 minutes.');
    // As a locked e-mail refuses even the right password at sign-in (decision 001), the locked
    // account waits out the window even with its new link, which stays unspent for then.
    const held = await anonymous('/auth/set-password', {
      payload: { token: fresh, password: 'Replayed456' },
      ip: '10.4.2.2',
    });
    expect(held.statusCode).toBe(429);
    await ctx.database.db.delete(loginFailures).where(eq(loginFailures.key, `set-password:user:${user.id}`));
    const after = await anonymous('/auth/set-password', {
      payload: { token: fresh, password: 'Replayed456' },
      ip: '10.4.2.2',
    });
    expect(after.statusCode, after.body).toBe(200);
  });
});
