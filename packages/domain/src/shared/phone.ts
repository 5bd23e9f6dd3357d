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
