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
  specificGravityFromPoundsPerGallon,
} from '@chemtrack/domain';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
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
  const poundsPerGallon = useWatch({ control: form.control, name: 'pounds_per_gallon' });
  const disagreement = measuresDisagree(poundsPerGallon, density);
  const id = (name: string) => `${idPrefix}-${name}`;
  // What the person typed into each measure in this form; a value set by a reset or filled
  // from the other measure no longer equals it, so it is not "typed by hand".
  const typedByHand = useRef<Partial<Record<Measure, string>>>({});
  // Runs after react-hook-form stored the new value; the watched values of this render are
  // still the ones before the keystroke.
  const followFrom = (edited: Measure) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    typedByHand.current[edited] = typed;
    const other = OTHER_MEASURE[edited];
    const previous = edited === 'specific_gravity' ? specificGravity : poundsPerGallon;
    const otherValue = String(form.getValues(other) ?? '').trim();
    if (otherValue !== '' && typedByHand.current[other] === otherValue) return;
    if (otherValue !== '' && !measuresAgree(edited, previous, otherValue)) return;
    form.setValue(other, deriveMeasure(edited, typed), { shouldDirty: true });
  };
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
            hint={specificGravityHint(specificGravity)}
            error={errors.specific_gravity?.message}
          >
            <Input
              id={id('specific_gravity')}
              inputMode="decimal"
              aria-invalid={errors.specific_gravity ? true : undefined}
              {...form.register('specific_gravity', { onChange: followFrom('specific_gravity') })}
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
            hint={
              disagreement ? (
                <span className="flex flex-col items-start gap-1 text-amber-700">
                  {disagreement}
                  <button
                    type="button"
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    onClick={() =>
                      form.setValue('pounds_per_gallon', (density ?? 0).toFixed(2), {
                        shouldDirty: true,
                        shouldValidate: true,
                      })
                    }
                  >
                    Use {(density ?? 0).toFixed(2)} (specific gravity × 8.34)
                  </button>
                </span>
              ) : undefined
            }
            error={errors.pounds_per_gallon?.message}
          >
            <Input
              id={id('pounds_per_gallon')}
              inputMode="decimal"
              aria-invalid={errors.pounds_per_gallon ? true : undefined}
              {...form.register('pounds_per_gallon', { onChange: followFrom('pounds_per_gallon') })}
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

type Measure = 'specific_gravity' | 'pounds_per_gallon';
const OTHER_MEASURE: Record<Measure, Measure> = {
  specific_gravity: 'pounds_per_gallon',
  pounds_per_gallon: 'specific_gravity',
};

/** The other measure's text for a typed one: SG × 8.34 to two decimals, or lb/gal ÷ 8.34 to three. */
function deriveMeasure(edited: Measure, typed: string): string {
  if (edited === 'specific_gravity') {
    const density = densityFromSpecificGravity(typed);
    return density === undefined || density <= 0 ? '' : density.toFixed(2);
  }
  const gravity = specificGravityFromPoundsPerGallon(typed);
  return gravity === undefined || gravity <= 0 ? '' : String(gravity);
}

/**
 * Whether the other measure still stands for the edited one's value before the keystroke
 * (within the tolerance of the disagreement sentence): then it was filled from it, not typed
 * apart, and follows it (issue 33 point 3).
 */
function measuresAgree(edited: Measure, previous: string | number | null | undefined, otherValue: string) {
  const [gravity, perGallon] =
    edited === 'specific_gravity' ? [previous, otherValue] : [otherValue, previous];
  const density = densityFromSpecificGravity(gravity);
  const parsed = parseDecimal(perGallon);
  if (density === undefined || density <= 0 || !parsed.ok || parsed.value === null) return false;
  return Math.abs(parsed.value - density) <= density * MEASURES_TOLERANCE;
}

/** Above this a specific gravity is asked about (issue 33 point 3): mercury is 13.5, common liquids 0.6-2. */
export const SPECIFIC_GRAVITY_CHECK_ABOVE = 5;
/** Pounds per gallon and SG × 8.34 further apart than this share disagree (issue 33 point 3). */
const MEASURES_TOLERANCE = 0.01;

function specificGravityHint(typed: string | number | null | undefined): ReactNode {
  const parsed = parseDecimal(typed);
  if (parsed.ok && parsed.value !== null && parsed.value > SPECIFIC_GRAVITY_CHECK_ABOVE) {
    return (
      <span className="text-amber-700">
        Above {SPECIFIC_GRAVITY_CHECK_ABOVE}: heavier than almost any liquid (mercury is 13.5). Check it
        before saving.
      </span>
    );
  }
  return undefined;
}

/**
 * Pounds per gallon and specific gravity never silently disagree (issue 33 point 3): the reports
 * weigh a liquid by Pounds per Gallon when it is given (rules §0.1), so the sentence says which
 * one counts, and the button under it aligns the two.
 */
function measuresDisagree(
  typed: string | number | null | undefined,
  density: number | undefined,
): string | null {
  const parsed = parseDecimal(typed);
  if (!parsed.ok || parsed.value === null || parsed.value <= 0 || density === undefined || density <= 0)
    return null;
  if (Math.abs(parsed.value - density) <= density * MEASURES_TOLERANCE) return null;
  return `Pounds per Gallon ${parsed.value} and Specific Gravity × 8.34 (${density.toFixed(2)} lb/gal) disagree: the reports use Pounds per Gallon.`;
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
