import { adminApi, customerWithFacilities, invitedTechnician, uniqueStamp } from './api.ts';
import { expect, signIn, test } from './fixtures.ts';

const THIS_YEAR = new Date().getFullYear();

interface WorklistLine {
  id: number;
  name: string;
  container_quantity: number | null;
  is_unchecked_carry_over: boolean;
}

/**
 * Issue 22 point 7: a technician, invited by e-mail, signs in on a phone, lands on My Inventories
 * (their own inventories only), opens the worklist, checks a carried-over line as it is and
 * changes the quantity of another, through the quick form.
 */
test.describe('a technician on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('signs in to My Inventories, checks a carried-over line and changes a quantity', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const stamp = uniqueStamp();
    const customer = await customerWithFacilities(api, 'Capture', ['North Plant', 'South Plant']);
    const [north, south] = customer.facilities;
    if (!north || !south) throw new Error('two facilities expected');

    // A new technician gets the invitation a new user gets, and chooses a password through it.
    const technician = await invitedTechnician(api, request, 'Fay');

    // Last year's lines, carried over into this year's inventory, which is assigned to them.
    const lastYear = await api.post('/inventories/create', {
      year: THIS_YEAR - 1,
      customer_id: customer.id,
      facility_id: north.id,
      technician_ids: [],
      is_active: 1,
      encode: true,
    });
    const acetone = `Acetone ${stamp}`;
    const xylene = `Xylene ${stamp}`;
    for (const [name, location] of [
      [acetone, 'NORTH SHED'],
      [xylene, 'SOUTH SHED'],
    ] as const) {
      await api.post(`/inventories/${lastYear.resource.id}/product/create`, {
        name,
        mfg_name: 'Solvents Inc',
        container_size: 55,
        container_quantity: 2,
        location_stored: location,
        encode: true,
      });
    }
    const thisYear = await api.post('/inventories/create', {
      year: THIS_YEAR,
      customer_id: customer.id,
      facility_id: north.id,
      technician_ids: [technician.id],
      inventory_ids: [lastYear.resource.id],
      is_active: 1,
      encode: true,
    });
    const inventoryId = thisYear.resource.id;
    // Another facility's inventory, not theirs: never shown to them.
    await api.post('/inventories/create', {
      year: THIS_YEAR,
      customer_id: customer.id,
      facility_id: south.id,
      technician_ids: [],
      is_active: 1,
      encode: true,
    });

    await signIn(page, technician);
    await expect(page).toHaveURL(/\/my-inventories$/);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('My Inventories');
    // Not clipped: the whole title fits its box.
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByText('You do not have permission to perform this action.')).toHaveCount(0);
    const mine = page.getByRole('region', { name: 'My Inventories' }).getByRole('link');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(`${THIS_YEAR} · ${north.name}`);
    await expect(page.getByText(south.name)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Issue 33 point 11: no menu drawer to open (a technician has no entries) …
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toHaveCount(0);
    // … and a staff address says it is not theirs, with the way back, never a staff screen.
    for (const staffPage of ['/inventories', '/customers-facilities-mgmt', '/reports']) {
      await page.goto(staffPage);
      await expect(page).toHaveURL(/\/not-for-technicians$/);
      await expect(
        page.getByRole('heading', { name: 'This page is not available to technicians.' }),
      ).toBeVisible();
      await expect(page.getByText('You do not have permission to perform this action.')).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Go to My Inventories' }).tap();
    await expect(page).toHaveURL(/\/my-inventories$/);

    await mine.tap();
    await expect(page).toHaveURL(new RegExp(`/my-inventories/${inventoryId}$`));
    const lines = page.getByRole('list', { name: 'Lines' }).getByRole('link');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(acetone);
    await expect(lines.first()).toContainText('Not yet checked');
    await expect(page.getByText('2 not yet checked · 0 open questions · 2 lines')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Acetone is still there as it was: checked without a change.
    await lines.filter({ hasText: acetone }).tap();
    const form = page.getByRole('form', { name: 'Edit Inventory Product' });
    await expect(form.getByLabel('Quantity')).toHaveValue('2');
    // Quantity, Size and Location come first; the catalogue product's data is folded away.
    const labels = await form.locator('label').allTextContents();
    expect(labels.slice(0, 3).map((label) => label.trim())).toEqual(['Quantity', 'Size', 'Location']);
    await expect(page.getByText('Product details (from the catalogue)')).toBeVisible();
    await expect(page.getByLabel('Manufacturer Name')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Mark as Checked' }).tap();
    await expect(page).toHaveURL(new RegExp(`/my-inventories/${inventoryId}$`));
    await expect(page.getByText('1 not yet checked · 0 open questions · 2 lines')).toBeVisible();

    // Xylene: one can fewer than last year.
    await lines.filter({ hasText: xylene }).tap();
    await page.getByLabel('Quantity').fill('1');
    await page.getByRole('button', { name: 'Save Changes' }).tap();
    await expect(page).toHaveURL(new RegExp(`/my-inventories/${inventoryId}$`));
    await expect(page.getByText('0 not yet checked · 0 open questions · 2 lines')).toBeVisible();

    const saved = await api.get<{ resource: { items: WorklistLine[] } }>(
      `/inventories/${inventoryId}/products?order_by=name&order_dir=asc`,
    );
    expect(
      saved.resource.items.map(({ name, container_quantity, is_unchecked_carry_over }) => ({
        name,
        container_quantity,
        is_unchecked_carry_over,
      })),
    ).toEqual([
      { name: acetone, container_quantity: 2, is_unchecked_carry_over: false },
      { name: xylene, container_quantity: 1, is_unchecked_carry_over: false },
    ]);
  });
});
