/** Dates are entered and shown as MM/DD/YYYY, sent as yyyy-MM-dd and listed as MM-dd-yyyy (spec 02 §9). */

/** "2024-03-07" → "03/07/2024"; anything else → "". */
export function isoToUsDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/**
 * "03/07/2024" → "2024-03-07"; "" → "". Text that is not MM/DD/YYYY is returned as typed, so
 * the date rule reports it rather than a wrong day being sent.
 */
export function usDateToIso(text: string): string {
  const value = text.trim();
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : value;
}

/** The MM/DD/YYYY mask while typing: digits only, slashes added after month and day. */
export function maskUsDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * Tables show dates as MM-dd-yyyy (spec 02 §9): "2024-03-07…" → "03-07-2024". Timestamps are
 * read as UTC days so a record saved late in the evening keeps its date on every screen.
 */
export function toTableDate(value: string | Date | null | undefined): string {
  const iso = value instanceof Date ? value.toISOString() : (value ?? '');
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[2]}-${match[3]}-${match[1]}` : '';
}
