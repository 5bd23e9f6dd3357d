/** Phones are stored and sent as digits only and shown as (000) 000-0000. */
export function normalizePhone(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

export function formatPhone(value: string | null | undefined): string {
  const digits = normalizePhone(value);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const prefix = digits.slice(3, 6);
  const line = digits.slice(6, 10);
  if (digits.length <= 3) return `(${area}`;
  if (digits.length <= 6) return `(${area}) ${prefix}`;
  const rest = digits.length > 10 ? ` ${digits.slice(10)}` : '';
  return `(${area}) ${prefix}-${line}${rest}`;
}

/**
 * A phone that may carry more than a US number (a contact's: "+44 20 7946 0958", "713-555-0100
 * x12"): a plain 10-digit number is shown as every other phone, (000) 000-0000 (issue 33 point
 * 15); anything else as typed, since reformatting it would lose the extension or country code.
 */
export function formatTypedPhone(value: string | null | undefined): string {
  const typed = (value ?? '').trim();
  const digits = normalizePhone(typed);
  if (digits.length === 10 && /^[\d\s().-]*$/.test(typed)) return formatPhone(digits);
  return typed;
}
