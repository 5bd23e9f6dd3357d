import type { Page } from '@playwright/test';
import { adminApi, casNumber, type PdfText, textPdf, uniqueStamp } from './api.ts';
import { E2E, expect, expectNoSeriousViolations, test } from './fixtures.ts';

/** A name part of letters only: a figure in a component's name would read as a concentration. */
function letterStamp(): string {
  return uniqueStamp().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
}

interface SdsRow {
  name: string;
  cas: string;
  percent: string;
}

/** An SDS with a text layer: section 3 as a table of name, CAS # and % by weight, and section 9. */
function sdsPdf(productName: string, rows: readonly SdsRow[]): Buffer {
  const runs: PdfText[] = [
    { x: 50, y: 760, text: 'SAFETY DATA SHEET' },
    { x: 50, y: 740, text: 'SECTION 1: Identification' },
    { x: 50, y: 725, text: `Product name: ${productName}` },
    { x: 50, y: 700, text: 'SECTION 3: Composition/information on ingredients' },
    { x: 50, y: 685, text: 'Chemical name' },
    { x: 250, y: 685, text: 'CAS number' },
    { x: 400, y: 685, text: '% by weight' },
  ];
  rows.forEach((row, index) => {
    const y = 670 - index * 15;
    runs.push({ x: 50, y, text: row.name }, { x: 250, y, text: row.cas }, { x: 400, y, text: row.percent });
  });
  runs.push(
    { x: 50, y: 560, text: 'SECTION 4: First-aid measures' },
    { x: 50, y: 545, text: 'Rinse with water.' },
    { x: 50, y: 520, text: 'SECTION 9: Physical and chemical properties' },
    { x: 50, y: 505, text: 'Physical state: Liquid' },
    { x: 50, y: 490, text: 'Specific gravity: 1.20' },
  );
  return textPdf(runs);
}

async function chooseSdsFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload SDS File' }).click();
  await (await chooser).setFiles(file);
}

interface ComponentRow {
  product_chemical_component_id: number;
  name: string;
  percentage_weight_low: number | null;
  percentage_weight_high: number | null;
}

