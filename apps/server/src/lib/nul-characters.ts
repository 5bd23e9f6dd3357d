/**
 * PostgreSQL text cannot hold U+0000: a string carrying one fails inside the query as a server
 * error. These find such strings first, so the answer is a 422 on the field that has one.
 */
export const NUL_CHARACTER_MESSAGE = 'The value contains a character that is not allowed.';

/** The dotted names (`address.city`, `hazard_ids.0`) of every string holding U+0000. */
export function fieldsWithNul(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.') || 'request'] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => fieldsWithNul(item, [...path, key]));
}
