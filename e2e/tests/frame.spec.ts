import { E2E, expect, signIn, test } from './fixtures.ts';

test('the side menu is 306 px wide, closes and opens, and stays as left for the session', async ({
  adminPage: page,
}) => {
  const menu = page.getByRole('complementary', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(306);
  await expect(menu.getByRole('link', { name: 'Inventories' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inventories', level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
});

test('below 768 px the menu closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signIn(page, E2E.admin);
  const menu = page.getByRole('complementary', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Technicians Mgmt.' }).click();
  await expect(page).toHaveURL(/\/technicians-mgmt$/);
  await expect(menu).toBeHidden();
});

test('the header shows title, breadcrumbs and the user menu with Profile', async ({ adminPage: page }) => {
  await page.goto('/technicians-mgmt');
  await expect(page.getByRole('heading', { name: 'Technicians Management', level: 1 })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Technicians Management');
  await page.getByRole('button', { name: /Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('each menu entry opens its page and is highlighted there', async ({ adminPage: page }) => {
  const menu = page.getByRole('complementary', { name: 'Main menu' });
  for (const [label, path] of [
    ['Reports', '/reports'],
    ['Products Mgmt.', '/products'],
    ['Containers Mgmt.', '/containers'],
    ['Customers and Facilities Mgmt.', '/customers-facilities-mgmt'],
    ['Hazard Class Mgmt.', '/hazard-class-mgmt'],
    ['Database Entry', '/database'],
    ['User Mgmt.', '/users'],
    ['Inventories', '/inventories'],
  ] as const) {
    await menu.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(menu.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test('/ goes to /login when signed out and to /inventories when signed in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, E2E.admin);
  await page.goto('/');
  await expect(page).toHaveURL(/\/inventories$/);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/inventories$/);
});

test('/about is public', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
});

test('a list sorts asc → desc → unsorted in the URL and shows archived rows grey', async ({
  adminPage: page,
}) => {
  await page.goto('/technicians-mgmt?search=%22chemtrack.local%22');
  const table = page.getByRole('table', { name: 'Technicians' });
  const firstName = table.getByRole('row').nth(1).getByRole('cell').first();
  await expect(table.getByRole('row')).toHaveCount(4);
  const nameHeader = table.getByRole('button', { name: 'Name' });
  await nameHeader.click();
  await expect(page).toHaveURL(/order_by=name&order_dir=asc/);
  await expect(firstName).toHaveText('Aisha Khan');
  await nameHeader.click();
  await expect(page).toHaveURL(/order_dir=desc/);
  await expect(firstName).toHaveText('Maria Lopez');
  await nameHeader.click();
  await expect(page).not.toHaveURL(/order_by/);

  await page.getByLabel('Show Archived').check();
  await expect(page).toHaveURL(/status=inactive/);
  const archived = table.getByRole('row', { name: /Tom Becker/ });
  await expect(archived).toHaveAttribute('data-archived', 'true');
  await expect(archived.getByRole('button', { name: 'Unarchive Tom Becker' })).toBeVisible();
});

test('a page inside the frame that fails shows "Something went wrong!" in the content area', async ({
  adminPage: page,
}) => {
  // The Reports page's code cannot be fetched (say, a deploy replaced it mid-session).
  await page.route(/\/assets\/reports-[^/]+\.js$/, (route) => route.abort());
  const menu = page.getByRole('complementary', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Reports' }).click();
  const box = page.getByRole('main').getByRole('alert').filter({ hasText: 'Something went wrong!' });
  await expect(box).toBeVisible();
  // The frame around it still works.
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: /Admin/ })).toBeVisible();

  const toggle = box.getByRole('button', { name: 'Show Error' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(box.locator('pre')).toBeHidden();
  await toggle.click();
  await expect(box.getByRole('button', { name: 'Hide Error' })).toHaveAttribute('aria-expanded', 'true');
  await expect(box.locator('pre')).toBeVisible();
  await expect(box.locator('pre')).not.toBeEmpty();
  await box.getByRole('button', { name: 'Hide Error' }).click();
  await expect(box.locator('pre')).toBeHidden();

  await menu.getByRole('link', { name: 'Technicians Mgmt.' }).click();
  await expect(page.getByRole('heading', { name: 'Technicians Management', level: 1 })).toBeVisible();
});
