import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** A password that meets the spec's rule (upper, lower, digit, 8+). */
function generatePassword(): string {
  return `Ct-${randomBytes(9).toString('base64url')}a1A`;
}

/**
 * On an empty database, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * generated password that is returned once for the console and never stored in clear.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email: string | undefined; password: string | undefined },
): Promise<{ email: string; password: string | undefined } | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const email = (options.email ?? 'admin@chemtrack.local').toLowerCase();
  const password = options.password ?? generatePassword();
  await db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    firstName: 'Admin',
    lastName: 'User',
  });
  return { email, password: options.password ? undefined : password };
}
