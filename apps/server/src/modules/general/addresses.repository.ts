import { ADDRESS_MSG, type Address, type AddressResource, type BillingAddress } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses, states } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/app-error.ts';

export type AddressRow = typeof addresses.$inferSelect;

export function toAddressResource(row: AddressRow | null | undefined): AddressResource {
  return {
    address: row?.address ?? '',
    city: row?.city ?? '',
    state: row?.stateCode ?? '',
    zip: row?.zip ?? '',
    phone: row?.phone ?? '',
  };
}

async function assertState(db: Db, code: string, field: string) {
  if (!code) return;
  const [row] = await db
    .select({ code: states.code })
    .from(states)
    .where(eq(states.code, code.toUpperCase()))
    .limit(1);
  if (!row) throw fieldError(field, ADDRESS_MSG.stateRequired);
}

function toValues(input: Address | BillingAddress) {
  return {
    address: input.address,
    city: input.city,
    stateCode: input.state ? input.state.toUpperCase() : null,
    zip: input.zip,
    phone: 'phone' in input ? input.phone : '',
  };
}

/** Writes an address row (new or existing) and returns its id; `field` names it in errors. */
export async function saveAddress(
  db: Db,
  existingId: number | null,
  input: Address | BillingAddress,
  field: string,
): Promise<number> {
  await assertState(db, input.state, `${field}.state`);
  if (existingId) {
    await db.update(addresses).set(toValues(input)).where(eq(addresses.id, existingId));
    return existingId;
  }
  const [row] = await db.insert(addresses).values(toValues(input)).returning({ id: addresses.id });
  if (!row) throw new Error('address insert returned no row');
  return row.id;
}

export async function deleteAddress(db: Db, id: number | null) {
  if (id) await db.delete(addresses).where(eq(addresses.id, id));
}

export function isBlankBilling(billing: BillingAddress | undefined): boolean {
  return !billing || (!billing.address && !billing.city && !billing.state && !billing.zip);
}
