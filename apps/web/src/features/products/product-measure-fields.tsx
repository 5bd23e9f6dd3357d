import {
  CONVERSION_FACTOR_UNIT,
  densityFromSpecificGravity,
  hasLiquidDensity,
  isGas,
  isImplausibleConversionFactor,
  MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR,
  PHYSICAL_STATE_LABELS,
  PHYSICAL_STATES,
  parseDecimal,
} from '@chemtrack/domain';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import type { ProductDataValues } from './product-form.ts';

/**
 * Physical state and the measures that go with it (spec 02 §4): a liquid has specific gravity,
 * density (read-only, SG × 8.34 to two decimals) and pounds per gallon; a compressed or liquified
 * gas has a conversion factor. A liquified gas has the liquid's three too (issue 31 point 2): its
 * tank is measured in gallons of liquid, which only a liquid density weighs. `idPrefix` keeps the ids of two forms apart.
 * The product form and the line form both hold product data and provide their
 * form (`FormProvider`); the fields read and register only its product-data part.
 */
export function ProductMeasureFields({ idPrefix = 'p' }: { idPrefix?: string }) {
  const form = useFormContext<ProductDataValues>();
  const { errors } = form.formState;
  const state = useWatch({ control: form.control, name: 'physical_state' }) || null;
  const specificGravity = useWatch({ control: form.control, name: 'specific_gravity' });
  const density = densityFromSpecificGravity(specificGravity);
  const conversionFactor = useWatch({ control: form.control, name: 'conversion_factor' });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Field id={id('physical_state')} label="Physical State" error={errors.physical_state?.message}>
        <Select
          id={id('physical_state')}
          aria-invalid={errors.physical_state ? true : undefined}
          {...form.register('physical_state')}
        >
          <option value="">Select physical state</option>
          {PHYSICAL_STATES.map((value) => (
            <option key={value} value={value}>
              {PHYSICAL_STATE_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      {hasLiquidDensity(state) ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 md:col-span-2">
          <Field
            id={id('specific_gravity')}
            label="Specific Gravity"
            error={errors.specific_gravity?.message}
          >
            <Input
              id={id('specific_gravity')}
              inputMode="decimal"
              aria-invalid={errors.specific_gravity ? true : undefined}
              {...form.register('specific_gravity')}
            />
          </Field>
          <Field id={id('density')} label="Density (lb/gal)" hint="Specific gravity × 8.34">
            <Input
              id={id('density')}
              readOnly
              tabIndex={-1}
              className="bg-slate-100"
              value={density === undefined ? '' : density.toFixed(2)}
            />
          </Field>
          <Field
            id={id('pounds_per_gallon')}
            label="Pounds per Gallon"
            error={errors.pounds_per_gallon?.message}
          >
            <Input
              id={id('pounds_per_gallon')}
              inputMode="decimal"
              aria-invalid={errors.pounds_per_gallon ? true : undefined}
              {...form.register('pounds_per_gallon')}
            />
          </Field>
        </div>
      ) : null}
      {isGas(state) ? (
        <Field
          id={id('conversion_factor')}
          label={`Conversion Factor (${CONVERSION_FACTOR_UNIT})`}
          hint={conversionFactorHint(conversionFactor)}
          error={errors.conversion_factor?.message}
        >
          <Input
            id={id('conversion_factor')}
            inputMode="decimal"
            aria-invalid={errors.conversion_factor ? true : undefined}
            {...form.register('conversion_factor')}
          />
        </Field>
      ) : null}
    </>
  );
}

/**
 * The factor's unit under the field, and a warning when the typed value is below 1 cu ft/lb: a
 * gas takes more than that, so it is almost certainly a density typed the wrong way round
 * (issue 21 point 8; the reports warn about the same value).
 */
function conversionFactorHint(typed: string | number | null | undefined): ReactNode {
  const parsed = parseDecimal(typed);
  if (parsed.ok && isImplausibleConversionFactor(parsed.value)) {
    return (
      <span className="text-amber-700">
        Below {MIN_PLAUSIBLE_GAS_CONVERSION_FACTOR} cu ft per lb: a gas takes more (chlorine about 5.4). Is
        this a density in lb per cu ft? Enter cubic feet per pound (1 ÷ density).
      </span>
    );
  }
  return 'Cubic feet per pound: pounds = cubic feet ÷ this factor.';
}
