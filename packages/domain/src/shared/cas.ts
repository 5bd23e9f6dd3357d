/**
 * CAS Registry Numbers: 2–7 digits, 2 digits, 1 check digit (e.g. 7664-93-9). The check digit is
 * the sum of the other digits, each times its position counted from the right, modulo 10.
 * https://www.cas.org/support/documentation/chemical-substances/checkdig
 */
const CAS_PATTERN = /^(\d{2,7})-(\d{2})-(\d)$/;

/** Trims, and turns a run of digits without dashes ("7664939") into the dashed form. */
export function normalizeCasNumber(value: string): string {
  const text = value.trim();
  // Most CAS numbers arrive dashed: no pattern to run on them (the engine asks this per component and list).
  if (text.length < 5 || text.length > 10 || text.includes('-')) return text;
  if (/^\d{5,10}$/.test(text)) return `${text.slice(0, -3)}-${text.slice(-3, -1)}-${text.slice(-1)}`;
  return text;
}

/** The check digit of a CAS number's other digits ("766493" → 9). */
export function casCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10;
}

export function isValidCasNumber(value: string): boolean {
  const match = CAS_PATTERN.exec(value);
  if (!match) return false;
  return casCheckDigit(`${match[1]}${match[2]}`) === Number(match[3]);
}
