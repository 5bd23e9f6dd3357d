import { maskUsDate } from '@chemtrack/domain';
import type { InputHTMLAttributes, Ref } from 'react';
import { Input } from './ui/input.tsx';

/** A date typed as MM/DD/YYYY; the slashes come by themselves. The form converts it for sending. */
export function DateInput({
  value,
  onChange,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Input
      ref={ref}
      inputMode="numeric"
      placeholder="MM/DD/YYYY"
      autoComplete="off"
      maxLength={10}
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(maskUsDate(event.target.value))}
    />
  );
}
