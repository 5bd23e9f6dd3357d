import { CALCULATION_WARNING_DURATION_MS, type ProductResource } from '@chemtrack/domain';
import { act, render, screen, waitFor as waitForDefault, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { ToastProbe } from '../../test/toast-probe.tsx';
import { FieldsHarness, pick, withoutLayout } from './inventory-product-fields.harness.tsx';

const server = realApiServer();
/** The machine is shared with other test runs: a slow answer is given five seconds, not one. */
const waitFor = <T,>(check: () => T) => waitForDefault(check, { timeout: 5000 });
/** A required field's label ends in its asterisk. */
const MFG_NAME = /^Manufacturer Name/;
const UNITS = [
  { name: 'Drum', unit_type: 'gal' },
  { name: 'Pint', unit_type: 'oz' },
  { name: 'Bag', unit_type: 'lb' },
] as const;

beforeAll(async () => {
  for (const unit of UNITS) {
    const created = await server.call('admin', 'POST', '/container-units/create', {
      ...unit,
      is_active: 1,
      encode: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const created = await server.call<{ resource: ProductResource }>('admin', 'POST', '/products/create', {
    name: 'Xylene Solvent',
    mfg_name: 'Solvents Inc',
    mfg_product_number: 'XS-100',
    physical_state: 'liquid',
    specific_gravity: '0.86',
    pounds_per_gallon: '7',
    is_sara_f: 1,
    is_spcc: 1,
    is_active: 1,
    encode: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const cement = await server.call<{ resource: ProductResource }>('admin', 'POST', '/products/create', {
    name: 'Portland Cement',
    mfg_name: 'Cement Co',
    mfg_product_number: 'PC-1',
    physical_state: 'solid',
    is_sara_a: 1,
    is_active: 1,
    encode: true,
  });
  expect(cement.status, JSON.stringify(cement.body)).toBe(201);
});

withoutLayout();

/** Disabled by itself or by a disabled fieldset around it, as the browser judges it. */
const isDisabled = (label: string | RegExp) => screen.getByLabelText(label).matches(':disabled');
const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

// Each picker search waits out its 500 ms debounce.
describe('InventoryProductFields', { timeout: 60_000 }, () => {
  it('fills and locks a catalog product, and a new name unlocks it (SARA and SPCC only once it has a name)', async () => {
    render(
      <FieldsHarness>
        <ToastProbe />
      </FieldsHarness>,
    );
    const saraF = screen.getByRole('checkbox', { name: 'SARA F' });
    const spcc = screen.getByRole('checkbox', { name: 'SPCC' });
    // A new line with no product yet: SARA and SPCC are blocked until there is a name.
    expect(saraF).toHaveProperty('disabled', true);
    expect(spcc).toHaveProperty('disabled', true);
    expect(isDisabled(MFG_NAME)).toBe(false);

    await pick('Product Name', 'Xylene', /^Xylene Solvent/);
    await waitFor(() => expect(value(MFG_NAME)).toBe('Solvents Inc'));
    expect(value('Manufacturer Product Number')).toBe('XS-100');
    expect((screen.getByLabelText('Physical State') as HTMLSelectElement).value).toBe('liquid');
    expect(value('Pounds per Gallon')).toBe('7');
    expect(screen.getByRole('combobox', { name: 'Product Name' }).textContent).toContain('Solvents Inc');
    for (const label of [MFG_NAME, 'Manufacturer Product Number', 'Physical State', 'Pounds per Gallon'])
      expect(isDisabled(label), String(label)).toBe(true);
    expect(saraF).toHaveProperty('disabled', true);
    expect(saraF.getAttribute('data-state')).toBe('checked');
    expect(spcc.getAttribute('data-state')).toBe('checked');

    // A new name: the product data is the user's to write, SARA and SPCC too.
    await userEvent.click(screen.getByRole('combobox', { name: 'Product Name' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Brand New Degreaser');
    await userEvent.click(screen.getByRole('button', { name: 'Add "Brand New Degreaser" as a new product' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Product Name' }).textContent).toContain(
        'Brand New Degreaser',
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Product Name' }).textContent).toContain('new product');
    for (const label of [MFG_NAME, 'Manufacturer Product Number', 'Physical State', 'Pounds per Gallon'])
      expect(isDisabled(label), String(label)).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'SARA F' })).toHaveProperty('disabled', false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'SARA P' }));
    expect(screen.getByRole('checkbox', { name: 'SARA P' }).getAttribute('data-state')).toBe('checked');
  });

  it('computes max gallons and pounds live (N/A when missing) and warns once on a figure it cannot read', async () => {
    render(
      <FieldsHarness>
        <ToastProbe />
      </FieldsHarness>,
    );
    expect(value('Max Gallons')).toBe('N/A');
    expect(value('Max Pounds')).toBe('N/A');
    await pick('Product Name', 'Xylene', /^Xylene Solvent/);
    await waitFor(() => expect(value('Pounds per Gallon')).toBe('7'));

    await pick('Unit', 'Drum', /^Drum \(gal\)/);
    await userEvent.type(screen.getByLabelText('Size'), '55');
    expect(value('Max Gallons')).toBe('N/A');
    await userEvent.type(screen.getByLabelText('Quantity'), '2');
    expect(value('Max Gallons')).toBe('110');
    expect(value('Max Pounds')).toBe('770');

    // Ounces: 16 oz × 3 = 0.375 gal, × 7 lb/gal.
    await pick('Unit', 'Pint', /^Pint \(oz\)/);
    await userEvent.clear(screen.getByLabelText('Size'));
    await userEvent.type(screen.getByLabelText('Size'), '16');
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '3');
    expect(value('Max Gallons')).toBe('0.375');
    expect(value('Max Pounds')).toBe('2.625');

    // A liquid in a pound unit is weighed as recorded: 16 lb × 3 = 48 lb, and no gallons.
    await pick('Unit', 'Bag', /^Bag \(lb\)/);
    expect(value('Max Gallons')).toBe('N/A');
    expect(value('Max Pounds')).toBe('48');
    expect(screen.getByTestId('toasts').textContent).toBe('[]');

    // A size that is no number ("1.2."): the warning 'Error Gl', once, for 3000 ms.
    await pick('Unit', 'Drum', /^Drum \(gal\)/);
    await userEvent.clear(screen.getByLabelText('Size'));
    await userEvent.type(screen.getByLabelText('Size'), '1.2');
    expect(value('Max Gallons')).toBe('3.6');
    expect(value('Max Pounds')).toBe('25.2');
    await userEvent.type(screen.getByLabelText('Size'), '.');
    expect(value('Max Gallons')).toBe('N/A');
    expect(JSON.parse(screen.getByTestId('toasts').textContent ?? '')).toEqual([
      {
        title: 'Error Gl',
        description: 'Error in calculation',
        variant: 'warning',
        duration: CALCULATION_WARNING_DURATION_MS,
      },
    ]);
    expect(CALCULATION_WARNING_DURATION_MS).toBe(3000);
    act(() => dismissToast());
    // Typing on while the figure stays wrong does not say it again.
    await userEvent.type(screen.getByLabelText('Size'), '3');
    expect(value('Max Gallons')).toBe('N/A');
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('[]'));
    expect(within(screen.getByRole('form', { name: 'Line' })).getByLabelText('Max Pounds')).toHaveProperty(
      'readOnly',
      true,
    );
  });
  it('a solid in a gallon unit: Max Pounds N/A with a hint under them saying why, and no notice', async () => {
    render(
      <FieldsHarness>
        <ToastProbe />
      </FieldsHarness>,
    );
    await pick('Product Name', 'Portland', /^Portland Cement/);
    await pick('Unit', 'Drum', /^Drum \(gal\)/);
    await userEvent.type(screen.getByLabelText('Size'), '55');
    await userEvent.type(screen.getByLabelText('Quantity'), '200');
    expect(value('Max Pounds')).toBe('N/A');
    expect(
      screen.getByText(
        'Max Pounds cannot be calculated: Drum (gal) does not weigh a solid, and a solid keeps no specific gravity or pounds per gallon to weigh a volume. Choose a unit in lb.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('toasts').textContent).toBe('[]');
    // In a pound unit: 55 lb × 200 = 11,000 lb, and the hint is gone.
    await pick('Unit', 'Bag', /^Bag \(lb\)/);
    expect(value('Max Pounds')).toBe('11000');
    expect(screen.queryByText(/Max Pounds cannot be calculated/)).toBeNull();
  });
});
