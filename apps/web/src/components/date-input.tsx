import { maskUsDate } from '@chemtrack/domain';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

const showTyped = (value: string | undefined) => value ?? '';

/** A date typed as MM/DD/YYYY; the slashes come by themselves. The form converts it for sending. */
export function DateInput(props: MaskedInputProps) {
  return (
    <MaskedInput
      inputMode="numeric"
      placeholder="MM/DD/YYYY"
      autoComplete="off"
      maxLength={10}
      {...props}
      show={showTyped}
      read={maskUsDate}
    />
  );
}
