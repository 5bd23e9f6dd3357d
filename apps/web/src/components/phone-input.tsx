import { formatPhone, normalizePhone } from '@chemtrack/domain';
import type { InputHTMLAttributes, Ref } from 'react';
import { Input } from './ui/input.tsx';

/** Shows (000) 000-0000 while typing; hands the form digits only, at most 10. */
export function PhoneInput({
  value,
  onChange,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (digits: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Input
      ref={ref}
      type="tel"
      inputMode="tel"
      placeholder="(000) 000-0000"
      autoComplete="tel"
      {...props}
      value={formatPhone(value)}
      onChange={(event) => onChange(normalizePhone(event.target.value).slice(0, 10))}
    />
  );
}
