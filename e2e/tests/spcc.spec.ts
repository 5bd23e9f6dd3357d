import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi } from './api.ts';
import { expect, test } from './fixtures.ts';

/**
 * The SPCC plan (issue 23) on the demo refinery, last year: gasoline 3 tanks × 12,000 gal,
 * diesel 6,000 gal, diesel drums 6 × 55, hydraulic oil drums 4 × 55 → 42,550 gal aboveground,
 * a PE-certified plan; the 5-gal hydraulic oil pails under "Below threshold". The Drum container
 * type's capacity is changed and put back, so the demo data ends as it began.
 */

const LAST_YEAR = new Date().getFullYear() - 1;
const CUSTOMER = 'Gulf Coast Refining Co.';

async function pick(page: Page, combobox: string, search: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function spccPreview(page: Page) {
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await pick(page, 'Select Customer', 'Gulf Coast Refining', CUSTOMER);
  await pick(page, 'Facility Name', 'Pasadena', 'Pasadena Refinery');
  const year = page.getByRole('combobox', { name: 'Year' });
  await expect(year.getByRole('option', { name: String(LAST_YEAR) })).toBeAttached();
  await year.selectOption(String(LAST_YEAR));
  await page.getByRole('combobox', { name: 'Report Type' }).selectOption({ label: 'SPCC plan' });
  const preview = page.getByRole('region', { name: /^SPCC Plan \(40 CFR 112\)/ });
  await expect(preview).toBeVisible();
  return preview;
}

/**
 * Sets the demo Drum container type's shell capacity on its form (a fresh load: the record as
 * stored). Opened by its id: other specs add "Drum …" types that push it off the newest-first list.
 */
async function setDrumCapacity(page: Page, request: APIRequestContext, gallons: string) {
  const api = await adminApi(request);
  const found = await api.get<{ resource: { items: { id: number; name: string }[] } }>(
    '/containers/list?search=Drum&ipp=100',
  );
  const drum = found.resource.items.find((item) => item.name === 'Drum');
  if (!drum) throw new Error('the demo Drum container type is missing');
  await page.goto(`/containers/${drum.id}`);
  const dialog = page.getByRole('dialog', { name: 'Container Details' });
  const capacity = dialog.getByLabel('Shell Capacity per Container (gal)');
  await capacity.fill(gallons);
  await expect(dialog.getByLabel('Aboveground or Buried (SPCC)')).toHaveValue('aboveground');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toContainText('Container Drum updated successfully.');
}

test('the SPCC preview shows the plan and its containers, and the PDF downloads from the Reports screen', async ({
  adminPage: page,
}) => {
  const preview = await spccPreview(page);
  const settings = preview.getByRole('definition');
  await expect(preview.getByLabel('Report settings')).toContainText('SPCC plan required');
  await expect(
    settings.filter({ hasText: 'PE-certified plan: 42,550.00 gal aboveground > 10,000 gal' }),
  ).toHaveCount(1);
  const capacity = preview.getByRole('table', { name: 'SPCC capacity and plan determination' });
  await expect(
    capacity.getByRole('row', { name: /^Aboveground capacity \(gal\) Explain .* 42,550\.00 / }),
  ).toBeVisible();
  const containers = preview.getByRole('table', { name: 'SPCC containers (55 gallons or more)' });
  await expect(containers).toContainText('Unleaded Gasoline (E10)');
  await expect(containers).toContainText('36,000.00');
  const below = preview.getByRole('table', { name: 'Below threshold' });
  await expect(below).toContainText('AW 46 Hydraulic Oil');
  await expect(below).toContainText('5.00 gal < 55 gal');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `SPCC_plan_Gulf_Coast_Refining_Co__Pasadena_Refinery_${LAST_YEAR}.pdf`,
  );
  const path = await file.path();
  expect(fs.readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test("editing a container type's capacity changes the SPCC preview", async ({ adminPage: page, request }) => {
  // Three screens and two saves (the change and putting it back): more than one test's default minute.
  test.setTimeout(180_000);
  await setDrumCapacity(page, request, '60');
  try {
    // Drums now 60 gal: diesel 6 × 60 = 360 and hydraulic oil 4 × 60 = 240, so 42,550 + 30 + 20 = 42,600.
    const preview = await spccPreview(page);
    const capacity = preview.getByRole('table', { name: 'SPCC capacity and plan determination' });
    await expect(
      capacity.getByRole('row', { name: /^Aboveground capacity \(gal\) Explain .* 42,600\.00 / }),
    ).toBeVisible();
    const containers = preview.getByRole('table', { name: 'SPCC containers (55 gallons or more)' });
    await expect(
      containers.getByRole('row', { name: /AW 46 Hydraulic Oil .*Drum 60\.00 4 240\.00/ }),
    ).toBeVisible();
  } finally {
    await setDrumCapacity(page, request, '55');
  }
});
