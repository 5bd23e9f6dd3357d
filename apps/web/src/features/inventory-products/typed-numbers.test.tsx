import { render, screen, waitFor as waitForDefault } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import { FieldsHarness, pick, withoutLayout } from './inventory-product-fields.harness.tsx';

/**
 * Issue 22 point 2: a number typed wrong is refused under its field, with the domain's message
 * (the same schema the server answers 422 with), and nothing is sent; the text stays as typed.
 */

const server = realApiServer();

beforeAll(async () => {
  await server.create('/container-units/create', { name: 'Tote', unit_type: 'gal', is_active: 1 });
  await server.create('/products/create', {
    name: 'Gravity Only Acid',
    mfg_name: 'Acids Inc',
    physical_state: 'liquid',
    specific_gravity: '1.84',
    is_active: 1,
  });
});

const waitFor = <T,>(check: () => T) => waitForDefault(check, { timeout: 5000 });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

withoutLayout();

describe('numbers typed wrong on the line form', { timeout: 60_000 }, () => {
  it('shows the message under Size and Quantity and sends nothing', async () => {
    const submit = vi.fn(async () => {});
    render(<FieldsHarness onSubmit={submit} />);
    await userEvent.type(input('Size'), '-55');
    await userEvent.type(input('Quantity'), 'five');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByText('Container Size must be 0 or more.')).toBeTruthy());
    expect(screen.getByText('Container Quantity must be a number.')).toBeTruthy();
    expect(input('Size').getAttribute('aria-invalid')).toBe('true');
    // Not bent into 55 and no quantity: the text stays as typed for the user to correct.
    expect([input('Size').value, input('Quantity').value]).toEqual(['-55', 'five']);
    expect(submit).not.toHaveBeenCalled();
  });

  it('takes a unit suffix and thousands separators without a message', async () => {
    render(<FieldsHarness onSubmit={async () => {}} />);
    await userEvent.type(input('Size'), '1,000 gal');
    await userEvent.tab();
    await userEvent.type(input('Quantity'), '2');
    await userEvent.tab();
    expect(screen.queryByText(/^Container Size must/)).toBeNull();
    expect(screen.queryByText(/^Container Quantity must/)).toBeNull();
  });

  it('weighs a liquid with only a specific gravity by SG × 8.34, as the reports do (issue 22 point 3)', async () => {
    render(<FieldsHarness />);
    await pick('Product Name', 'Gravity Only', /^Gravity Only Acid/);
    await waitFor(() => expect(input('Specific Gravity').value).toBe('1.84'));
    expect(input('Pounds per Gallon').value).toBe('');
    await pick('Unit', 'Tote', /^Tote \(gal\)/);
    await userEvent.type(input('Size'), '55');
    await userEvent.type(input('Quantity'), '4');
    // 55 gal × 4 = 220 gal; 1.84 × 8.34 = 15.3456 lb/gal; 220 × 15.3456 = 3,376.032 lb.
    expect(input('Max Gallons').value).toBe('220');
    expect(input('Max Pounds').value).toBe('3376.032');
  });
});
