import type { Page } from '@playwright/test';
import { adminApi, uniqueStamp } from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/** The notices on screen (Radix also keeps a short-lived copy for screen readers). */
const notices = (tab: Page) => tab.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

/**
 * Issue 22.1: two people edit one product. The later save no longer reverts the earlier one
 * silently: it is refused with a notice naming who changed the record, the form keeps what was
 * typed, and Reload fills the form with the newer record, over which the next save goes through.
 */
test('the second of two saves of one product shows the conflict notice and Reload loads the newer product', async ({
  adminPage: adminTab,
  browser,
  request,
}) => {
  // Two signed-in browsers, four loads of the product form and three saves.
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const stamp = uniqueStamp();
  const { resource: product } = await api.post<{ resource: { id: number } }>('/products/create', {
    name: `E2E Stale Solvent ${stamp}`,
    mfg_name: 'Gulf Coast Chemical Supply',
    mfg_product_number: 'ORIGINAL-1',
    physical_state: 'liquid',
    is_active: 1,
  });
  const staff = await api.get<{ resource: { items: { email: string; profile: { full_name: string } }[] } }>(
    `/users/list?search=${encodeURIComponent(E2E.staff.email)}`,
  );
  const staffName = staff.resource.items.find((user) => user.email === E2E.staff.email)?.profile.full_name;
  expect(staffName).toBeTruthy();

  // Both open the product before either saves.
  const staffContext = await browser.newContext();
  const staffTab = await staffContext.newPage();
  await signIn(staffTab, E2E.staff);
  for (const tab of [adminTab, staffTab]) {
    // A tab in the background gets no animation frames: the one in use comes to the front.
    await tab.bringToFront();
    await tab.goto(`/products/${product.id}`);
    await expect(tab.getByLabel('Manufacturer Product Number')).toHaveValue('ORIGINAL-1', {
      timeout: 30_000,
    });
  }

  // The staff member saves first.
  await staffTab.bringToFront();
  await staffTab.getByLabel('Manufacturer Product Number').fill('STAFF-2');
  await staffTab.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notices(staffTab)).toContainText(`Product E2E Stale Solvent ${stamp} updated successfully.`);

  // The admin's tab still holds the version it read: its save is refused, what was typed stays.
  await adminTab.bringToFront();
  await adminTab.getByLabel('Manufacturer Product Number').fill('ADMIN-3');
  await adminTab.getByRole('button', { name: 'Save Changes' }).click();
  const notice = notices(adminTab).filter({ hasText: 'Record changed' });
  await expect(notice).toContainText(
    new RegExp(
      `This record was changed by ${staffName} at [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M UTC\\. Reload to see the changes\\.`,
    ),
  );
  await expect(adminTab).toHaveURL(new RegExp(`/products/${product.id}$`));
  await expect(adminTab.getByLabel('Manufacturer Product Number')).toHaveValue('ADMIN-3');
  const stored = await api.get<{ resource: { mfg_product_number: string } }>(`/products/${product.id}/get`);
  expect(stored.resource.mfg_product_number).toBe('STAFF-2');

  // Reload fills the form with the staff member's version; a save over it goes through.
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(adminTab.getByLabel('Manufacturer Product Number')).toHaveValue('STAFF-2');
  await adminTab.getByLabel('Manufacturer Product Number').fill('ADMIN-4');
  await adminTab.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notices(adminTab)).toContainText(`Product E2E Stale Solvent ${stamp} updated successfully.`);
  const saved = await api.get<{ resource: { mfg_product_number: string } }>(`/products/${product.id}/get`);
  expect(saved.resource.mfg_product_number).toBe('ADMIN-4');
  await staffContext.close();
});
