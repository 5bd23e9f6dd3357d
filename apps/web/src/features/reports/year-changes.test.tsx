import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import { YearChanges } from './year-changes.tsx';

/**
 * The Tier II preview's "Changes since {year}" (issue 36), asked of the real server: report-changes
 * .test.ts's fixture made through the API. One facility, inventories of 2024 and 2025, every line
 * in 50 lb bags at WAREHOUSE with the same average and days both years, no reference list, so no
 * programme covers anything. By hand (40 CFR 370.43(a) range codes; 10,000 lb threshold):
 * - Acetone: 2024 40 × 50 = 2,000 lb → 04; 2025 120 × 50 = 6,000 lb → 05: one change.
 * - Toluene: 2024 only, 12 × 50 = 600 lb → 03: removed.
 * - Xylene: 2025 only, 16 × 50 = 800 lb → 03: added.
 */

const server = realApiServer();
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
  ids.customer = await server.create('/customers/create', {
    name: 'Changes Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  ids.facility = await server.create('/facilities/create', {
    name: 'Solvent Works',
    customer_id: ids.customer,
    address,
    is_active: 1,
  });
  const bag = await server.create('/containers/create', {
    name: 'Changes Bag',
    description: '',
    is_active: 1,
  });
  const pound = await server.create('/container-units/create', {
    name: 'Changes Pound',
    unit_type: 'lb',
    description: '',
    is_active: 1,
  });
  const product = async (name: string, cas: string) => {
    const id = await server.create('/products/create', {
      name,
      is_sara_f: 1,
      mfg_name: 'Changes Chemicals',
      physical_state: 'liquid',
      pounds_per_gallon: '',
      specific_gravity: '',
      is_active: 1,
    });
    await server.create(`/products/${id}/chemical-components/create`, {
      name,
      number: cas,
      percentage_weight: '100',
    });
    return id;
  };
  const acetone = await product('Acetone', '67-64-1');
  const toluene = await product('Toluene', '108-88-3');
  const xylene = await product('Xylene', '1330-20-7');
  const inventoryOf = async (year: number, lines: [number, string][]) => {
    const inventory = await server.create('/inventories/create', {
      year,
      customer_id: ids.customer,
      facility_id: ids.facility,
      is_active: 1,
    });
    for (const [productId, bags] of lines) {
      await server.create(`/inventories/${inventory}/product/create`, {
        product_id: productId,
        container_id: bag,
        container_unit_id: pound,
        container_size: '50',
        container_quantity: bags,
        location_stored: 'WAREHOUSE',
        average_pounds: productId === acetone ? '1500' : '300',
        days_on_site: '365',
      });
    }
  };
  await inventoryOf(2024, [
    [acetone, '40'],
    [toluene, '12'],
  ]);
  await inventoryOf(2025, [
    [acetone, '120'],
    [xylene, '16'],
  ]);
}, 60_000);

function renderChanges(year: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <YearChanges
        report={{
          type: 'epcra_311_312_tier2',
          customer: { id: ids.customer, name: 'Changes Co.' },
          facility: { id: ids.facility, name: 'Solvent Works', address: '' },
          year,
        }}
      />
    </QueryClientProvider>,
  );
}

describe('YearChanges', () => {
  it('says it is comparing, then lists the chemical added, the one removed and the code that moved', async () => {
    await server.hold('response');
    renderChanges(2025);
    const status = (await screen.findByRole('status')).textContent;
    // Released before any assertion: a failing one must not leave the server holding the next tests.
    await server.release();
    expect(status?.trim()).toBe('Comparing with the previous year...');
    const section = await screen.findByRole('region', { name: 'Changes since 2024' }, { timeout: 10_000 });
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Changes since 2024');
    expect(section.textContent).toContain(
      'Both years read at the default settings (upper bound of SDS percent ranges; each mixture as a whole).',
    );
    const items = (list: string) =>
      within(within(section).getByRole('list', { name: list }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items('Added (1)')).toEqual([
      'Xylene 1330-20-7: Maximum amount code: 03; Reported on Tier II: not covered',
    ]);
    expect(items('Removed (1)')).toEqual([
      'Toluene 108-88-3: Maximum amount code: 03; Reported on Tier II: not covered',
    ]);
    expect(items('Changed (1)')).toEqual(['Acetone 67-64-1: Maximum amount code: 04 → 05']);
    const requests = (await server.requests()).filter((request) => request.url.includes('/report/changes'));
    expect(requests.map((request) => [request.method, new URL(request.url, server.url).search])).toEqual([
      ['GET', `?type=epcra_311_312_tier2&customer_id=${ids.customer}&facility_id=${ids.facility}&year=2025`],
    ]);
  });

  it('says a first year has no earlier inventory to compare with', async () => {
    renderChanges(2024);
    const section = await screen.findByRole(
      'region',
      { name: 'Changes since last year' },
      { timeout: 10_000 },
    );
    expect(section.textContent).toBe('Changes since last yearNo earlier inventory to compare with.');
  });

  it('says the server’s refusal in place', async () => {
    renderChanges(2023);
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'No inventory for this facility and year',
    );
  });
});
