import type { Page } from '@playwright/test';
import { adminApi, createInventory, customerWithFacilities, uniqueStamp } from './api.ts';
import { E2E, expect, signIn, test } from './fixtures.ts';

/**
 * Issue 33 point 6: a facility whose Tier II names no contact. Staff see the Tier II preview say
 * what is missing and where to add it, link the customer's contact to the facility from the
 * contact form (the facility form is the admin's), and the preview's contact warnings go.
 */

const LAST_YEAR = new Date().getFullYear() - 1;

async function pick(
  page: Page,
  scope: Page | ReturnType<Page['getByRole']>,
  combobox: string,
  search: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function previewTier2(page: Page, customer: string, facility: string) {
  await page.goto('/reports');
  await pick(page, page, 'Select Customer', customer, customer);
  await pick(page, page, 'Facility Name', facility, facility);
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option', { name: String(LAST_YEAR) })).toBeAttached();
  await year.selectOption(String(LAST_YEAR));
  await page
    .getByRole('combobox', { name: 'Report Type' })
    .selectOption({ label: 'EPCRA 311/312 Tier I and II' });
  const preview = page.getByRole('region', { name: /^EPCRA 311\/312 Tier I and Tier II/ });
  await expect(preview).toContainText(`${customer} · ${facility}`);
  return preview;
}

test('staff see the missing Tier II contacts, link the contact from the contact form, and the warning goes', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Tier Two Contacts', ['Contact Plant']);
  const facility = customer.facilities[0]!;
  await createInventory(api, customer.id, facility.id, LAST_YEAR);
  const lastName = `Watch ${uniqueStamp()}`;
  const contact = await api.post('/contacts/create', {
    customer_id: customer.id,
    first_name: 'Rae',
    last_name: lastName,
    contact_types: ['Owner / Operator', 'Emergency Contact', 'Tier II Information Contact'],
    phones: [{ phone_number: '(918) 555-0100', phone_type: '24-hour' }],
    is_active: 1,
    encode: true,
  });

  await signIn(page, E2E.staff);
  const before = await previewTier2(page, customer.name, facility.name);
  const warnings = before.getByRole('list', { name: 'Warnings' });
  await expect(warnings).toContainText(
    `${facility.name} has no Owner / Operator contact: the Tier II filing needs one. Add it in Contacts → New Contact (or Edit), then choose this facility under Facilities.`,
  );
  await expect(warnings).toContainText(`${facility.name} has no Emergency Contact with a 24-hour phone`);
  await expect(warnings).toContainText(`${facility.name} has no Tier II Information Contact`);

  await page.goto(`/contacts/${contact.resource.id}`);
  const form = page.getByRole('dialog', { name: 'Contact Details' });
  await pick(page, form, 'Facilities', facility.name, facility.name);
  await expect(form.getByRole('list', { name: 'Selected facilities' })).toHaveText(facility.name);
  const saved = page.waitForRequest('**/contacts/*/update');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ facility_ids: [facility.id] });
  await expect(page.getByRole('status')).toContainText(`Contact Rae ${lastName} updated successfully.`);

  const after = await previewTier2(page, customer.name, facility.name);
  await expect(after).toContainText('EPCRA 311/312 Tier I and Tier II');
  await expect(after.getByText(`${facility.name} has no`)).toHaveCount(0);
  const stored = await api.get<{ resource: { contacts: { id: number }[] } }>(
    `/facilities/${facility.id}/get`,
  );
  expect(stored.resource.contacts.map((linked) => linked.id)).toEqual([contact.resource.id]);
});
