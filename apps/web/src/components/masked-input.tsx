import type { InputHTMLAttributes, Ref } from 'react';
import { Input } from './ui/input.tsx';

/** A text input bound to a form field through its own `value` and `onChange` (a Controller). */
export type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An input shown one way and read another (a date's slashes, a phone number's punctuation):
 * `show` draws the form's value, `read` turns what is typed into the form's value.
 */
export function MaskedInput({
  value,
  onChange,
  ref,
  show,
  read,
  ...props
}: MaskedInputProps & { show: (value: string | undefined) => string; read: (typed: string) => string }) {
  return (
    <Input
      ref={ref}
      {...props}
      value={show(value)}
      onChange={(event) => onChange(read(event.target.value))}
    />
  );
}
