import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_KEY,
  createTestContext,
  createTestUser,
  extractResetToken,
  PASSWORD,
  readOutbox,
  type TestContext,
} from '../../../test/helper.ts';
import { loginFailures, passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { create } from '../../seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function signIn(payload: Record<string, unknown>, ip = '10.0.0.1') {
  return ctx.call(null, { method: 'POST', url: '/auth/sign-in', payload, remoteAddress: ip });
}

/** Retry-After counts whole seconds down from the oldest failure that still counts. */
function expectRetryAfter(res: LightMyRequestResponse, atLeast: number, atMost: number) {
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(atLeast);
  expect(seconds).toBeLessThanOrEqual(atMost);
}

describe('application key', () => {
  it('refuses a call without the key with 401 and a JSON message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/v1/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'The application key header is missing.' });
  });

  it('refuses a wrong key with 403', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/v1/auth/me',
      headers: { 'x-app-key': 'wrong' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'The application key is not valid.' });
  });
});

describe('POST /auth/sign-in', () => {
  it('returns the token and the user, and stores only the token hash', async () => {
    const res = await signIn({
      email: 'Staff@Test.local',
      password: PASSWORD,
      rememberMe: false,
      encode: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Issue 33 point 15: Sam's first sign-in is welcomed, not welcomed back.
    expect(body.message).toBe('Welcome to ChemTrack! Successfully logged in as Sam');
    expect(body.first_sign_in).toBe(true);
    expect(body.credentials.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.resource).toMatchObject({
      email: 'staff@test.local',
      role: 'staff',
      is_active: true,
      profile: { first_name: 'Sam', last_name: 'Tester', full_name: 'Sam Tester', role: 'staff' },
    });
    const stored = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.credentials.access_token)));
    expect(stored).toHaveLength(1);
    const rows = await ctx.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.map((row) => row.tokenHash)).not.toContain(body.credentials.access_token);

    const me = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${body.credentials.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().resource.email).toBe('staff@test.local');
  });

  it('gives remember-me a long expiry and otherwise a short one', async () => {
    const short = (await signIn({ email: 'staff@test.local', password: PASSWORD })).json();
    const long = (await signIn({ email: 'staff@test.local', password: PASSWORD, rememberMe: true })).json();
    const hours = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3_600_000;
    expect(hours(short.credentials.expires_at)).toBeGreaterThan(11);
    expect(hours(short.credentials.expires_at)).toBeLessThanOrEqual(12);
    expect(hours(long.credentials.expires_at)).toBeGreaterThan(24 * 29);
    // Sam has signed in before: from now on the spec's greeting (spec 01 §8).
    expect(short.message).toBe('Welcome back! Successfully logged in as Sam');
    expect(short.first_sign_in).toBe(false);
  });

  it.each([
    [{ password: PASSWORD }, 'email', 'Email is required'],
    [{ email: '', password: PASSWORD }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: PASSWORD }, 'email', 'Invalid email format'],
    [{ email: 'a@b.co' }, 'password', 'Password is required'],
    [{ email: 'a@b.co', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@b.co', password: 'short' }, 'password', 'Password must be at least 8 characters'],
  ])('validates %j → %s: %s', async (payload, field, message) => {
    const res = await signIn(payload, '10.0.0.2');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await signIn({ email: 'nobody@test.local', password: PASSWORD }, '10.0.0.3');
    const wrong = await signIn({ email: 'staff@test.local', password: 'Wrong1234' }, '10.0.0.3');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ message: 'These credentials do not match our records.' });
  });

  it('rate-limits the sixth bad password for an e-mail within the window, even with the right one', async () => {
    await createTestUser(ctx.database, { email: 'victim@test.local', role: 'staff' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await signIn({ email: 'victim@test.local', password: 'Wrong1234' }, `10.1.0.${attempt}`);
      expect(res.statusCode).toBe(401);
    }
    const sixth = await signIn({ email: 'victim@test.local', password: 'Wrong1234' }, '10.1.0.6');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expectRetryAfter(sixth, 840, 900);
    const right = await signIn({ email: 'victim@test.local', password: PASSWORD }, '10.1.0.7');
    expect(right.statusCode).toBe(429);
  });

  it('locks only the account that failed five times, not the others behind the same address', async () => {
    await createTestUser(ctx.database, { email: 'office-a@test.local', role: 'staff' });
    await createTestUser(ctx.database, { email: 'office-b@test.local', role: 'staff' });
    const office = '10.7.0.1';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await signIn({ email: 'office-a@test.local', password: 'Wrong1234' }, office);
      expect(res.statusCode).toBe(401);
    }
    const sixth = await signIn({ email: 'office-a@test.local', password: PASSWORD }, office);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expectRetryAfter(sixth, 840, 900);
    const colleague = await signIn({ email: 'office-b@test.local', password: PASSWORD }, office);
    expect(colleague.statusCode).toBe(200);
  });

  it('does not let five guesses at an unknown e-mail lock the address for everyone else', async () => {
    const office = '10.7.0.2';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await signIn({ email: 'typo@test.local', password: 'Wrong1234' }, office);
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn({ email: 'typo@test.local', password: 'Wrong1234' }, office)).statusCode).toBe(429);
    const colleague = await signIn({ email: 'staff@test.local', password: PASSWORD }, office);
    expect(colleague.statusCode).toBe(200);
  });

  it('locks an address after 50 failures across different e-mails, unknown ones included', async () => {
    const address = '10.2.0.1';
    for (let attempt = 1; attempt <= 49; attempt++) {
      const res = await signIn({ email: `guess${attempt}@test.local`, password: 'Wrong1234' }, address);
      expect(res.statusCode).toBe(401);
    }
    // 49 failures: the address may still sign in, and a success does not clear its count.
    expect((await signIn({ email: 'admin@test.local', password: PASSWORD }, address)).statusCode).toBe(200);
    expect((await signIn({ email: 'guess50@test.local', password: 'Wrong1234' }, address)).statusCode).toBe(
      401,
    );
    const res = await signIn({ email: 'admin@test.local', password: PASSWORD }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expectRetryAfter(res, 840, 900);
    const other = await signIn({ email: 'admin@test.local', password: PASSWORD }, '10.2.0.2');
    expect(other.statusCode).toBe(200);
  });

  it('states the wait that is left, in whole minutes rounded up', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await ctx.database.db.insert(loginFailures).values(
      [10, 9, 8, 7, 6].map((minutes) => ({
        key: 'email:late@test.local',
        attemptedAt: minutesAgo(minutes),
      })),
    );
    const res = await signIn({ email: 'late@test.local', password: PASSWORD }, '10.8.0.1');
    expect(res.statusCode).toBe(429);
    // The oldest failure leaves the window in 5 minutes, and with it the lock.
    expect(res.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 5 minutes.' });
    expectRetryAfter(res, 290, 300);

    await ctx.database.db.insert(loginFailures).values(
      [14.5, 14, 13, 12, 11].map((minutes) => ({
        key: 'email:later@test.local',
        attemptedAt: minutesAgo(minutes),
      })),
    );
    const last = await signIn({ email: 'later@test.local', password: PASSWORD }, '10.8.0.1');
    expect(last.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 1 minute.' });
    expectRetryAfter(last, 20, 30);
  });

  it('forgets an e-mail failure count after a successful sign-in', async () => {
    await createTestUser(ctx.database, { email: 'forgetful@test.local', role: 'staff' });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await signIn({ email: 'forgetful@test.local', password: 'Wrong1234' }, `10.3.0.${attempt}`);
    }
    expect((await signIn({ email: 'forgetful@test.local', password: PASSWORD }, '10.3.0.9')).statusCode).toBe(
      200,
    );
    const rows = await ctx.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, 'email:forgetful@test.local'));
    expect(rows).toHaveLength(0);
  });

  it('refuses an archived user and ends the sessions it had', async () => {
    const archived = await createTestUser(ctx.database, { email: 'leaver@test.local', role: 'staff' });
    const toggle = await ctx.call('admin', { method: 'PATCH', url: `/users/${archived.id}/activate` });
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json().resource.is_active).toBe(false);
    const res = await signIn({ email: 'leaver@test.local', password: PASSWORD }, '10.4.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('These credentials do not match our records.');
    const me = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${archived.token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it.each([
    ['no token', undefined, 'Unauthenticated.'],
    ['a malformed header', 'Token abc', 'Unauthenticated.'],
    ['an unknown token', 'Bearer not-a-real-token', 'Your session has expired. Please sign in again.'],
  ])('answers 401 for %s', async (_label, authorization, message) => {
    const res = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message });
  });

  it('answers 401 for an expired token', async () => {
    const user = await createTestUser(ctx.database, { email: 'expired@test.local', role: 'staff' });
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    const res = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const token = await ctx.freshToken('technician');
    const headers = { authorization: `Bearer ${token}` };
    const out = await ctx.call(null, { method: 'POST', url: '/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Goodbye! Successfully logged out' });
    const again = await ctx.call(null, { method: 'GET', url: '/auth/me', headers });
    expect(again.statusCode).toBe(401);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });
});

