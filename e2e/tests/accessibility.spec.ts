import type { Locator, Page } from '@playwright/test';
import { test as base, E2E, expect, expectNoSeriousViolations, signIn } from './fixtures.ts';

/**
 * Axe over every screen and every modal, as the demo data fills them: nothing serious or critical.
 * Each check waits until the screen has its data (no request in flight, no "Loading..."), so axe
 * sees the table rows and form values a user sees.
 */

/** Where the web app keeps a session that is not remembered (apps/web/src/lib/session.ts). */
const SESSION_KEY = 'auth-storage';

/**
 * Axe looks at screens, not at signing in (auth.spec.ts does): the admin signs in through the form
 * once for the file, and each test's new tab starts with the session that sign-in left in session
 * storage, as a tab of the signed-in admin would. Signing in for each of the 27 tests cost two page
 * loads and a password check each: the file took 215 s of test time with it, 186 s without (issue 24).
 */
const test = base.extend<{ adminPage: Page }, { adminSession: string }>({
  adminSession: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: E2E.baseURL });
      const page = await context.newPage();
      await signIn(page, E2E.admin);
      const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
      await context.close();
      expect(session, 'sign-in keeps the session in session storage').toContain('"token"');
      await use(session!);
    },
    { scope: 'worker' },
  ],
  adminPage: async ({ page, adminSession }, use) => {
    // Once per tab, as sign-in writes it: what the app does with it afterwards is its own.
    await page.addInitScript(
      ({ key, session }) => {
        if (sessionStorage.getItem('e2e-session-given')) return;
        sessionStorage.setItem('e2e-session-given', '1');
        sessionStorage.setItem(key, session);
      },
      { key: SESSION_KEY, session: adminSession },
    );
    await use(page);
  },
});

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  // A modal's own URL opens it over its list, which leaves the page's main landmark hidden.
  await expect(page.locator('main, [role="dialog"]').last()).toBeVisible();
  await settled(page);
}

/** The modal, open and filled in, checked by axe (with the page behind it). */
async function checkDialog(page: Page, title: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page);
  return dialog;
}

const SCREENS = [
  '/login',
  '/forgot-password',
  '/about',
  '/inventories',
  '/reports',
  '/products',
  '/products/create',
  '/containers',
  '/units',
  '/customers-facilities-mgmt',
  '/technicians-mgmt',
  '/hazard-class-mgmt',
  '/database',
  '/database/313',
  '/database/rmp',
  '/users',
  '/profile',
];

/** Seen signed out: a new tab that never signed in (before, a signed-in tab that cleared its storage). */
const SIGNED_OUT_SCREENS = ['/login', '/forgot-password', '/about'];

for (const path of SCREENS) {
  if (SIGNED_OUT_SCREENS.includes(path)) {
    test(`axe: the ${path} screen`, async ({ page }) => {
      await visit(page, path);
      await expectNoSeriousViolations(page);
    });
  } else {
    test(`axe: the ${path} screen`, async ({ adminPage: page }) => {
      await visit(page, path);
      await expectNoSeriousViolations(page);
    });
  }
}

test('axe: a product edit screen and the component modals over it', async ({ adminPage: page }) => {
  await visit(page, '/products');
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await settled(page);
  await expectNoSeriousViolations(page);

  // A component of its own, so the edit modal has one to open whatever the demo data holds.
  const name = `Axe Component ${Date.now()}`;
  await page.getByRole('link', { name: 'Add Component' }).click();
  let dialog = await checkDialog(page, 'Add Chemical Component');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByLabel('CAS #').fill('12345-67-0');
  await dialog.getByLabel('Percentage by Weight').focus();
  // The field error shown, as a user who typed a wrong CAS # sees it.
  await expect(dialog.getByText('Invalid CAS number')).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByLabel('CAS #').fill(validCas());
  await dialog.getByLabel('Percentage by Weight').fill('10');
  await dialog.getByRole('button', { name: 'Create Component' }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('table', { name: 'Chemical components' })
    .getByRole('link', { name: `Edit ${name}` })
    .click();
  dialog = await checkDialog(page, 'Chemical Component Details');
  await expect(dialog.getByLabel('Percentage by Weight')).toHaveValue('10');
});

/** A CAS number with a right check digit, new each run. */
function validCas(): string {
  const digits = String(1_000_000 + Math.floor(Math.random() * 9_000_000));
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return `${digits.slice(0, 5)}-${digits.slice(5)}-${sum % 10}`;
}

test('axe: a user edit screen', async ({ adminPage: page }) => {
  await visit(page, '/users');
  await page.getByRole('link', { name: 'Edit Sam Staff' }).click();
  await expect(page).toHaveURL(/\/users\/\d+/);
  await settled(page);
  await expectNoSeriousViolations(page);
});

/** A modal reached from its list: the create link, then the first row's edit link. */
const MODALS = [
  {
    name: 'customer',
    list: '/customers-facilities-mgmt',
    add: '+ Add New Customer',
    edit: /^Edit Customer /,
    title: /Customer/,
  },
  {
    name: 'facility',
    list: '/customers-facilities-mgmt',
    add: '+ Add New Facility',
    edit: /^Edit Facility /,
    title: /Facility/,
  },
  {
    name: 'hazard class',
    list: '/hazard-class-mgmt',
    add: '+ Add New',
    edit: /^Edit /,
    title: /Hazard Class/,
  },
  { name: 'container', list: '/containers', add: '+ Add New Container', edit: /^Edit /, title: /Container/ },
  { name: 'unit', list: '/units', add: '+ Add New Unit', edit: /^Edit /, title: /Unit/ },
  { name: 'technician', list: '/technicians-mgmt', add: '+ Add New', edit: /^Edit /, title: /Technician/ },
  {
    name: 'inventory',
    list: '/inventories',
    add: '+ Add New Inventory',
    edit: /^Edit /,
    title: /Inventory/,
  },
];

for (const modal of MODALS) {
  test(`axe: the ${modal.name} create and edit modals`, async ({ adminPage: page }) => {
    await visit(page, modal.list);
    await page.getByRole('link', { name: modal.add, exact: true }).click();
    const created = await checkDialog(page, modal.title);
    await created.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(created).toBeHidden();

    await visit(page, modal.list);
    await page.getByRole('main').getByRole('link', { name: modal.edit }).first().click();
    await checkDialog(page, modal.title);
  });
}

test('axe: an inventory’s products, a line’s form with its components, and the add form', async ({
  adminPage: page,
}) => {
  await visit(page, '/inventories');
  await page
    .getByRole('link', { name: /^View products of / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/inventories\/\d+\/products$/);
  await settled(page);
  await expectNoSeriousViolations(page);

  const table = page.getByRole('table', { name: 'Inventory products' });
  await table
    .getByRole('link', { name: /^(Edit|View) / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/inventories\/\d+\/products\/\d+$/);
  await settled(page);
  await expectNoSeriousViolations(page);
  // The demo's lines carry their products' components (issue 9 demo data).
  await page.getByRole('table', { name: 'Chemical components' }).getByRole('link').first().click();
  await checkDialog(page, 'Chemical Component Details');

  await visit(page, page.url().replace(/\/products\/\d+$/, '/products/create'));
  await expectNoSeriousViolations(page);
});
