import type { ComponentType } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { MaskedInputProps } from './masked-input.tsx';
import { Field } from './ui/field.tsx';

/**
 * A form row holding a date or phone input (`input`: DateInput, PhoneInput), which shows the
 * form's value its own way and so is bound through a Controller rather than `register`.
 * `invalid` marks the input for assistive technology; the row shows `error` in any case.
 */
export function MaskedField<T extends FieldValues, TParsed = T>({
  id,
  label,
  error,
  invalid,
  control,
  name,
  input: Input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  invalid?: boolean;
  control: Control<T, unknown, TParsed>;
  name: FieldPathByValue<T, string | null | undefined>;
  input: ComponentType<MaskedInputProps>;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Input
            id={id}
            aria-invalid={invalid ? true : undefined}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
    </Field>
  );
}
