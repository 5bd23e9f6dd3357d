import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { conflictWith } from './app-error.ts';

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

/**
 * Records that may share a name but usually should not (customers; products by name and
 * manufacturer): a save giving one the name another has answers 409 with the message and that
 * record (`existing`) until the body confirms it (`confirm_duplicate`). A record keeping the name
 * it has asks nothing (`isRenamed` false): a shared name was confirmed when it was given. Run it
 * after the save's other rules, so the question comes once the form is otherwise right.
 */
export async function askBeforeSameName<T extends Record<string, unknown>>(question: {
  isConfirmed: boolean | undefined;
  isRenamed: boolean;
  find: () => Promise<T | undefined>;
  message: (existing: T) => string;
}): Promise<void> {
  if (question.isConfirmed || !question.isRenamed) return;
  const existing = await question.find();
  if (existing) throw conflictWith(question.message(existing), existing);
}
