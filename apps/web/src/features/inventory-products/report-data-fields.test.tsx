import { INVENTORY_PRODUCT_MSG, type InventoryProductResource } from '@chemtrack/domain';
import { render, screen, waitFor as waitForDefault } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import { inventoryProductsApi } from './api.ts';
import { FieldsHarness, pick, withoutLayout } from './inventory-product-fields.harness.tsx';
import { toInventoryProductBody } from './inventory-product-values.ts';

/**
 * The line form's report data (issue 11) against the real API: the Tier II hazard categories
 * follow a catalog product as its SARA flags do, the 313 and Tier II figures and the storage
 * select lists are checked with the domain's messages, and what is saved comes back into the form.
 */

const server = realApiServer();
const waitFor = <T,>(check: () => T) => waitForDefault(check, { timeout: 5000 });
const ids = { inventory: 0, bag: 0 };

beforeAll(async () => {
  const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
  const customer = await server.create('/customers/create', {
    name: 'Line Report Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  const facility = await server.create('/facilities/create', {
    name: 'Line Plant',
    customer_id: customer,
    address,
    is_active: 1,
  });
  ids.inventory = await server.create('/inventories/create', {
    year: 2025,
    customer_id: customer,
    facility_id: facility,
    is_active: 1,
  });
  ids.bag = await server.create('/container-units/create', {
    name: 'Sack',
    unit_type: 'lb',
    description: '',
    is_active: 1,
  });
  await server.create('/products/create', {
    name: 'Oxidizer Pellets',
    mfg_name: 'Pellet Works',
    physical_state: 'solid',
    tier2_hazard_categories: ['Oxidizer (liquid, solid or gas)', 'Serious eye damage or eye irritation'],
    is_active: 1,
  });
});

withoutLayout();

/** The line form with a Save that sends the parsed body through the app's own API client. */
function Harness({
  line,
  onSaved,
}: {
  line?: InventoryProductResource;
  onSaved?: (saved: InventoryProductResource) => void;
}) {
  return (
    <FieldsHarness
      line={line}
      onSubmit={async (parsed) => {
        const answer = await inventoryProductsApi(ids.inventory).save(
          line?.id,
          toInventoryProductBody(parsed),
          false,
        );
        onSaved?.(answer.resource);
      }}
    />
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

describe('the line report data', { timeout: 60_000 }, () => {
  it("shows a catalog product's Tier II categories locked, like its SARA flags", async () => {
    render(<Harness />);
    const oxidizer = screen.getByRole('checkbox', { name: 'Oxidizer (liquid, solid or gas)' });
    // Blocked until the line names a product, as SARA and SPCC are.
    expect(oxidizer).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('checkbox', { name: /./ }).length).toBeGreaterThanOrEqual(23);
    await pick('Product Name', 'Oxidizer', /^Oxidizer Pellets/);
    await waitFor(() => expect(oxidizer.getAttribute('data-state')).toBe('checked'));
    expect(
      screen
        .getByRole('checkbox', { name: 'Serious eye damage or eye irritation' })
        .getAttribute('data-state'),
    ).toBe('checked');
    expect(screen.getByRole('checkbox', { name: 'Explosive' }).getAttribute('data-state')).toBe('unchecked');
    expect(oxidizer).toHaveProperty('disabled', true);
    // The groups are labelled as the data standard groups them.
    expect(screen.getByRole('group', { name: 'Physical hazards' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Health hazards' })).toBeTruthy();
  });

  it('checks the figures with the domain messages, offers the standard labels, saves and reads them back', async () => {
    let saved: InventoryProductResource | undefined;
    const { unmount } = render(
      <Harness
        onSaved={(line) => {
          saved = line;
        }}
      />,
    );
    await pick('Product Name', 'Oxidizer', /^Oxidizer Pellets/);

    await userEvent.type(field('Days on Site'), '400');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText(INVENTORY_PRODUCT_MSG.daysOnSite)).toBeTruthy());
    await userEvent.type(field('Annual Pounds Processed'), '-5');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText('Annual Pounds Processed must be 0 or more.')).toBeTruthy());

    await userEvent.clear(field('Days on Site'));
    await userEvent.type(field('Days on Site'), '200');
    await userEvent.clear(field('Annual Pounds Processed'));
    await userEvent.type(field('Annual Pounds Processed'), '26,000');
    await userEvent.type(field('Average Amount (lbs)'), '300');
    const type = field('Storage Type') as HTMLSelectElement;
    expect([...type.options].map((option) => option.value)).toEqual(
      expect.arrayContaining(['', 'Above ground tank', 'Tank inside building', 'Bag', 'Tote bin']),
    );
    await userEvent.selectOptions(type, 'Bag');
    await userEvent.selectOptions(field('Storage Pressure'), 'Ambient pressure');
    await userEvent.selectOptions(
      field('Storage Temperature'),
      'Less than ambient temperature but not cryogenic',
    );
    await waitFor(() => expect(screen.queryByText(INVENTORY_PRODUCT_MSG.daysOnSite)).toBeNull());
    // Issue 21 point 16: the 313 qualified-listing mark, unticked by default.
    const qualifier = screen.getByRole('checkbox', { name: "Meets the 313 listing's qualifier" });
    expect(qualifier.getAttribute('data-state')).toBe('unchecked');
    await userEvent.click(qualifier);
    // Issue 23: the PSM flammable screen's exemptions, unticked by default.
    const fuelOnly = screen.getByRole('checkbox', { name: 'Fuel use only (PSM 1910.119(a)(1)(ii)(A))' });
    expect(fuelOnly.getAttribute('data-state')).toBe('unchecked');
    await userEvent.click(fuelOnly);
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Atmospheric storage, not chilled (PSM 1910.119(a)(1)(ii)(B))' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toMatchObject({
      annual_pounds_processed: 26000,
      average_pounds: 300,
      days_on_site: 200,
      storage_type: 'Bag',
      storage_pressure: 'Ambient pressure',
      storage_temperature: 'Less than ambient temperature but not cryogenic',
      meets_313_qualifier: true,
      is_fuel_use_only: true,
      is_atmospheric_storage: true,
      tier2_hazard_categories: ['Oxidizer (liquid, solid or gas)', 'Serious eye damage or eye irritation'],
    });
    unmount();

    // The saved line, as the server answers it, fills the form again.
    const got = await server.call<{ resource: InventoryProductResource }>(
      'admin',
      'GET',
      `/inventories/${ids.inventory}/product/${saved?.id}/get`,
    );
    render(<Harness line={got.body.resource} />);
    expect(field('Annual Pounds Processed').value).toBe('26000');
    expect(field('Days on Site').value).toBe('200');
    expect(field('Storage Temperature').value).toBe('Less than ambient temperature but not cryogenic');
    expect(
      screen
        .getByRole('checkbox', { name: 'Fuel use only (PSM 1910.119(a)(1)(ii)(A))' })
        .getAttribute('data-state'),
    ).toBe('checked');
    expect(
      screen.getByRole('checkbox', { name: "Meets the 313 listing's qualifier" }).getAttribute('data-state'),
    ).toBe('checked');
    expect(
      screen.getByRole('checkbox', { name: 'Oxidizer (liquid, solid or gas)' }).getAttribute('data-state'),
    ).toBe('checked');
  });
});
