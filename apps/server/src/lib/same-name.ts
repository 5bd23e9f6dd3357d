import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A name as people tell names apart: case, outer spaces and repeated inner spaces ignored. */
export function nameKey(value: AnyColumn | SQL | string): SQL {
  // Both sides go through PostgreSQL's lower(), so the key is the same whatever the collation.
  return sql`lower(regexp_replace(btrim(${value}), '\\s+', ' ', 'g'))`;
}

/** `column` holds the same name as `name` ("Flammable" and " flammable "). */
export function isSameName(column: AnyColumn, name: string): SQL {
  return sql`${nameKey(column)} = ${nameKey(name)}`;
}

/** The same comparison on two texts in hand (a record's saved name and the one sent). */
export function isSameNameText(a: string, b: string): boolean {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  return key(a) === key(b);
}