describe('forgot and set password', () => {
  it('gives the same answer whether or not the e-mail exists, and mails only real users', async () => {
    const before = readOutbox(ctx.dataDir).length;
    const unknown = await ctx.call(null, {
      method: 'POST',
      url: '/auth/forgot-password?username=ghost@test.local',
    });
    const known = await ctx.call(null, {
      method: 'POST',
      url: '/auth/forgot-password?username=staff@test.local',
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(
      'If the email entered exists in our system, you will be emailed password instructions. Please be sure to check your spam folder',
    );
    const mails = readOutbox(ctx.dataDir);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('To: staff@test.local');
    expect(mails.at(-1)).toContain('expires in 60 minutes');
  });

  it('validates the username', async () => {
    const res = await ctx.call(null, { method: 'POST', url: '/auth/forgot-password?username=nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.username).toEqual(['Invalid email format']);
  });

  it('sets a new password once, revokes old sessions, and refuses the link a second time', async () => {
    const user = await createTestUser(ctx.database, { email: 'reset@test.local', role: 'staff' });
    await ctx.call(null, { method: 'POST', url: '/auth/forgot-password?username=reset@test.local' });
    const token = extractResetToken(readOutbox(ctx.dataDir).at(-1)!);

    const weak = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'lowercase1' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ]);
    const short = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'Ab1' },
    });
    expect(short.json().errors.password).toContain('Password must be at least 8 characters');
    const missing = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { password: 'NewPass123' },
    });
    expect(missing.json().errors.token).toEqual(['Token is required']);

    const ok = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'NewPass123', encode: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      message: 'Your password has been successfully changed. Now you can log in.',
    });

    const old = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await signIn({ email: 'reset@test.local', password: 'NewPass123' }, '10.5.0.1')).statusCode).toBe(
      200,
    );

    const reuse = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'Another123' },
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.token).toEqual([
      'Your password reset link is invalid or has expired. Please request a new one to proceed.',
    ]);
  });

  it('refuses an expired link and leaves the password unchanged', async () => {
    const user = await createTestUser(ctx.database, { email: 'late@test.local', role: 'staff' });
    await ctx.call(null, { method: 'POST', url: '/auth/forgot-password?username=late@test.local' });
    const token = extractResetToken(readOutbox(ctx.dataDir).at(-1)!);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const [before] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    const res = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'NewPass123' },
    });
    expect(res.statusCode).toBe(422);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });
});

