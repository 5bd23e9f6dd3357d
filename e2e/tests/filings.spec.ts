import fs from 'node:fs';
import { adminApi, createInventory, customerWithFacilities } from './api.ts';
import { expect, expectNoSeriousViolations, test } from './fixtures.ts';

/**
 * Issue 36 "Filing status": a customer's 2015 inventory (Tier II due 2016-03-01, long past, so
 * late on any day) is marked filed from the Filings screen and leaves the due list.
 */
test('open Filings, mark a late Tier II filed, and see it leave the due list', async ({
  adminPage: page,
  request,
}) => {
  const api = await adminApi(request);
  const customer = await customerWithFacilities(api, 'Filings', ['Harbor Plant']);
  const facility = customer.facilities[0]!;
  await createInventory(api, customer.id, facility.id, 2015);

  await page.getByRole('link', { name: 'Filings', exact: true }).click();
  await expect(page).toHaveURL(/\/filings/);
  // Only this customer's filings: its name typed into the customer picker.
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(customer.name);
  await page.getByRole('option', { name: customer.name }).click();
  const table = page.getByRole('table', { name: 'Filings' });
  const row = table.getByRole('row').filter({ hasText: facility.name }).filter({ hasText: '2015' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tier II (EPCRA 311/312)');
  await expect(row).toContainText('03-01-2016');
  await expect(row.getByText('Late')).toHaveClass(/text-red-700/);

  await row.getByRole('button', { name: /^Mark as filed/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as filed' });
  // The server's messages under the fields for an empty form.
  await dialog.getByRole('button', { name: 'Mark as filed' }).click();
  await expect(dialog.getByText('Filed on is required')).toBeVisible();
  await dialog.getByLabel('Filed on').fill('02202016');
  await dialog.getByLabel('How it was filed').selectOption('portal');
  await dialog.getByLabel('Confirmation number').fill('OK-2016-0042');
  await dialog.getByRole('button', { name: 'Mark as filed' }).click();
  await expect(page.getByRole('status')).toContainText('Filing marked as filed successfully');
  await expect(row).toHaveCount(0);

  // Filed: shown under its status with the day, how and the confirmation number.
  await page.getByLabel('Status').selectOption('filed');
  const filed = table.getByRole('row').filter({ hasText: facility.name });
  await expect(filed).toContainText('Filed 02-20-2016');
  await expect(filed).toContainText('#OK-2016-0042');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = fs.readFileSync(await (await downloading).path(), 'utf8');
  expect(csv).toContain(
    `${facility.name},OK,2015,Tier II (EPCRA 311/312),2016-03-01,filed,2016-02-20,portal,OK-2016-0042`,
  );
  await expectNoSeriousViolations(page);
});
