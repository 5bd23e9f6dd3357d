import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, states } from '../../db/schema/index.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  typeof addresses.$inferInsert,
  'address' | 'city' | 'stateCode' | 'zip' | 'phone'
>;

export async function stateExists(db: Db | Tx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: states.code }).from(states).where(eq(states.code, code)).limit(1);
  return row !== undefined;
}

export async function insertAddress(db: Db | Tx, values: AddressValues): Promise<number> {
  const [row] = await db.insert(addresses).values(values).returning({ id: addresses.id });
  if (!row) throw new Error('address insert returned no row');
  return row.id;
}

export async function updateAddress(db: Db | Tx, id: number, values: AddressValues): Promise<void> {
  await db.update(addresses).set(values).where(eq(addresses.id, id));
}

export async function deleteAddress(db: Db | Tx, id: number | null): Promise<void> {
  if (id) await db.delete(addresses).where(eq(addresses.id, id));
}

export function listStates(db: Db) {
  return db.select().from(states).orderBy(asc(states.title));
}
