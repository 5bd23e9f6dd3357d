import { adminApi, customerWithFacilities, invitedTechnician, uniqueStamp } from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

interface SavedLine {
  id: number;
  name: string;
  product_id: number;
  has_sds_file: boolean;
  sds_status: string;
}

interface CatalogProduct {
  sds_status: string;
  sds_file: { filepath: string; original_name: string; mime_type: string } | null;
}

/**
 * Issue 22 point 7: on site, a technician finds a product the catalogue does not hold, adds a
 * line with its name and a photo of its label taken with the phone; the new product keeps the
 * photo as its SDS (a one-page PDF of it).
 */
test.describe('a technician on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('adds a line of a new product with a photo of its label', async ({ page, request }) => {
    const api = await adminApi(request);
    const technician = await invitedTechnician(api, request, 'Pat');
    const customer = await customerWithFacilities(api, 'Label', ['Photo Plant']);
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
    const inventoryId = inventory.resource.id;
    const name = `Label Photo Degreaser ${uniqueStamp()}`;

    // The "photo": a real PNG, the page's own pixels as the browser draws them.
    await page.goto('/login');
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 320 } });

    await signIn(page, technician);
    await page.goto(`/my-inventories/${inventoryId}`);
    await page.getByRole('link', { name: 'Add Line' }).tap();
    const form = page.getByRole('form', { name: 'Add Inventory Product' });
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Size').fill('5');
    await form.getByLabel('Location').fill('paint shed');
    await page.getByRole('combobox', { name: 'Product Name' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    await page.getByRole('button', { name: `Add "${name}" as a new product` }).click();
    await form.getByLabel('Manufacturer Name').fill('Shop Supplies Co');

    // The field offers PDF and photos (the phone offers its camera for those).
    const input = form.getByLabel('SDS or Label Photo');
    await expect(input).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    await input.setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: photo });
    await expect(form.getByTestId('sds-file-name')).toHaveText('label.pdf');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Create Product' }).tap();
    await expect(page).toHaveURL(new RegExp(`/my-inventories/${inventoryId}$`));
    await expect(
      page.getByRole('list', { name: 'Lines' }).getByRole('link', { name: new RegExp(name) }),
    ).toBeVisible();

    const lines = await api.get<{ resource: { items: SavedLine[] } }>(
      `/inventories/${inventoryId}/products?search=${encodeURIComponent(name)}`,
    );
    expect(lines.resource.items).toHaveLength(1);
    const line = lines.resource.items[0];
    if (!line) throw new Error('the line was not saved');
    // A label photo is kept but is not an SDS: the product stays Pending SDS (issue 33 point 9).
    expect(line).toMatchObject({ name, has_sds_file: true, sds_status: 'pending' });
    const product = await api.get<{ resource: CatalogProduct }>(`/products/${line.product_id}/get`);
    expect(product.resource.sds_status).toBe('pending');
    expect(product.resource.sds_file).toMatchObject({
      original_name: 'label.pdf',
      mime_type: 'application/pdf',
    });

    // The stored file is a PDF (what Print All SDS and the download read).
    const admin = await request.post('/api/admin/v1/auth/sign-in', {
      headers: { 'x-app-key': E2E.appKey },
      data: E2E.admin,
    });
    const token = (await admin.json()).credentials.access_token as string;
    const download = await request.get(`/api/admin/v1/products/${line.product_id}/sds-download`, {
      headers: { 'x-app-key': E2E.appKey, authorization: `Bearer ${token}` },
    });
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