// Issue 33 point 15: the set-password page asks what the link was sent for before anything is typed.
describe('GET /auth/password-link', () => {
  async function describeLink(token: string) {
    const res = await ctx.call(null, { method: 'GET', url: `/auth/password-link?token=${token}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resource;
  }

  it('says an invitation is an invitation, valid, then used, and a reset a reset', async () => {
    await create.user(ctx, { email: 'invited@test.local' });
    const invitation = extractResetToken(readOutbox(ctx.dataDir).at(-1)!);
    expect(await describeLink(invitation)).toEqual({ purpose: 'invitation', state: 'valid' });
    const set = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token: invitation, password: 'NewPass123' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await describeLink(invitation)).toEqual({ purpose: 'invitation', state: 'used' });
    const [stored] = await ctx.database.db
      .select({ purpose: passwordResetTokens.purpose })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(invitation)));
    expect(stored).toEqual({ purpose: 'invitation' });

    await ctx.call(null, { method: 'POST', url: `/auth/forgot-password?username=invited@test.local` });
    const reset = extractResetToken(readOutbox(ctx.dataDir).at(-1)!);
    expect(await describeLink(reset)).toEqual({ purpose: 'reset', state: 'valid' });
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(reset)));
    expect(await describeLink(reset)).toEqual({ purpose: 'reset', state: 'expired' });
    expect(await describeLink('not-a-token')).toEqual({ purpose: null, state: 'unknown' });
  });

  it('asks for the token', async () => {
    const res = await ctx.call(null, { method: 'GET', url: '/auth/password-link' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual(['Token is required']);
  });
});

describe('PATCH /auth/update-profile', () => {
  it('updates the own profile, keeps the role, and can change the password', async () => {
    const tech = await createTestUser(ctx.database, { email: 'profile@test.local', role: 'technician' });
    const headers = { authorization: `Bearer ${tech.token}`, 'x-app-key': APP_KEY };
    const res = await ctx.call(null, {
      method: 'PATCH',
      url: '/auth/update-profile',
      headers,
      payload: {
        first_name: '  Pat ',
        last_name: 'Field',
        email: 'profile@test.local',
        phone: '(512) 555-0199',
        password: 'Changed123',
        role: 'admin',
        encode: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource).toMatchObject({
      role: 'technician',
      profile: { first_name: 'Pat', last_name: 'Field', full_name: 'Pat Field', phone: '5125550199' },
    });
    expect(
      (await signIn({ email: 'profile@test.local', password: 'Changed123' }, '10.6.0.1')).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ first_name: 'x'.repeat(51) }, 'first_name', 'First name must be less than 50 characters'],
    [{ last_name: '   ' }, 'last_name', 'Last name is required'],
    [{ last_name: 'y'.repeat(51) }, 'last_name', 'Last name must be less than 50 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'bad' }, 'email', 'Invalid email format'],
    [{ phone: '512555' }, 'phone', 'Phone number must contain at least 10 digits'],
    [
      { password: 'alllowercase1' },
      'password',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
  ])('validates %j', async (patch, field, message) => {
    const payload = { first_name: 'Sam', last_name: 'Tester', email: 'staff@test.local', ...patch };
    const res = await ctx.call('staff', { method: 'PATCH', url: '/auth/update-profile', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses an e-mail another account has (409-free 422 on the field) and changes nothing', async () => {
    const res = await ctx.call('staff', {
      method: 'PATCH',
      url: '/auth/update-profile',
      payload: { first_name: 'Changed', last_name: 'Tester', email: 'admin@test.local' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ctx.users.staff.id));
    expect(row?.firstName).toBe('Sam');
  });
});
