import type { SaveProduct } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, ProductFormSchema, type ProductFormValues } from './product-form.ts';
import { ProductMeasureFields } from './product-measure-fields.tsx';

function Harness() {
  const form = useForm<ProductFormValues, unknown, SaveProduct>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: EMPTY_PRODUCT_FORM,
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
    expect(screen.queryByLabelText('Conversion Factor')).toBeNull();
  });

  it('shows a compressed or liquified gas only its conversion factor', async () => {
    render(<Harness />);
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    await userEvent.type(screen.getByLabelText('Specific Gravity'), '0.79');
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Compressed Gas');
    expect(screen.getByLabelText('Conversion Factor')).toBeTruthy();
    expect(screen.queryByLabelText('Specific Gravity')).toBeNull();
    expect(screen.queryByLabelText(/Density/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquified Gas');
    expect(screen.getByLabelText('Conversion Factor')).toBeTruthy();
    // Back to liquid: what was typed is still there.
    await userEvent.selectOptions(screen.getByLabelText('Physical State'), 'Liquid');
    expect(screen.getByLabelText('Specific Gravity')).toHaveProperty('value', '0.79');
    expect(screen.getByLabelText(/Density/)).toHaveProperty('value', '6.59');
  });
});