test('an SDS uploaded on the product form proposes its components; two accepted, one edited, are saved with their audit rows', async ({
  adminPage: page,
  request,
}) => {
  // The first read starts the server's reading worker (pdf.js) on a machine busy with the suite.
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const stamp = letterStamp();
  const productName = `Reading Cleaner ${stamp}`;
  const product = await api.post('/products/create', {
    name: productName,
    mfg_name: 'Acme Chemical Co',
    is_active: 1,
    encode: true,
  });
  const productId = product.resource.id;
  // A component the product already has and the SDS does not list: offered for removal, kept.
  const kept = { name: `Blue dye ${stamp}`, cas: casNumber() };
  await api.post(`/products/${productId}/chemical-components/create`, {
    name: kept.name,
    number: kept.cas,
    percentage_weight: '1',
    encode: true,
  });
  const solvent = { name: `Glycol ether ${stamp}`, cas: casNumber(), percent: '30 - 40 %' };
  const surfactant = { name: `Alcohol ethoxylate ${stamp}`, cas: casNumber(), percent: '5 - 10 %' };
  const fragrance = { name: `Citrus fragrance ${stamp}`, cas: casNumber(), percent: '< 1 %' };

  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('form', { name: 'Edit Product' })).toBeVisible();
  await chooseSdsFile(page, {
    name: 'cleaner-sds.pdf',
    mimeType: 'application/pdf',
    buffer: sdsPdf(productName, [solvent, surfactant, fragrance]),
  });

  // The proposal: each row with its page and the text it was read from; nothing saved yet.
  const proposal = page.getByRole('region', { name: 'Proposed from the SDS' });
  await expect(proposal).toBeVisible({ timeout: 45_000 });
  const rows = proposal.getByRole('table', { name: 'Proposed components' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  const solventRow = rows.filter({ hasText: solvent.name });
  // Accept, Component, CAS #, Low %, High %, Basis, Page, Printed text, Difference.
  const cells = solventRow.getByRole('cell');
  await expect(cells.nth(5)).toHaveText('weight');
  await expect(cells.nth(6)).toHaveText('1');
  await expect(cells.nth(7)).toHaveText(`${solvent.name} ${solvent.cas} ${solvent.percent}`);
  await expect(cells.nth(8)).toHaveText('Added');
  await expect(proposal.getByLabel(`CAS # of ${solvent.name}`)).toHaveValue(solvent.cas);
  await expect(proposal.getByLabel(`Low % of ${solvent.name}`)).toHaveValue('30');
  await expect(proposal.getByLabel(`High % of ${solvent.name}`)).toHaveValue('40');
  await expect(proposal.getByText(`${kept.name} (${kept.cas}, 1%)`)).toBeVisible();
  const components = page.getByRole('table', { name: 'Chemical components' });
  await expect(components.getByRole('row')).toHaveCount(2);
  await expectNoSeriousViolations(page);

  // Two rows accepted, the second's high bound edited, then saved after the confirmation.
  await proposal.getByRole('checkbox', { name: `Accept ${solvent.name}` }).check();
  await proposal.getByRole('checkbox', { name: `Accept ${surfactant.name}` }).check();
  await proposal.getByLabel(`High % of ${surfactant.name}`).fill('12');
  await proposal.getByRole('button', { name: 'Accept selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Save components from the SDS' });
  await expect(confirm).toContainText(`Add ${solvent.name} (30–40%)`);
  await expect(confirm).toContainText(`Add ${surfactant.name} (5–12%)`);
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Components saved' })).toContainText(
    '2 components saved from the SDS.',
  );

  // The components list has both, the edited concentration as edited; the proposal now agrees.
  await expect(components.getByRole('row')).toHaveCount(4);
  await expect(components.getByRole('row').filter({ hasText: solvent.name })).toContainText(
    `${solvent.cas}30–40%`,
  );
  await expect(components.getByRole('row').filter({ hasText: surfactant.name })).toContainText(
    `${surfactant.cas}5–12%`,
  );
  await expect(components.getByRole('row').filter({ hasText: kept.name })).toBeVisible();
  await expect(components.getByRole('row').filter({ hasText: fragrance.name })).toHaveCount(0);
  await expect(cells.nth(8)).toHaveText('Unchanged');

  // The stored links, and each one's audit row written by the component service.
  const list = await api.get<{ resource: { items: ComponentRow[] } }>(
    `/products/${productId}/chemical-components/list?ipp=100`,
  );
  const saved = (name: string) => {
    const row = list.resource.items.find((item) => item.name === name);
    if (!row) throw new Error(`${name} was not saved`);
    return row;
  };
  expect(saved(surfactant.name)).toMatchObject({ percentage_weight_low: 5, percentage_weight_high: 12 });
  expect(saved(solvent.name)).toMatchObject({ percentage_weight_low: 30, percentage_weight_high: 40 });

  // The product form: the SDS's physical state fills the empty field; the file is saved with it.
  await page.getByRole('button', { name: 'Use physical state Liquid' }).click();
  await expect(page.getByLabel('Physical State')).toHaveValue('liquid');
  await page.getByRole('button', { name: 'Use specific gravity 1.2' }).click();
  await expect(page.getByLabel('Specific Gravity')).toHaveValue('1.2');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/products(\?|$)/);

  const log = page.getByRole('table', { name: 'Audit log' });
  for (const component of [solvent, surfactant]) {
    const { product_chemical_component_id: id } = saved(component.name);
    await page.goto(`/audit-log?entity=product_chemical_component&entity_id=${id}`);
    await expect(log.getByRole('row')).toHaveCount(2);
    const row = log.getByRole('row').nth(1);
    await expect(row).toContainText('create');
    await expect(row).toContainText(E2E.admin.email);
    await expect(row).toContainText('Product component');
  }
});
