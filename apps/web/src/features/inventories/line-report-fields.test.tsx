import {
  INVENTORY_PRODUCT_MSG,
  type InventoryProductResource,
  type SaveInventoryProduct,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor as waitForDefault, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { InventoryProductFields } from './inventory-product-fields.tsx';
import {
  EMPTY_INVENTORY_PRODUCT_FORM,
  InventoryProductFormSchema,
  type InventoryProductFormValues,
  toInventoryProductBody,
  toInventoryProductForm,
} from './inventory-product-values.ts';
import { inventoryProductsApi } from './inventory-products-api.ts';

/**
 * The line form's report data (issue 11) against the real API: the Tier II hazard categories
 * follow a catalogue product as its SARA flags do, the 313 and Tier II figures and the storage
 * select lists are checked with the domain's messages, and what is saved comes back into the form.
 */

const server = realApiServer();
const waitFor = <T,>(check: () => T) => waitForDefault(check, { timeout: 5000 });
const ids = { inventory: 0, bag: 0 };

async function created(path: string, body: object): Promise<number> {
  const res = await server.call<{ resource: { id: number } }>('admin', 'POST', path, {
    ...body,
    encode: true,
  });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.resource.id;
}

beforeAll(async () => {
  const address = { address: '1 Test Way', city: 'Tulsa', state: 'OK', zip: '74107', phone: '' };
  const customer = await created('/customers/create', {
    name: 'Line Report Co.',
    address,
    is_same_billing_address: 1,
    is_active: 1,
  });
  const facility = await created('/facilities/create', {
    name: 'Line Plant',
    customer_id: customer,
    address,
    is_active: 1,
  });
  ids.inventory = await created('/inventories/create', {
    year: 2025,
    customer_id: customer,
    facility_id: facility,
    is_active: 1,
  });
  ids.bag = await created('/container-units/create', {
    name: 'Sack',
    unit_type: 'lb',
    description: '',
    is_active: 1,
  });
  await created('/products/create', {
    name: 'Oxidizer Pellets',
    mfg_name: 'Pellet Works',
    physical_state: 'solid',
    tier2_hazard_categories: ['Oxidizer (liquid, solid or gas)', 'Serious eye damage or eye irritation'],
    is_active: 1,
  });
});

beforeEach(() => {
  // jsdom does no layout: Radix's checkbox measures itself through ResizeObserver, the picker's
  // end marker through IntersectionObserver.
  class NoLayoutObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', NoLayoutObserver);
  vi.stubGlobal('ResizeObserver', NoLayoutObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

/** The line form with a Save that sends the parsed body through the app's own API client. */
function Harness({
  line,
  onSaved,
}: {
  line?: InventoryProductResource;
  onSaved?: (line: InventoryProductResource) => void;
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const form = useForm<InventoryProductFormValues, unknown, SaveInventoryProduct>({
    resolver: zodResolver(InventoryProductFormSchema),
    mode: 'onTouched',
    defaultValues: line ? toInventoryProductForm(line) : EMPTY_INVENTORY_PRODUCT_FORM,
  });
  const save = form.handleSubmit(async (parsed) => {
    const answer = await inventoryProductsApi(ids.inventory).save(
      line?.id,
      toInventoryProductBody(parsed),
      false,
    );
    onSaved?.(answer.resource);
  });
  return (
    <QueryClientProvider client={client}>
      <form aria-label="Line" onSubmit={save}>
        <InventoryProductFields form={form} disabled={false} />
        <button type="submit">Save</button>
      </form>
    </QueryClientProvider>
  );
}

async function pickProduct(search: string, option: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Product Name' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), search);
  await waitFor(() => {
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((element) => element.textContent ?? '');
    expect(names.length > 0 && names.every((name) => option.test(name)), names.join(', ')).toBe(true);
  });
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;

describe('the line report data', { timeout: 60_000 }, () => {
  it("shows a catalogue product's Tier II categories locked, like its SARA flags", async () => {
    render(<Harness />);
    const oxidizer = screen.getByRole('checkbox', { name: 'Oxidizer (liquid, solid or gas)' });
    // Blocked until the line names a product, as SARA and SPCC are.
    expect(oxidizer).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('checkbox', { name: /./ }).length).toBeGreaterThanOrEqual(23);
    await pickProduct('Oxidizer', /^Oxidizer Pellets/);
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
    await pickProduct('Oxidizer', /^Oxidizer Pellets/);

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
      screen.getByRole('checkbox', { name: "Meets the 313 listing's qualifier" }).getAttribute('data-state'),
    ).toBe('checked');
    expect(
      screen.getByRole('checkbox', { name: 'Oxidizer (liquid, solid or gas)' }).getAttribute('data-state'),
    ).toBe('checked');
  });
});
