import type { SaveProduct } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, ProductFormSchema, type ProductFormValues } from './product-form.ts';
import { ProductMeasureFields } from './product-measure-fields.tsx';

function Harness({ values }: { values?: Partial<ProductFormValues> }) {
  const form = useForm<ProductFormValues, unknown, SaveProduct>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: { ...EMPTY_PRODUCT_FORM, ...values },
  });
  return (
    <FormProvider {...form}>
      <ProductMeasureFields />
    </FormProvider>
  );
}

describe('ProductMeasureFields', () => {
  it('shows a liquid its specific gravity, a live read-only density (SG × 8.34) and pounds per gallon', async () => {
    render(<Harness />);
    expect(screen.queryByLabelText('Specific Gravity')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    const density = screen.getByLabelText(/Density/);
    expect(density).toHaveProperty('readOnly', true);
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '1.84');
    expect(density).toHaveProperty('value', '15.35');
    await userEvent.clear(screen.getByLabelText('Specific Gravity'));
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '1 g/ml');
    expect(density).toHaveProperty('value', '8.34');
    expect(screen.getByLabelText('Pounds per Gallon')).toBeTruthy();
    expect(screen.queryByLabelText(/Conversion Factor/)).toBeNull();
  });

  it('shows a compressed gas only its conversion factor, a liquified gas also its liquid density', async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '0.79');
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Compressed Gas');
    expect(screen.getByLabelText('Conversion Factor (cu ft/lb)')).toBeTruthy();
    expect(screen.queryByLabelText('Specific Gravity')).toBeNull();
    expect(screen.queryByLabelText(/Density/)).toBeNull();
    expect(screen.queryByLabelText('Pounds per Gallon')).toBeNull();
    // Issue 31 point 2: a liquified gas in gallons weighs by its liquid density (a 30,000-gal
    // propane tank at SG 0.51 is 127,602 lb), so its form offers specific gravity and pounds per
    // gallon beside the conversion factor its cubic feet need.
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquified Gas');
    expect(screen.getByLabelText('Conversion Factor (cu ft/lb)')).toBeTruthy();
    expect(screen.getByLabelText('Specific Gravity')).toHaveProperty('value', '0.79');
    expect(screen.getByLabelText(/Density/)).toHaveProperty('value', '6.59');
    expect(screen.getByLabelText('Pounds per Gallon')).toBeTruthy();
    // Back to liquid: what was typed is still there.
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    expect(screen.getByLabelText('Specific Gravity')).toHaveProperty('value', '0.79');
    expect(screen.getByLabelText(/Density/)).toHaveProperty('value', '6.59');
  });

  it("names the conversion factor's unit, cubic feet per pound, and questions a value below 1 (issue 21 point 8)", async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquified Gas');
    const factor = screen.getByLabelText('Conversion Factor (cu ft/lb)');
    expect(screen.getByText('Cubic feet per pound: pounds = cubic feet ÷ this factor.')).toBeTruthy();
    // 0.185 lb/cu ft is chlorine's density; its cubic feet per pound are 1 ÷ 0.185 = 5.4.
    await userEvent.type(factor, '0.185');
    expect(
      screen.getByText(
        'Below 1 cu ft per lb: a gas takes more (chlorine about 5.4). Is this a density in lb per cu ft? Enter cubic feet per pound (1 ÷ density).',
      ),
    ).toBeTruthy();
    await userEvent.clear(factor);
    await userEvent.type(factor, '5.4');
    expect(screen.queryByText(/Below 1 cu ft per lb/)).toBeNull();
  });

  // Issue 33 point 3: the example of the issue, SG 1.75 beside 14.05 lb/gal (SG 1.685).
  it('says when Pounds per Gallon and Specific Gravity disagree, which one the reports use, and aligns them', async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '1.75');
    const ppg = screen.getByLabelText('Pounds per Gallon');
    // Pounds per Gallon follows the specific gravity until it is typed by hand.
    await userEvent.clear(ppg);
    await userEvent.type(ppg, '14.05');
    // 1.75 × 8.34 = 14.595 lb/gal, shown 14.60; 14.05 is 3.7% off.
    expect(
      screen.getByText(
        'Pounds per Gallon 14.05 and Specific Gravity × 8.34 (14.60 lb/gal) disagree: the reports use Pounds per Gallon.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use 14.60 (specific gravity × 8.34)' }));
    expect(ppg).toHaveProperty('value', '14.60');
    expect(screen.queryByText(/disagree/)).toBeNull();
  });

  it('questions a specific gravity above 5', async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '17.5');
    expect(
      screen.getByText('Above 5: heavier than almost any liquid (mercury is 13.5). Check it before saving.'),
    ).toBeTruthy();
  });

  // Issue 33 point 3: editing one updates the other unless the other was typed by hand.
  it('fills Pounds per Gallon from Specific Gravity and back, until the other one is typed by hand', async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    const gravity = screen.getByLabelText('Specific Gravity');
    const ppg = screen.getByLabelText('Pounds per Gallon');
    await userEvent.type(gravity, '1.75');
    expect(ppg).toHaveProperty('value', '14.60');
    await userEvent.clear(gravity);
    await userEvent.type(gravity, '1.2');
    expect(ppg).toHaveProperty('value', '10.01');
    await userEvent.clear(gravity);
    expect(ppg).toHaveProperty('value', '');
    // The other way: 14.05 lb/gal is SG 1.685.
    await userEvent.type(ppg, '14.05');
    expect(gravity).toHaveProperty('value', '1.685');
    // Pounds per Gallon was typed by hand: a new specific gravity leaves it, and they disagree.
    await userEvent.clear(gravity);
    await userEvent.type(gravity, '1.75');
    expect(ppg).toHaveProperty('value', '14.05');
    expect(screen.getByText(/disagree: the reports use Pounds per Gallon\./)).toBeTruthy();
    // Both typed by hand now: neither moves the other.
    await userEvent.clear(ppg);
    await userEvent.type(ppg, '14.1');
    expect(gravity).toHaveProperty('value', '1.75');
  });

  it('keeps a saved Pounds per Gallon that disagrees with the saved specific gravity when the gravity is edited', async () => {
    render(
      <Harness values={{ physical_state: 'liquid', specific_gravity: '1.75', pounds_per_gallon: '14.05' }} />,
    );
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '1');
    expect(screen.getByLabelText('Pounds per Gallon')).toHaveProperty('value', '14.05');
  });

  it('updates a saved Pounds per Gallon that agrees with the saved specific gravity', async () => {
    render(
      <Harness values={{ physical_state: 'liquid', specific_gravity: '1', pounds_per_gallon: '8.34' }} />,
    );
    const gravity = screen.getByLabelText('Specific Gravity');
    await userEvent.clear(gravity);
    await userEvent.type(gravity, '0.79');
    expect(screen.getByLabelText('Pounds per Gallon')).toHaveProperty('value', '6.59');
  });
});
