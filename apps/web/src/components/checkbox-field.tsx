import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox } from './ui/checkbox.tsx';

/** A boolean form field as a labelled checkbox, for a Controller's render (flags, activities). */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>>({
  id,
  label,
  title,
  disabled,
  field,
}: {
  id: string;
  label: string;
  title?: string;
  disabled?: boolean;
  field: ControllerRenderProps<T, N>;
}) {
  return (
    <label htmlFor={id} title={title} className="flex items-center gap-2 py-1 text-sm text-slate-700">
      <Checkbox
        id={id}
        checked={field.value === true}
        disabled={disabled}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
        ref={field.ref}
      />
      {label}
    </label>
  );
}
