export function toIso(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
