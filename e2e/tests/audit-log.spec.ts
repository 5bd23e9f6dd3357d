import { address, adminApi, createInventory, customerWithFacilities, uniqueStamp } from './api.ts';
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
  await expect(newest).toContainText(`Customer ${after}`);
  await expect(newest.getByRole('list', { name: 'Changed fields' })).toHaveText(
    `Customer Name: ${before} → ${after}`,
  );
  await expect(log.getByRole('row').nth(2)).toContainText('create');
  await expect(page.getByText('Times are in UTC.', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a line change reads with the line's name and the field's label (issue 22)", async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Audit Names', ['Riverbend North Plant']);
  const facility = customer.facilities[0]!;
  const inventoryId = await createInventory(api, customer.id, facility.id, 2026);
  const productName = `Toluene ${uniqueStamp()}`;
  const productBody = {
    name: productName,
    mfg_name: 'Acme Chemical Co',
    physical_state: 'liquid',
    is_active: 1,
    encode: true,
  };
  const product = await api.post('/products/create', productBody);
  const lineBody = {
    product_id: product.resource.id,
    container_size: 5,
    container_quantity: 2,
    location_stored: 'North Shed',
    encode: true,
  };
  const line = await api.post(`/inventories/${inventoryId}/product/create`, lineBody);
  await api.patch(`/inventories/${inventoryId}/product/${line.resource.id}/update`, {
    ...lineBody,
    container_quantity: 5,
  });
  await api.patch(`/products/${product.resource.id}/update`, { ...productBody, pounds_per_gallon: '15.30' });

  const log = page.getByRole('table', { name: 'Audit log' });
  await page.goto(`/audit-log?entity=inventory_product&entity_id=${line.resource.id}&action=update`);
  // Newest first: the catalogue's change reached the open line (issue 22 point 4), then the quantity edit.
  const propagatedRow = log.getByRole('row').nth(1);
  await expect(propagatedRow).toContainText(`Inventory line ${productName}, 2026, ${facility.name}`);
  await expect(propagatedRow.getByRole('list', { name: 'Changed fields' })).toContainText(
    'Pounds per Gallon: (empty) → 15.3',
  );
  const lineRow = log.getByRole('row').nth(2);
  await expect(lineRow).toContainText(`Inventory line ${productName}, 2026, ${facility.name}`);
  await expect(lineRow.getByRole('list', { name: 'Changed fields' })).toContainText('Quantity: 2 → 5');

  await page.goto(`/audit-log?entity=product&entity_id=${product.resource.id}&action=update`);
  const productRow = log.getByRole('row').nth(1);
  await expect(productRow).toContainText(`Product ${productName}`);
  await expect(productRow.getByRole('list', { name: 'Changed fields' })).toContainText(
    'Pounds per Gallon: (empty) → 15.3',
  );
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
