import { adminApi, uniqueStamp } from './api.ts';
import {
  E2E,
  expect,
  expectNoSeriousViolations,
  latestMailTo,
  resetPathFrom,
  signIn,
  storedSession,
  test,
} from './fixtures.ts';

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('an admin creates, edits, archives and unarchives a user', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'User Mgmt.' }).click();
  await expect(page.getByRole('heading', { name: 'CREATE NEW USER' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Add New User');
  await expect(page.getByRole('table', { name: 'Existing users' })).toContainText('staff@chemtrack.local');
  await expectNoSeriousViolations(page);

  const stamp = Date.now();
  const email = `linus.${stamp}@e2e.local`;
  await page.getByLabel('First Name').fill('Linus');
  await page.getByLabel('Last Name').fill('Pauling');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile Phone').fill('5125550123');
  await expect(page.getByLabel('Mobile Phone')).toHaveValue('(512) 555-0123');
  await page.getByRole('radio', { name: /Staff/ }).click();
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('status')).toContainText('User Linus created successfully.');

  await page.getByLabel('Search User').fill(`linus.${stamp}`);
  const table = page.getByRole('table', { name: 'Existing users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('(512) 555-0123');
  await expect(table).toContainText('Staff');

  await table.getByRole('link', { name: 'Edit Linus Pauling' }).click();
  await expect(page.getByRole('heading', { name: 'EDIT USER' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Linus Pauling');
  await expect(page.getByLabel('First Name')).toHaveValue('Linus');
  await page.getByLabel('Last Name').fill('Pauling-Smith');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText('User Linus updated successfully.');
  await expect(page).toHaveURL(/\/users\?search=/);
  await expect(table).toContainText('Pauling-Smith');

  await table.getByRole('button', { name: 'Archive Linus Pauling-Smith' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Archive User?');
  await expect(dialog).toContainText('Are you sure you want to archive Linus Pauling-Smith?');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status')).toContainText('User Linus Pauling-Smith archived successfully.');
  await expect(table).toContainText('No results.');

  await page.getByLabel('Show Archived').check();
  await expect(table.locator('tr[data-archived="true"]')).toHaveCount(1);
  await table.getByRole('button', { name: 'Unarchive Linus Pauling-Smith' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Unarchive User?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByRole('status')).toContainText('unarchived successfully.');
});

test('the user form shows each field rule', async ({ adminPage: page }) => {
  await page.goto('/users');
  await page.getByLabel('First Name').fill('x'.repeat(51));
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Last Name').focus();
  await page.getByLabel('Last Name').blur();
  await expect(page.getByText('First name must be less than 50 characters')).toBeVisible();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create User' })).toBeDisabled();
});

test('a taken e-mail comes back under the field and in the error notice', async ({ adminPage: page }) => {
  await page.goto('/users');
  await page.getByLabel('First Name').fill('Second');
  await page.getByLabel('Last Name').fill('Sam');
  await page.getByLabel('Email').fill(E2E.staff.email);
  await page.getByRole('button', { name: 'Create User' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'The email has already been taken.' });
  await expect(notice).toBeVisible();
  await expect(page.locator('#email-error')).toHaveText('The email has already been taken.');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a user id that does not exist returns to the new-user form with the notice', async ({
  adminPage: page,
}) => {
  await page.goto('/users/999999');
  await expect(page.getByRole('status')).toContainText('User not found.');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'CREATE NEW USER' })).toBeVisible();
});

test('leaving a dirty form asks first', async ({ adminPage: page }) => {
  await page.goto('/users');
  await page.getByLabel('First Name').fill('Unsaved');
  await page.getByRole('link', { name: 'Technicians Mgmt.' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('You Have Unsaved Changes');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByLabel('First Name')).toHaveValue('Unsaved');
  await page.getByRole('link', { name: 'Technicians Mgmt.' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/technicians-mgmt(\?|$)/);
});

test('your own row offers no Archive, which the server would refuse; other rows do', async ({
  adminPage: page,
}) => {
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Existing users' });
  const rowOf = (email: string) => table.getByRole('row').filter({ hasText: email });
  await expect(rowOf(E2E.admin.email)).toHaveCount(1);
  await expect(rowOf(E2E.admin.email).getByRole('button', { name: /^Archive / })).toBeDisabled();
  await expect(rowOf(E2E.staff.email).getByRole('button', { name: /^Archive / })).toBeEnabled();
});

test('opening your own user goes to the profile, which saves', async ({ adminPage: page }) => {
  await page.goto('/users');
  await page.getByLabel('Search User').fill(E2E.admin.email);
  const table = page.getByRole('table', { name: 'Existing users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // Spec 01 §6: the profile offers admin or staff, shows the own role and never changes it.
  const role = page.getByLabel('Role');
  await expect(role).toBeDisabled();
  await expect(role).toHaveValue('admin');
  await expect(role.locator('option')).toHaveText(['Admin', 'Staff']);
  await page.getByLabel('Mobile Phone').fill('7135550100');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').focus();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByLabel('Last Name').fill('Administrator');
  const saved = page.waitForRequest(
    (req) => req.method() === 'PATCH' && req.url().endsWith('/api/admin/v1/auth/update-profile'),
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Spec 01 §3: the profile save sends the role and the password (empty: unchanged).
  expect((await saved).postDataJSON()).toMatchObject({
    last_name: 'Administrator',
    phone: '7135550100',
    role: 'admin',
    password: '',
    encode: true,
  });
  await expect(page.getByRole('status')).toContainText('Your profile was updated successfully.');
  await expect(page.getByRole('button', { name: /Admin Administrator/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Mobile Phone')).toHaveValue('(713) 555-0100');
});

test('an admin creates, edits and archives a technician in the modal', async ({ adminPage: page }) => {
  await page.getByRole('link', { name: 'Technicians Mgmt.' }).click();
  // The landing page (/inventories) has an "+ Add New Inventory" link of its own, and the URL changes
  // before the lazy technicians page replaces it: wait for the technicians table itself.
  await expect(page).toHaveURL(/\/technicians-mgmt(\?|$)/);
  await expect(page.getByRole('table', { name: 'Technicians' })).toBeVisible();
  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/technicians-mgmt\/create$/);
  const dialog = page.getByRole('dialog', { name: 'Create New Technician' });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  const email = `rosalind.${Date.now()}@e2e.local`;
  await dialog.getByLabel('First Name').fill('Rosalind');
  await dialog.getByLabel('Last Name').fill('Franklin');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('2145550111');
  await dialog.getByRole('button', { name: 'Create Technician' }).click();
  await expect(page.getByRole('status')).toContainText('Technician Rosalind created successfully.');
  await expect(page).toHaveURL(/\/technicians-mgmt(\?|$)/);

  await page.getByLabel('Search Technicians').fill('Rosalind');
  const table = page.getByRole('table', { name: 'Technicians' });
  await expect(table).toContainText('(214) 555-0111');
  await table.getByRole('link', { name: 'Edit Rosalind Franklin' }).click();
  const details = page.getByRole('dialog', { name: 'Technician Details' });
  await expect(details.getByLabel('Email')).toHaveValue(email);
  await details.getByLabel('Last Name').fill('Franklin-Watson');
  await details.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText('Technician Rosalind updated successfully.');
  await expect(table).toContainText('Rosalind Franklin-Watson');

  await table.getByRole('button', { name: 'Archive Rosalind Franklin-Watson' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Archive Technician?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('status')).toContainText('archived successfully.');
  await expect(table).toContainText('No results.');
});

test('an admin deletes a user and a technician after the confirmation', async ({ adminPage: page }) => {
  const stamp = Date.now();
  await page.goto('/users');
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Email').fill(`grace.${stamp}@e2e.local`);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('status')).toContainText('User Grace created successfully.');

  const users = page.getByRole('table', { name: 'Existing users' });
  await page.getByLabel('Search User').fill(`grace.${stamp}`);
  await expect(users.getByRole('row')).toHaveCount(2);
  // Cancel keeps the user.
  await users.getByRole('button', { name: 'Delete Grace Hopper' }).click();
  const confirmUser = page.getByRole('alertdialog');
  await expect(confirmUser).toContainText('Delete User?');
  await expect(confirmUser).toContainText('Are you sure you want to delete Grace Hopper?');
  await confirmUser.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(users).toContainText('Grace');

  await users.getByRole('button', { name: 'Delete Grace Hopper' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('User Grace Hopper deleted successfully.');
  await expect(users).toContainText('No results.');
  // Deleted, not archived: it is not among the archived users either.
  await page.getByLabel('Show Archived').check();
  await expect(users).toContainText('No results.');

  // Your own account cannot be deleted, so it is not offered.
  await page.getByLabel('Show Archived').uncheck();
  await page.getByLabel('Search User').fill(E2E.admin.email);
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users.getByRole('button', { name: /^Delete / })).toBeDisabled();

  await page.goto('/technicians-mgmt/create');
  const create = page.getByRole('dialog', { name: 'Create New Technician' });
  await create.getByLabel('First Name').fill('Barbara');
  await create.getByLabel('Last Name').fill('McClintock');
  await create.getByLabel('Email').fill(`barbara.${stamp}@e2e.local`);
  await create.getByRole('button', { name: 'Create Technician' }).click();
  await expect(page.getByRole('status')).toContainText('Technician Barbara created successfully.');

  const technicians = page.getByRole('table', { name: 'Technicians' });
  await page.getByLabel('Search Technicians').fill(`barbara.${stamp}`);
  await expect(technicians.getByRole('row')).toHaveCount(2);
  await technicians.getByRole('button', { name: 'Delete Barbara McClintock' }).click();
  const confirmTechnician = page.getByRole('alertdialog');
  await expect(confirmTechnician).toContainText('Delete Technician?');
  await expect(confirmTechnician).toContainText('Are you sure you want to delete Barbara McClintock?');
  await confirmTechnician.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('Technician Barbara McClintock deleted successfully.');
  await expect(technicians).toContainText('No results.');
});

test('closing a dirty modal asks "Unsaved Changes!"', async ({ adminPage: page }) => {
  await page.goto('/technicians-mgmt/create');
  const dialog = page.getByRole('dialog', { name: 'Create New Technician' });
  await dialog.getByLabel('First Name').fill('Draft');
  await expect(dialog.getByRole('button', { name: 'Create Technician' })).toBeVisible();
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Unsaved Changes!');
  await expect(confirm).toContainText('You will lose unsaved data.');
  await confirm.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/technicians-mgmt(\?|$)/);
});

test('staff see neither Database Entry nor User Mgmt., and only view technicians', async ({
  page,
  request,
}) => {
  await signIn(page, E2E.staff);
  const menu = page.getByRole('complementary', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Inventories' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Database Entry' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'User Mgmt.' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/inventories$/);

  await page.goto('/technicians-mgmt');
  const table = page.getByRole('table', { name: 'Technicians' });
  const view = table.getByRole('button', { name: 'View Maria Lopez' });
  await expect(view).toBeDisabled();
  await expect(view.locator('svg.lucide-eye')).toHaveCount(1);
  await expect(table.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Archive Maria Lopez' })).toBeDisabled();
  await expect(table.getByRole('button', { name: 'Delete Maria Lopez' })).toBeDisabled();

  // Staff may still add technicians, and a technician's address shows them read-only.
  await expect(page.getByRole('link', { name: '+ Add New' })).toBeVisible();
  const token = JSON.parse((await storedSession(page)).session ?? '{}').state.token as string;
  const list = await request.get('/api/admin/v1/technicians/list?search=maria', {
    headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
  });
  const maria = (await list.json()).resource.items[0] as { id: number };
  await page.goto(`/technicians-mgmt/${maria.id}`);
  const details = page.getByRole('dialog', { name: 'Technician Details' });
  await expect(details.getByLabel('First Name')).toHaveValue('Maria');
  await expect(details.getByLabel('First Name')).toBeDisabled();
  await expect(details.getByRole('button', { name: 'Archive' })).toHaveCount(0);
});

test('the Containers menu entry is highlighted on its /units alias', async ({ adminPage: page }) => {
  await page.goto('/units');
  await expect(page.getByRole('link', { name: 'Containers Mgmt.' })).toHaveAttribute('aria-current', 'page');
});

test("an admin ends a user's sessions from the user form: the user's open page goes back to sign in", async ({
  adminPage: page,
  browser,
  request,
}) => {
  // A user of this test alone, with a password chosen through the invitation link.
  const email = `ended.${uniqueStamp()}@e2e.local`;
  const api = await adminApi(request);
  const created = await api.post('/users/create', {
    first_name: 'Ena',
    last_name: 'Ended',
    email,
    phone: '',
    role: 'staff',
  });
  const token = new URL(resetPathFrom(latestMailTo(email)), 'http://x').searchParams.get('token');
  await api.post('/auth/set-password', { token, password: 'Ended12345' });

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, { email, password: 'Ended12345' });
  await userPage.goto('/technicians-mgmt');
  await expect(userPage.getByRole('table', { name: 'Technicians' })).toBeVisible();

  await page.goto(`/users/${created.resource.id}`);
  await expect(page.getByRole('heading', { name: 'EDIT USER' })).toBeVisible();
  await page.getByRole('button', { name: 'End Sessions' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('End all sessions?');
  await expect(dialog).toContainText('Ena Ended will be signed out on every device and must sign in again.');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'End Sessions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sessions ended' })).toContainText(
    '1 session of Ena Ended was ended.',
  );

  // The user's next call is refused and their page returns to sign in.
  await userPage.getByLabel('Search Technicians').fill('maria');
  await expect(userPage).toHaveURL(/\/login\?redirect=/);
  await other.close();
});
