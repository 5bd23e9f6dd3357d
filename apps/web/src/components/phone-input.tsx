import { formatPhone, normalizePhone } from '@chemtrack/domain';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

const readDigits = (typed: string) => normalizePhone(typed).slice(0, 10);

/** Shows (000) 000-0000 while typing; hands the form digits only, at most 10. */
export function PhoneInput(props: MaskedInputProps) {
  return (
    <MaskedInput
      type="tel"
      inputMode="tel"
      placeholder="(000) 000-0000"
      autoComplete="tel"
      {...props}
      show={formatPhone}
      read={readDigits}
    />
  );
}
