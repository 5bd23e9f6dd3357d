/**
 * CSV as a spreadsheet opens it (RFC 4180: comma-separated, CRLF line ends, a field with a comma,
 * a quote or a line end quoted, its quotes doubled). A value is never read as a formula: a leading
 * = + - @ tab or carriage return is quoted away with an apostrophe (OWASP CSV injection,
 * https://owasp.org/www-community/attacks/CSV_Injection), since facility, product and customer
 * names are typed by people and opened by others.
 */

export type CsvValue = string | number | boolean | null;

export function csvCell(value: CsvValue): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * Starts a CSV text: Excel reads a CSV without it in the machine's legacy code page, so "Société"
 * or "µg" would open garbled; with it, as UTF-8 (other readers skip it).
 */
const UTF8_BOM = '\uFEFF';

/** The header and the rows as one CSV text (the UTF-8 byte order mark first), each line ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${UTF8_BOM}${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
