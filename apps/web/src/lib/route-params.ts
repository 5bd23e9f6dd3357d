/** A numeric id from a path segment; anything else becomes -1, which the API answers with 404. */
export function parseId(value: string): number {
  const id = Number.parseInt(value, 10);
  return Number.isInteger(id) && String(id) === value ? id : -1;
}
