import type { Page } from '@playwright/test';
import { E2E, expect, latestMailTo, resetPathFrom, signIn, storedSession, test } from './fixtures.ts';

/**
 * The notice on screen. `getByRole('status')` finds Radix's short-lived copy for screen readers,
 * which starts with "Notification"; this is the notice itself.
 */
function notice(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
}

test('a wrong password shows the Invalid credentials notice', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('WrongPass123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Invalid credentials' });
  await expect(notice).toContainText('Wrong email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a locked sign-in shows the server’s wait, and only that e-mail is locked', async ({
  page,
  request,
}) => {
  // A throwaway e-mail of its own: the lock must not reach the accounts the other tests use.
  const locked = { email: 'locked-out@e2e.local', password: 'WrongPass123' };
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await request.post('/api/admin/v1/auth/sign-in', {
      headers: { 'x-app-key': E2E.appKey },
      data: { ...locked, rememberMe: false, encode: true },
    });
    expect(res.status()).toBe(401);
  }
  await page.goto('/login');
  await page.getByLabel('Username').fill(locked.email);
  await page.getByLabel('Password', { exact: true }).fill(locked.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(notice(page)).toHaveText('Too many sign-in attempts. Try again in 15 minutes.');
  await expect(page).toHaveURL(/\/login$/);
  // Everyone else behind the same address still signs in.
  await signIn(page, E2E.admin);
});

