import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './ui/field.tsx';
import { Select } from './ui/select.tsx';

/**
 * A form row choosing one of a fixed list by its labels (the record's order is the list's):
 * `empty` adds a first "none" choice, `defaultValue` marks the rules' default "(default)".
 */
export function ChoiceField<T extends string>({
  id,
  label,
  hint,
  error,
  labels,
  empty,
  defaultValue,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  labels: Record<T, string>;
  empty?: string;
  defaultValue?: T;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Select id={id} disabled={disabled} aria-invalid={error ? true : undefined} {...registration}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {(Object.keys(labels) as T[]).map((value) => (
          <option key={value} value={value}>
            {labels[value]}
            {value === defaultValue ? ' (default)' : ''}
          </option>
        ))}
      </Select>
    </Field>
  );
}
