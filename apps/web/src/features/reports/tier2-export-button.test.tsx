import {
  compliance,
  TIER2_EXPORT_MSG,
  tier2CustomerExportFileName,
  tier2ExportFileName,
} from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { catchSavedFiles } from '../../test/saved-files.ts';
import { ToastProbe } from '../../test/toast-probe.tsx';
import { ReportsPage } from './reports-page.tsx';
import {
  TIER2_EXPORT_LABEL,
  TIER2_EXPORT_WARNINGS_LABEL,
  Tier2ExportButton,
} from './tier2-export-button.tsx';

/**
 * The Reports screen's "Export Tier II (.t2s)" (issue 25) against the real API: the chosen
 * customer, facility and year download as the server's `.t2s` (a ZIP), and a year before 2017 is
 * refused with the server's message under the Year field.
 */
const server = realApiServer();
const YEAR = new Date().getFullYear() - 1;
const address = { address: '1 Export Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
let customer = 0;

beforeAll(async () => {
  customer = await server.create('/customers/create', {
    name: 'Export Test Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  const facility = await server.create('/facilities/create', {
    name: 'Export Plant',
    customer_id: customer,
    address,
    is_active: 1,
  });
  for (const year of [YEAR, 2016])
    await server.create('/inventories/create', {
      year,
      customer_id: customer,
      facility_id: facility,
      is_active: 1,
    });
  // Issue 36: a facility of the customer with no inventory this year, which a customer's file leaves out.
  await server.create('/facilities/create', {
    name: 'Idle Plant',
    customer_id: customer,
    address: { ...address, address: '2 Idle Way' },
    is_active: 1,
  });
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
  await screen.findByRole('heading', { name: 'Reports' });
}

async function pick(label: string, name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name }, { timeout: 5000 }));
}

async function chooseYear(year: number) {
  const select = screen.getByRole('combobox', { name: 'Year' });
  await screen.findByRole('option', { name: String(year) }, { timeout: 5000 });
  await userEvent.selectOptions(select, String(year));
}

const button = () => screen.getByRole('button', { name: TIER2_EXPORT_LABEL });

describe('Export Tier II (.t2s)', { timeout: 30_000 }, () => {
  it('waits for customer, facility and year, then saves the .t2s under the server name', async () => {
    const { saved, click } = catchSavedFiles();
    await renderPage();
    expect(button()).toHaveProperty('disabled', true);
    await pick('Select Customer', 'Export Test Co.');
    await pick('Facility Name', 'Export Plant');
    expect(button()).toHaveProperty('disabled', true);
    await chooseYear(YEAR);
    expect(button()).toHaveProperty('disabled', false);
    await userEvent.click(button());
    await waitFor(() => expect(click).toHaveBeenCalledOnce(), { timeout: 15_000 });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe(tier2ExportFileName('Export Test Co.', 'Export Plant', YEAR));
    expect(anchor.download).toBe(`EPCRA_311_312_Tier_II_Export_Test_Co__Export_Plant_${YEAR}.t2s`);
    // A .t2s is a zip.
    const head = new Uint8Array(await (saved[0] as Blob).arrayBuffer()).subarray(0, 2);
    expect(new TextDecoder().decode(head)).toBe('PK');
    expect(screen.getByTestId('toasts').textContent).toBe('[]');
    const exports = (await server.requests()).filter((request) => request.url.includes('/tier2/export'));
    expect(exports.at(-1)?.url).toContain(`year=${YEAR}`);
    // Issue 33: the facility names no contact, so the saved file lacks all three, said under the button.
    const status = screen.getByRole('status', { name: TIER2_EXPORT_WARNINGS_LABEL });
    expect([...status.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      compliance.TIER2_FILE_MSG.noOwnerOperator('Export Plant'),
      compliance.TIER2_FILE_MSG.noEmergencyContact('Export Plant'),
      compliance.TIER2_FILE_MSG.noInformationContact('Export Plant'),
    ]);
  });

  it('shows a 422 under the Year field and saves nothing; another year clears it', async () => {
    const { click } = catchSavedFiles();
    await renderPage();
    await pick('Select Customer', 'Export Test Co.');
    await pick('Facility Name', 'Export Plant');
    await chooseYear(2016);
    await userEvent.click(button());
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(TIER2_EXPORT_MSG.legacyYear);
    expect(alert.textContent).toBe(
      'Tier II files hold the hazard categories used from 2017; choose 2017 or later.',
    );
    expect(click).not.toHaveBeenCalled();
    expect(button()).toHaveProperty('disabled', false);
    await chooseYear(YEAR);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('Export Tier II (.t2s) given no facility: every facility of the customer', {
  timeout: 30_000,
}, () => {
  it('saves one file named after the customer and names the facility left out under the button', async () => {
    const { saved, click } = catchSavedFiles();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onError = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <Tier2ExportButton
          customerId={customer}
          customerName="Export Test Co."
          facilityName=""
          year={YEAR}
          onFieldErrors={() => false}
          onError={onError}
        />
      </QueryClientProvider>,
    );
    expect(button()).toHaveProperty('disabled', false);
    await userEvent.click(button());
    await waitFor(() => expect(click).toHaveBeenCalledOnce(), { timeout: 15_000 });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe(tier2CustomerExportFileName('Export Test Co.', YEAR));
    expect(anchor.download).toBe(`EPCRA_311_312_Tier_II_Export_Test_Co__${YEAR}.t2s`);
    const head = new Uint8Array(await (saved[0] as Blob).arrayBuffer()).subarray(0, 2);
    expect(new TextDecoder().decode(head)).toBe('PK');
    const exports = (await server.requests()).filter((request) => request.url.includes('/tier2/export'));
    expect(exports.at(-1)?.url).not.toContain('facility_id');
    const status = screen.getByRole('status', { name: TIER2_EXPORT_WARNINGS_LABEL });
    // The facility left out first, then what the file lacks for the one it holds.
    expect([...status.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `Not in the file (no ${YEAR} inventory): Idle Plant`,
      compliance.TIER2_FILE_MSG.noOwnerOperator('Export Plant'),
      compliance.TIER2_FILE_MSG.noEmergencyContact('Export Plant'),
      compliance.TIER2_FILE_MSG.noInformationContact('Export Plant'),
    ]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('waits for a facility when given an empty one (none chosen yet)', () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Tier2ExportButton
          customerId={customer}
          customerName="Export Test Co."
          facilityName=""
          facilityId=""
          year={YEAR}
          onFieldErrors={() => false}
          onError={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect(button()).toHaveProperty('disabled', true);
    expect(button().getAttribute('title')).toBe('Choose a customer, a facility and a year first.');
  });
});