test('the login form checks its fields on blur', async ({ page }) => {
  await page.goto('/login');
  const username = page.getByLabel('Username');
  const password = page.getByLabel('Password', { exact: true });
  await username.focus();
  await password.focus();
  await expect(page.getByText('Email is required')).toBeVisible();
  await username.fill('not-an-email');
  await password.focus();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('Remember me').focus();
  await expect(page.getByText('Password is required')).toBeVisible();
  await password.fill('short');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('Sign In is the only "Sign In" on the page and waits for a valid form', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(page.getByText('Sign In')).toHaveCount(1);
  const submit = page.getByRole('button', { name: 'Sign In' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username').fill(E2E.admin.email);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
  await expect(submit).toBeEnabled();
  await page.getByLabel('Username').fill('not-an-email');
  await expect(submit).toBeDisabled();
});

test('without Remember me the session lives in session storage only', async ({ page }) => {
  await signIn(page, E2E.admin);
  await expect(page).toHaveURL(/\/inventories$/);
  // The whole notice reads as the spec's sentence, once.
  await expect(notice(page)).toHaveText('Welcome back! Successfully logged in as Admin');
  const stored = await storedSession(page);
  expect(stored.local).toBeNull();
  expect(JSON.parse(stored.session ?? '{}').state).toMatchObject({
    isAuthenticated: true,
    rememberMe: false,
  });
});

test('with Remember me the session lives in local storage only', async ({ page }) => {
  await signIn(page, E2E.admin, { rememberMe: true });
  const stored = await storedSession(page);
  expect(stored.session).toBeNull();
  expect(JSON.parse(stored.local ?? '{}').state).toMatchObject({ isAuthenticated: true, rememberMe: true });
  expect(JSON.parse(stored.local ?? '{}').state.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('signing in returns to the page that was asked for', async ({ page }) => {
  await page.goto('/technicians-mgmt');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftechnicians-mgmt/);
  await page.getByLabel('Username').fill(E2E.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/technicians-mgmt$/);
  await expect(page.getByRole('heading', { name: 'Technicians Management' })).toBeVisible();
});

test('a signed-in user is kept away from /login', async ({ page }) => {
  await signIn(page, E2E.admin);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/inventories$/);
});

test('forgot password → link from the outbox → set password → sign in', async ({ page, request }) => {
  // A dedicated account so the admin's password stays as the other tests expect.
  const signInRes = await request.post('/api/admin/v1/auth/sign-in', {
    headers: { 'x-app-key': E2E.appKey },
    data: E2E.admin,
  });
  const token = (await signInRes.json()).credentials.access_token;
  const email = `reset.${Date.now()}@e2e.local`;
  const created = await request.post('/api/admin/v1/users/create', {
    headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
    data: { first_name: 'Reset', last_name: 'Tester', email, phone: '', role: 'staff' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const reset = page.getByRole('button', { name: 'Reset Password' });
  await expect(reset).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('link', { name: 'Login' }).focus();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(reset).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await reset.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('If the email entered exists in our system');

  await page.goto(resetPathFrom(latestMailTo(email)));
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText('Set New Password')).toHaveCount(1);
  const submit = page.getByRole('button', { name: 'Set New Password' });
  await expect(submit).toBeDisabled();
  const password = page.getByLabel('New Password', { exact: true });
  const confirmation = page.getByLabel('Confirm New Password');
  await password.fill('short');
  await confirmation.focus();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await password.fill('alllowercase1');
  await confirmation.focus();
  await expect(
    page.getByText(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ),
  ).toBeVisible();
  await password.fill('BrandNew123');
  await confirmation.fill('BrandNew124');
  await password.focus();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(submit).toBeDisabled();
  await confirmation.fill('BrandNew123');
  await submit.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText(
    'Your password has been successfully changed. Now you can log in.',
  );

  await signIn(page, { email, password: 'BrandNew123' });
  await expect(page).toHaveURL(/\/inventories$/);
});

// Issue 33 point 15: an invitation link used once says so before anything is typed, not
// "Your password reset link is invalid" after the form was filled.
test('a used invitation link says it was an invitation, without the form', async ({ page, request }) => {
  const signInRes = await request.post('/api/admin/v1/auth/sign-in', {
    headers: { 'x-app-key': E2E.appKey },
    data: E2E.admin,
  });
  const token = (await signInRes.json()).credentials.access_token;
  const email = `invited.${Date.now()}@e2e.local`;
  const created = await request.post('/api/admin/v1/users/create', {
    headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
    data: { first_name: 'Invited', last_name: 'Once', email, phone: '', role: 'staff' },
  });
  expect(created.status()).toBe(201);
  const link = resetPathFrom(latestMailTo(email));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  const used = await request.post('/api/admin/v1/auth/set-password', {
    headers: { 'x-app-key': E2E.appKey },
    data: { token: new URL(link, 'http://x').searchParams.get('token'), password: 'Chosen12345' },
  });
  expect(used.status()).toBe(200);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation link' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation link was already used to choose a password. Sign in with that password, or use Forgot Password? to get a new one.',
  );
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/password reset link/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** Every console error and uncaught page error from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return errors;
}

// Spec 01: the token is optional, and a search that fails its rule sends the visitor to /login.
for (const [label, search] of [
  ['an empty reset token', '?token='],
  // The router reads search values as JSON, so this token is a number and fails the string rule.
  ['a reset token that is not text', '?token=123'],
] as const) {
  test(`${label} goes to /login without an error in the console`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`/set-password${search}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('/set-password without a token shows the form without an error in the console', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/set-password');
  await expect(page.getByRole('button', { name: 'Set New Password' })).toBeVisible();
  await expect(page).toHaveURL(/\/set-password$/);
  expect(errors).toEqual([]);
});

test('a session revoked mid-way ends with Session expired and /login', async ({ page, request }) => {
  await signIn(page, E2E.admin);
  await page.goto('/technicians-mgmt');
  await expect(page.getByRole('table', { name: 'Technicians' })).toContainText('Maria Lopez');
  const stored = await storedSession(page);
  const token = JSON.parse(stored.session ?? '{}').state.token as string;
  const out = await request.post('/api/admin/v1/auth/logout', {
    headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
  });
  expect(out.status()).toBe(200);
  // Any call now answers 401: a new search is one.
  await page.getByLabel('Search Technicians').fill('maria');
  await expect(page.getByRole('status').filter({ hasText: 'Session expired' })).toContainText(
    'Please login again.',
  );
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect((await storedSession(page)).session).toBeNull();
});

test('logout says goodbye and returns to /login', async ({ page }) => {
  await signIn(page, E2E.admin);
  await page.getByRole('button', { name: /Admin User/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(notice(page)).toHaveText('Goodbye! Successfully logged out');
});

test('an unknown page counts down from 5 to the inventories', async ({ page }) => {
  await signIn(page, E2E.admin);
  // A paused fake clock: the countdown moves only when the test moves time.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/no-such-page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Home' })).toBeVisible();
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText('5');
  await page.clock.runFor(1000);
  await expect(countdown).toHaveText('4');
  await page.clock.runFor(3000);
  await expect(countdown).toHaveText('1');
  await expect(page).toHaveURL(/\/no-such-page$/);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/inventories$/);
});

test('Go to Home on the not-found page leaves at once', async ({ page }) => {
  await signIn(page, E2E.admin);
  await page.goto('/nothing-here/at-all');
  await page.getByRole('button', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/inventories$/);
});

test('an unknown address below a signed-in page says Not Found inside the frame', async ({ page }) => {
  await signIn(page, E2E.admin);
  await page.goto('/users/42/nothing-here');
  await expect(page.getByRole('main').getByText('Not Found', { exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toHaveCount(0);
  // The frame still works: the menu leaves the missing page.
  await page.getByRole('link', { name: 'Technicians Mgmt.' }).click();
  await expect(page.getByRole('heading', { name: 'Technicians Management', level: 1 })).toBeVisible();
});
