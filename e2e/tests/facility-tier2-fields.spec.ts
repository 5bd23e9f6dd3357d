import type { Page } from '@playwright/test';
import { adminApi, customerWithFacilities, uniqueStamp } from './api.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 25: what a facility's Tier II needs beyond the inventory. An admin makes a customer's
 * emergency contact with a 24-hour phone, names it on a facility beside the facility's Tier II ids,
 * coordinates, fire district, manned and occupants, and finds all of it after a reload.
 */

/** Opens a paged picker of the dialog, searches and picks the option. */
async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

const TIER2 = {
  'NAICS Code': '325110',
  'D-U-N-S Number': '012345678',
  'RMP Facility ID': '100000123456',
  'TRI Facility ID': '74107ABCDE12345',
  Latitude: '36.153982',
  Longitude: '-95.992775',
  'Fire District': 'Tulsa FD Station 12',
  'Maximum Occupants': '25',
} as const;

test('an admin creates an emergency contact, names it on a facility with its Tier II fields, and sees both after a reload', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Tier Two', ['Tank Farm']);
  const facility = customer.facilities[0]!;
  const lastName = `Night ${uniqueStamp()}`;

  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  await page.getByRole('link', { name: '+ Add New Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
  await pick(page, 'Customer', customer.name, customer.name);
  await dialog.getByLabel('First Name').fill('Eve');
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByLabel('Emergency Contact', { exact: true }).check();
  // An emergency contact without a 24-hour phone is refused with the server's words.
  await dialog.getByLabel('Phone 1 Type').selectOption('Work');
  await dialog.getByLabel('Phone 1', { exact: true }).fill('(918) 555-0100');
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(dialog.getByText('An emergency contact needs a 24-hour phone')).toBeVisible();
  await dialog.getByLabel('Phone 1 Type').selectOption('24-hour');
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(page.getByRole('status')).toContainText(`Contact Eve ${lastName} created successfully.`);
  const contacts = page.getByRole('table', { name: 'Contacts' });
  await expect(contacts.getByRole('row', { name: new RegExp(lastName) })).toContainText('(918) 555-0100');

  await page.goto(`/customers-facilities-mgmt/facilities/${facility.id}`);
  const form = page.getByRole('dialog', { name: 'Facility Details' });
  await expect(form.getByRole('group', { name: 'Tier II', exact: true })).toBeVisible();
  for (const [label, value] of Object.entries(TIER2))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel('Manned', { exact: true }).selectOption('Yes');
  await pick(page, 'Contacts', lastName, `Eve ${lastName}`);
  await expect(form.getByRole('list', { name: 'Selected contacts' })).toHaveText(`Eve ${lastName}`);
  const saved = page.waitForRequest('**/facilities/*/update');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  const body = (await saved).postDataJSON();
  expect(body).toMatchObject({ naics_code: '325110', max_occupants: 25, is_manned: true });
  await expect(page.getByRole('status')).toContainText(`Facility ${facility.name} updated successfully.`);

  await page.reload();
  await page.goto(`/customers-facilities-mgmt/facilities/${facility.id}`);
  const reloaded = page.getByRole('dialog', { name: 'Facility Details' });
  for (const [label, value] of Object.entries(TIER2)) {
    await expect(reloaded.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(reloaded.getByLabel('Manned', { exact: true })).toHaveValue('true');
  await expect(reloaded.getByRole('list', { name: 'Selected contacts' })).toHaveText(`Eve ${lastName}`);
  const stored = await api.get<{ resource: { contacts: unknown[]; latitude: number } }>(
    `/facilities/${facility.id}/get`,
  );
  expect(stored.resource.latitude).toBe(36.153982);
  expect(stored.resource.contacts).toEqual([
    {
      id: expect.any(Number),
      name: `Eve ${lastName}`,
      contact_types: ['Emergency Contact'],
      phone_24_hour: '(918) 555-0100',
    },
  ]);
});
