/**
 * Decimal quantities are PostgreSQL `numeric` (exact); the driver reads them as text. The API
 * speaks numbers, so they are converted here, at the edge, and nowhere else.
 */
export function fromNumeric(value: string | null): number | null {
  return value === null ? null : Number(value);
}

export function toNumeric(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
