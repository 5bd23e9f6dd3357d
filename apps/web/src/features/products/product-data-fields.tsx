import { Controller, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { keepSignedDigits, type ProductDataValues, SARA_FLAGS } from './product-form.ts';
import { asProductDataForm } from './product-measure-fields.tsx';

/** Flash point in °F (spec 02 §5): digits and a leading minus only, kept as the user types. */
export function FlashPointField<T extends ProductDataValues, TOutput>({
  form: typedForm,
  idPrefix = 'p',
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  idPrefix?: string;
}) {
  const form = asProductDataForm(typedForm);
  const id = `${idPrefix}-flash_points`;
  const error = form.formState.errors.flash_points?.message;
  return (
    <Field id={id} label="Flash Point (°F)" error={error}>
      <Controller
        control={form.control}
        name="flash_points"
        render={({ field }) => (
          <div className="relative">
            <Input
              id={id}
              inputMode="numeric"
              className="pr-10"
              aria-invalid={error ? true : undefined}
              value={field.value}
              onChange={(event) => field.onChange(keepSignedDigits(event.target.value))}
              onBlur={field.onBlur}
              ref={field.ref}
            />
            <span
              className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-500"
              aria-hidden
            >
              °F
            </span>
          </div>
        )}
      />
    </Field>
  );
}

/**
 * The SARA F, P, R, A, C and SPCC flags (spec 02 §9). `disabled` blocks them without a native
 * fieldset (the inventory line form blocks them until a new product has a name).
 */
export function SaraSpccFields<T extends ProductDataValues, TOutput>({
  form: typedForm,
  idPrefix = 'p',
  disabled,
  className,
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  idPrefix?: string;
  disabled?: boolean;
  className?: string;
}) {
  const form = asProductDataForm(typedForm);
  const flags = [
    ...SARA_FLAGS.map((flag) => ({ ...flag, label: `SARA ${flag.label}` })),
    { name: 'is_spcc', label: 'SPCC', title: 'Spill Prevention, Control, and Countermeasure' } as const,
  ];
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">SARA and SPCC</legend>
      <div className="mt-2 flex flex-wrap gap-5">
        {flags.map((flag) => {
          const id = `${idPrefix}-${flag.name}`;
          return (
            <Controller
              key={flag.name}
              control={form.control}
              name={flag.name}
              render={({ field }) => (
                <CheckboxField
                  id={id}
                  label={flag.label}
                  title={flag.title}
                  disabled={disabled}
                  field={field}
                />
              )}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
