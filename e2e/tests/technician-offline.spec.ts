import type { Page } from '@playwright/test';
import { type Api, adminApi, customerWithFacilities, invitedTechnician, uniqueStamp } from './api.ts';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Issue 33 point 8: a technician on a phone loses the connection on site. A save says at once
 * that it is kept on the device (it used to stay on "Saving changes..."); the line form opens
 * again from the service worker with the kept save after a reload; Cancel goes back to the
 * worklist, which opens from the last data; back online, the save sends itself, once.
 */
test.slow();

const KEPT = 'Saved on this device — will send when back online.';

async function linesNamed(api: Api, inventoryId: number, name: string) {
  const list = await api.get<{ resource: { items: { name: string; container_quantity: number }[] } }>(
    `/inventories/${inventoryId}/products?ipp=100`,
  );
  return list.resource.items
    .filter((item) => item.name === name)
    .map(({ name: lineName, container_quantity }) => ({ name: lineName, container_quantity }));
}

/** The service worker runs this page: what the page loads from now on, it keeps. */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test.describe('a technician on a phone, offline', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'allow',
  });

  test('saves a line offline, reloads, cancels, and the line is sent once back online', async ({
    page,
    context,
    request,
  }) => {
    const api = await adminApi(request);
    const technician = await invitedTechnician(api, request, 'Olly');
    const customer = await customerWithFacilities(api, 'Offline', ['Basement Plant']);
    const facility = customer.facilities[0];
    if (!facility) throw new Error('a facility expected');
    const inventory = await api.post('/inventories/create', {
      year: new Date().getFullYear(),
      customer_id: customer.id,
      facility_id: facility.id,
      technician_ids: [technician.id],
      is_active: 1,
      encode: true,
    });
    const inventoryId: number = inventory.resource.id;
    const product = `Basement Coolant ${uniqueStamp()}`;
    await api.post('/products/create', {
      name: product,
      mfg_name: 'Coolants Co',
      physical_state: 'liquid',
      pounds_per_gallon: '9',
      is_active: 1,
      encode: true,
    });

    await signIn(page, technician);
    await expect(page).toHaveURL(/\/my-inventories$/);
    await controlledByServiceWorker(page);
    await page.getByRole('region', { name: 'My Inventories' }).getByRole('link').tap();
    await expect(page).toHaveURL(new RegExp(`/my-inventories/${inventoryId}$`));
    await expect(page.getByText('0 not yet checked · 0 open questions · 0 lines')).toBeVisible();
    await page.getByRole('link', { name: 'Add Line' }).tap();
    const form = page.getByRole('form', { name: 'Add Inventory Product' });
    await form.getByLabel('Quantity').fill('3');
    await form.getByLabel('Size').fill('55');
    await form.getByLabel('Location').fill('basement');
    await page.getByRole('combobox', { name: 'Product Name' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(product);
    await page.getByRole('option', { name: new RegExp(`^${product}`) }).click();
    await expect(page.getByRole('listbox')).toBeHidden();

    // The connection drops before the save: it is kept, and the form says so at once.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Create Product' }).tap();
    await expect(page.getByText(KEPT)).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('button', { name: 'Saving changes...' })).toHaveCount(0);
    expect(await linesNamed(api, inventoryId, product)).toEqual([]);

    // A reload without a connection: the page opens from the service worker, the save with it.
    await page.reload();
    await expect(form.getByLabel('Quantity')).toHaveValue('3');
    await expect(page.getByText(KEPT)).toBeVisible();

    // Cancel goes back to the worklist, which opens from its last data.
    await page.getByRole('link', { name: 'Cancel' }).tap();
    await expect(page).toHaveURL(new RegExp(`/my-inventories/${inventoryId}$`));
    await expect(page.getByText('0 not yet checked · 0 open questions · 0 lines')).toBeVisible();
    expect(await linesNamed(api, inventoryId, product)).toEqual([]);

    // Back online: the kept save sends itself, once, and the worklist shows the line.
    await context.setOffline(false);
    await expect(
      page.getByRole('list', { name: 'Lines' }).getByRole('link', { name: new RegExp(product) }),
    ).toBeVisible();
    expect(await linesNamed(api, inventoryId, product)).toEqual([{ name: product, container_quantity: 3 }]);
  });
});
