import { address, adminApi, uniqueStamp } from './api.ts';
import { E2E, expect, expectNoSeriousViolations, signIn, test } from './fixtures.ts';

test('an admin edits a customer, opens History from its form and sees the change before → after', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const before = `Audit Trail Co. ${uniqueStamp()}`;
  const after = `${before} Renamed`;
  const { resource } = await api.post('/customers/create', {
    name: before,
    address,
    is_same_billing_address: 1,
    is_active: 1,
    encode: true,
  });

  await page.getByRole('link', { name: 'Customers and Facilities Mgmt.' }).click();
  await page.getByLabel('Search by Customer or Facility').fill(before);
  // The search reaches the URL after a pause: waited for, so it cannot land on the open form and
  // ask "Unsaved Changes!" over it (a CI run clicked Save under that question).
  await expect(page).toHaveURL(/[?&]search=Audit/);
  const table = page.getByRole('table', { name: 'Customers and facilities' });
  await table
    .getByRole('link', { name: `Edit Customer ${before}` })
    .first()
    .click();
  let dialog = page.getByRole('dialog', { name: 'Customer Details' });
  await dialog.getByLabel('Customer Name').fill(after);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText(`Customer ${after} updated successfully.`);

  await page.getByLabel('Search by Customer or Facility').fill(after);
  await expect(page).toHaveURL(/[?&]search=[^&]*Renamed/);
  await table
    .getByRole('link', { name: `Edit Customer ${after}` })
    .first()
    .click();
  dialog = page.getByRole('dialog', { name: 'Customer Details' });
  await dialog.getByRole('link', { name: 'History' }).click();

  await expect(page).toHaveURL(new RegExp(`/audit-log\\?entity=customer&entity_id=${resource.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(`History of Customer #${resource.id}.`, { exact: false })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row')).toHaveCount(3);
  const newest = log.getByRole('row').nth(1);
  await expect(newest).toContainText('update');
  await expect(newest).toContainText(E2E.admin.email);
  await expect(newest.getByRole('list', { name: 'Changed fields' })).toHaveText(`name: ${before} → ${after}`);
  await expect(log.getByRole('row').nth(2)).toContainText('create');
  await expect(page.getByText('Times are in UTC.', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('staff have no Audit Log entry, and the API answers them 403', async ({ page, request }) => {
  await signIn(page, E2E.staff);
  await expect(page.getByRole('link', { name: 'Inventories' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  const signedIn = await request.post('/api/admin/v1/auth/sign-in', {
    headers: { 'x-app-key': E2E.appKey },
    data: E2E.staff,
  });
  const token = (await signedIn.json()).credentials.access_token as string;
  const res = await request.get('/api/admin/v1/audit-log/list', {
    headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
});
