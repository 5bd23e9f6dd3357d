import { REPORT_MSG, reportFileName } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { catchSavedFiles } from '../../test/saved-files.ts';
import { ToastProbe } from '../../test/toast-probe.tsx';
import { checkReportFile, NOT_A_FILE_MESSAGE } from './api.ts';
import { ReportsPage } from './reports-page.tsx';

const server = realApiServer();
const YEAR = new Date().getFullYear() - 1;
const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
const ids = {
  customer: 0,
  facility: 0,
  emptyFacility: 0,
  inventory: 0,
  ammoniaLine: 0,
  mysteryLine: 0,
  mysteryProduct: 0,
};

/** A liquid with one component at 40% by weight, a fire hazard (the legacy SARA F flag: Tier II counts it). */
async function liquidProduct(
  name: string,
  poundsPerGallon: string,
  component: { name: string; number: string },
) {
  const id = await server.create('/products/create', {
    name,
    is_sara_f: 1,
    mfg_name: 'Report Chemicals',
    physical_state: 'liquid',
    pounds_per_gallon: poundsPerGallon,
    specific_gravity: '',
    is_active: 1,
  });
  await server.create(`/products/${id}/chemical-components/create`, {
    ...component,
    percentage_weight: '40',
  });
  return id;
}

beforeAll(async () => {
  ids.customer = await server.create('/customers/create', {
    name: 'Report Test Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  const facility = (name: string) =>
    server.create('/facilities/create', { name, customer_id: ids.customer, address, is_active: 1 });
  ids.facility = await facility('Report Plant');
  await server.create('/customers/create', {
    name: 'Other Report Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  ids.emptyFacility = await facility('Empty Plant');
  ids.inventory = await server.create('/inventories/create', {
    year: YEAR,
    customer_id: ids.customer,
    facility_id: ids.facility,
    is_active: 1,
  });
  const drum = await server.create('/containers/create', {
    name: 'Report Drum',
    description: '',
    is_active: 1,
  });
  const gallon = await server.create('/container-units/create', {
    name: 'Report Gallon',
    unit_type: 'gal',
    description: '',
    is_active: 1,
  });
  const line = (productId: number, quantity: string) =>
    server.create(`/inventories/${ids.inventory}/product/create`, {
      product_id: productId,
      container_id: drum,
      container_unit_id: gallon,
      container_size: '55',
      container_quantity: quantity,
      location_stored: 'TANK FARM',
    });
  // 55 gal × 60 × 8.34 lb/gal = 27,522 lb, 40% ammonia: 11,008.80 lb.
  ids.ammoniaLine = await line(
    await liquidProduct('Ammonia Cleaner', '8.34', { name: 'Ammonia', number: '7664-41-7' }),
    '60',
  );
  // 55 gal × 20 × 8.34 lb/gal = 9,174 lb: within 10% below Tier II's 10,000 lb.
  await line(await liquidProduct('Toluene Blend', '8.34', { name: 'Toluene', number: '108-88-3' }), '20');
  // No density: the engine cannot weigh it and says so, naming the line.
  ids.mysteryProduct = await liquidProduct('Mystery Liquid', '', { name: 'Methanol', number: '67-56-1' });
  ids.mysteryLine = await line(ids.mysteryProduct, '1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => dismissToast());
});

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute();
  const reports = createRoute({
    getParentRoute: () => root,
    path: '/reports',
    component: () => (
      <>
        <ReportsPage />
        <ToastProbe />
      </>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([reports]),
    history: createMemoryHistory({ initialEntries: ['/reports'] }),
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The router renders its match after a tick.
  await screen.findByRole('heading', { name: 'Reports' });
}

/** Opens a picker by its label and takes the option named `name`. */
async function pick(label: string, name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name }, { timeout: 5000 }));
}

async function chooseAll() {
  await pick('Select Customer', 'Report Test Co.');
  await pick('Facility Name', 'Report Plant');
  const year = screen.getByRole('combobox', { name: 'Year' });
  await screen.findByRole('option', { name: String(YEAR) }, { timeout: 5000 });
  await userEvent.selectOptions(year, String(YEAR));
  await userEvent.selectOptions(
    screen.getByRole('combobox', { name: 'Report Type' }),
    'EPCRA 311/312 Tier I and II',
  );
}

const lineHref = (lineId: number) => `/inventories/${ids.inventory}/products/${lineId}`;

describe('ReportsPage', { timeout: 30_000 }, () => {
  it('says each missing choice under its field; facility and year wait for their turn', async () => {
    await renderPage();
    expect(screen.getByRole('combobox', { name: 'Facility Name' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveProperty('disabled', true);
    // Issue 23: every type is available, the fire-code ones included.
    const fireCode = await screen.findByRole('option', { name: 'hazardous material permit program report' });
    expect(fireCode).toHaveProperty('disabled', false);
    expect(screen.queryByText(/not available yet/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create Report' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      REPORT_MSG.customerRequired,
      REPORT_MSG.facilityRequired,
      REPORT_MSG.yearRequired,
      REPORT_MSG.typeRequired,
    ]);
    const generated = (await server.requests()).filter((request) => request.url.includes('/report/generate'));
    expect(generated).toEqual([]);
  });

  it('cascades customer → facility → year, and a change clears what depends on it', async () => {
    await renderPage();
    await pick('Select Customer', 'Report Test Co.');
    const facility = screen.getByRole('combobox', { name: 'Facility Name' });
    expect(facility).toHaveProperty('disabled', false);
    await pick('Facility Name', 'Empty Plant');
    const year = screen.getByRole('combobox', { name: 'Year' });
    await waitFor(() => expect(year.textContent).toBe('No years available'));
    await pick('Facility Name', 'Report Plant');
    await screen.findByRole('option', { name: String(YEAR) }, { timeout: 5000 });
    await userEvent.selectOptions(year, String(YEAR));
    expect(year).toHaveProperty('value', String(YEAR));
    // A new facility clears the year.
    await pick('Facility Name', 'Empty Plant');
    await waitFor(() => expect(year).toHaveProperty('value', ''));
    await pick('Facility Name', 'Report Plant');
    await screen.findByRole('option', { name: String(YEAR) }, { timeout: 5000 });
    await userEvent.selectOptions(year, String(YEAR));
    // A new customer clears the facility and the year.
    await pick('Select Customer', 'Other Report Co.');
    expect(screen.getByRole('combobox', { name: 'Facility Name' }).textContent).toBe('Select a facility');
    expect(year).toHaveProperty('value', '');
    expect(year).toHaveProperty('disabled', true);
  });

  it('previews the report, explains a figure with links to its lines, lists the warnings and saves the PDF', async () => {
    const { saved, click } = catchSavedFiles();
    await renderPage();
    await chooseAll();
    const preview = await screen.findByRole(
      'region',
      { name: /^EPCRA 311\/312 Tier I and Tier II/ },
      { timeout: 10_000 },
    );
    const tier2 = within(preview).getByRole('table', { name: 'Tier II chemicals' });
    const reported = within(tier2).getAllByText('Reported');
    expect(reported.length).toBe(1);
    const row = reported[0]?.closest('tr') as HTMLTableRowElement;
    // 55 gal × 60 × 8.34 lb/gal, two decimals with grouping.
    expect(row.textContent).toContain('27,522.00');
    // Below its threshold, near it: in its own section after the table, never beside the reported
    // rows (issue 21 point 2).
    expect(within(tier2).queryByText('near threshold')).toBeNull();
    const below = within(preview).getByRole('table', { name: 'Below threshold (not reported)' });
    expect(within(below).getByText('near threshold').closest('tr')?.textContent).toContain('9,174.00');
    expect(within(below).queryByText('Reported')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /^Explain / }));
    // Asked of the server when opened (issue 37).
    const lines = await within(tier2).findByRole(
      'table',
      { name: /^Contributing lines of / },
      { timeout: 10_000 },
    );
    const link = within(lines).getByRole('link', { name: 'Ammonia Cleaner' });
    expect(link.getAttribute('href')).toBe(lineHref(ids.ammoniaLine));
    expect(lines.textContent).toContain('27,522.00');
    // The conversion written out, every factor as used (issue 21 point 8).
    expect(lines.textContent).toContain(
      '55 gal × 60 = 3,300 gal × 8.34 lb/gal (pounds per gallon) = 27,522.00 lb',
    );
    expect(within(preview).getByText(/^Rule:/).parentElement?.textContent).toMatch(
      /27,522\.00 lb ≥ .*10,000 lb/,
    );
    const warnings = within(preview).getByRole('list', { name: 'Warnings' });
    const fixes = within(warnings).getAllByRole('link', { name: /^Fix Mystery Liquid/ });
    // The density is the product's to enter: its Fix opens the product (issue 33 point 2), not the line.
    expect(fixes.map((fix) => fix.getAttribute('href'))).toEqual(
      fixes.map(() => `/products/${ids.mysteryProduct}`),
    );
    expect(warnings.textContent).toMatch(/density/i);

    await server.hold('response');
    await userEvent.click(screen.getByRole('button', { name: 'Create Report' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create Report' })).toHaveProperty('disabled', true),
    );
    await server.release();
    await waitFor(() => expect(click).toHaveBeenCalledOnce(), { timeout: 15_000 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create Report' })).toHaveProperty('disabled', false),
    );
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe(
      reportFileName('epcra_311_312_tier2', 'Report Test Co.', 'Report Plant', YEAR, 'pdf'),
    );
    expect(anchor.download).toBe(`EPCRA_311_312_Tier_I_and_II_Report_Test_Co__Report_Plant_${YEAR}.pdf`);
    const head = new Uint8Array(await (saved[0] as Blob).arrayBuffer()).subarray(0, 5);
    expect(new TextDecoder().decode(head)).toBe('%PDF-');
    expect(screen.getByTestId('toasts').textContent).toBe('[]');
  });

  it('offers the file format and the settings the type reads; Excel with the component option saves an XLSX and the preview says the option', async () => {
    const { saved, click } = catchSavedFiles();
    await renderPage();
    await chooseAll();
    const format = screen.getByRole('combobox', { name: 'File Format' }) as HTMLSelectElement;
    // Tier II opens on its own kind, a PDF; the settings show with their defaults (rules §0.1, §3).
    expect(format.value).toBe('pdf');
    expect([...format.options].map((option) => option.textContent)).toEqual(['PDF', 'Excel (XLSX)']);
    const basis = screen.getByRole('combobox', { name: 'SDS Percent Ranges' }) as HTMLSelectElement;
    expect(basis.value).toBe('upper');
    const option = screen.getByRole('combobox', { name: 'Tier II Option' }) as HTMLSelectElement;
    expect(option.value).toBe('mixture');
    await userEvent.selectOptions(option, 'component');
    const preview = await screen.findByRole(
      'region',
      { name: /^EPCRA 311\/312 Tier I and Tier II/ },
      { timeout: 10_000 },
    );
    await waitFor(
      () =>
        expect(preview.querySelector('dl[aria-label="Report settings"]')?.textContent).toBe(
          // Issue 33 point 2: the header names the product whose pounds are unknown.
          "SDS percent rangesUpper bound of SDS percent rangesTier II option (40 CFR 370.14)Each mixture's hazardous componentsChemicals whose reporting cannot be determinedMystery Liquid: cannot be determined: Specific Gravity or Pounds per Gallon",
        ),
      { timeout: 10_000 },
    );
    await userEvent.selectOptions(format, 'xlsx');
    await userEvent.click(screen.getByRole('button', { name: 'Create Report' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce(), { timeout: 15_000 });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe(`EPCRA_311_312_Tier_I_and_II_Report_Test_Co__Report_Plant_${YEAR}.xlsx`);
    // An XLSX is a zip.
    const head = new Uint8Array(await (saved[0] as Blob).arrayBuffer()).subarray(0, 2);
    expect(new TextDecoder().decode(head)).toBe('PK');
    // A 313 type reads no percent setting and has no Tier II option; it opens on a PDF again.
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Report Type' }),
      'EPCRA 313 threshold from R otherwise used',
    );
    expect(screen.queryByRole('combobox', { name: 'SDS Percent Ranges' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tier II Option' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'File Format' }) as HTMLSelectElement).value).toBe('pdf');
  });

  it('all facilities of the customer: the facility gives way, the years its facilities have inventories are offered, and Create Report saves one ZIP', async () => {
    const { saved, click } = catchSavedFiles();
    await renderPage();
    const all = screen.getByRole('checkbox', { name: 'All facilities of this customer' });
    expect(all).toHaveProperty('disabled', true);
    await pick('Select Customer', 'Report Test Co.');
    await pick('Facility Name', 'Report Plant');
    await userEvent.click(all);
    const facility = screen.getByRole('combobox', { name: 'Facility Name' });
    expect(facility).toHaveProperty('disabled', true);
    expect(facility.textContent).toBe('All facilities');
    // The years in which some active facility of the customer has an inventory: Report Plant's one.
    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    await screen.findByRole('option', { name: String(YEAR) }, { timeout: 5000 });
    expect([...year.options].map((option) => option.value)).toEqual(['', String(YEAR)]);
    await userEvent.selectOptions(year, String(YEAR));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Report Type' }),
      'EPCRA 311/312 Tier I and II',
    );
    // The preview is one facility's: none for all of them.
    expect(screen.queryByRole('region', { name: /^EPCRA 311\/312/ })).toBeNull();

    await server.hold('response');
    await userEvent.click(screen.getByRole('button', { name: 'Create Report' }));
    expect(await screen.findByText('Preparing… 0 s')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Preparing…/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(all).toHaveProperty('disabled', true);
    await server.release();
    await waitFor(() => expect(click).toHaveBeenCalledOnce(), { timeout: 15_000 });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe(`EPCRA_311_312_Tier_I_and_II_Report_Test_Co__All_facilities_${YEAR}.zip`);
    const head = new Uint8Array(await (saved[0] as Blob).arrayBuffer()).subarray(0, 2);
    expect(new TextDecoder().decode(head)).toBe('PK');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create Report' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByTestId('toasts').textContent).toBe('[]');

    // Back to one facility: the year chosen for all of them goes with it.
    await userEvent.click(all);
    expect(facility).toHaveProperty('disabled', false);
    expect(year.value).toBe('');
    expect(year).toHaveProperty('disabled', true);
  });

  it('all facilities of a customer none of whose facilities has an inventory: No years available, nothing to generate', async () => {
    await renderPage();
    await pick('Select Customer', 'Other Report Co.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'All facilities of this customer' }));
    const year = screen.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement;
    await waitFor(() => expect(year.textContent).toBe('No years available'), { timeout: 5000 });
    expect([...year.options].map((option) => option.value)).toEqual(['']);
    expect(year).toHaveProperty('disabled', true);
    const asked = (await server.requests()).filter((request) => request.url.endsWith('/years-list'));
    expect(asked.at(-1)?.url).toMatch(/^\/api\/admin\/v1\/inventories\/\d+\/years-list$/);
  });

  it('Cancel stops the ZIP being prepared: no file, no notice, the form is back', async () => {
    const { click } = catchSavedFiles();
    await renderPage();
    await pick('Select Customer', 'Report Test Co.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'All facilities of this customer' }));
    await screen.findByRole('option', { name: String(YEAR) }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Year' }), String(YEAR));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Report Type' }),
      'EPCRA 311/312 Tier I and II',
    );
    await server.hold('response');
    await userEvent.click(screen.getByRole('button', { name: 'Create Report' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Create Report' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await server.release();
    // The aborted request never delivers: nothing saved, nothing said.
    const generated = (await server.requests()).filter((request) => request.url.includes('/report/generate'));
    expect(generated.length).toBeGreaterThan(0);
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByTestId('toasts').textContent).toBe('[]');
  });

  it('says a failed generation in the destructive notice titled Error, for 5 s', async () => {
    await renderPage();
    await chooseAll();
    // The inventory goes away between the choice and the click.
    const archived = await server.call('admin', 'PATCH', `/inventories/${ids.inventory}/activate`, {});
    expect(archived.status).toBe(200);
    await userEvent.click(screen.getByRole('button', { name: 'Create Report' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).not.toBe('[]'), { timeout: 10_000 });
    const [notice] = JSON.parse(screen.getByTestId('toasts').textContent ?? '[]');
    expect(notice).toEqual({
      title: 'Error',
      description: REPORT_MSG.noInventory,
      variant: 'destructive',
      duration: 5000,
    });
    // The notice is shown in the catch, the button comes back in the finally: a render apart.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create Report' })).toHaveProperty('disabled', false),
    );
    await server.call('admin', 'PATCH', `/inventories/${ids.inventory}/activate`, {});
  });
});

describe('checkReportFile', () => {
  // A fetch answer's blob, as the API client gets it (jsdom's own Blob cannot be read as text).
  const file = async (contentType: string, text: string) => ({
    blob: await new Response(text).blob(),
    filename: 'x.pdf',
    contentType,
  });

  it('passes a PDF and an XLSX answer', async () => {
    for (const type of [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]) {
      await expect(checkReportFile(await file(type, 'data'))).resolves.toMatchObject({ contentType: type });
    }
  });

  it("reads a JSON answer's message as the error, whatever its status", async () => {
    await expect(
      checkReportFile(await file('application/json', JSON.stringify({ message: REPORT_MSG.notAvailable }))),
    ).rejects.toMatchObject({ message: REPORT_MSG.notAvailable });
  });

  it('calls anything else not a file', async () => {
    for (const type of ['text/html', '']) {
      await expect(checkReportFile(await file(type, '<html>'))).rejects.toThrow(NOT_A_FILE_MESSAGE);
    }
  });
});
