import { ADDRESS_MSG, type Address, type AddressResource, type BillingAddress } from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import {
  type AddressRow,
  type AddressValues,
  deleteAddress,
  insertAddress,
  listStates,
  stateExists,
  updateAddress,
} from './addresses.repository.ts';

export function toAddressResource(row: AddressRow | null | undefined): AddressResource {
  return {
    address: row?.address ?? '',
    city: row?.city ?? '',
    state: row?.stateCode ?? '',
    zip: row?.zip ?? '',
    phone: row?.phone ?? '',
  };
}

function toValues(input: Address | BillingAddress): AddressValues {
  return {
    address: input.address,
    city: input.city,
    stateCode: input.state ? input.state.toUpperCase() : null,
    zip: input.zip,
    phone: 'phone' in input ? input.phone : '',
  };
}

/**
 * Writes an address (new or existing) within the caller's transaction and returns its id; an
 * unknown state is refused under `field`.state.
 */
export async function saveAddress(
  db: Db | Tx,
  existingId: number | null,
  input: Address | BillingAddress,
  field: string,
): Promise<number> {
  if (input.state && !(await stateExists(db, input.state.toUpperCase()))) {
    throw fieldError(`${field}.state`, ADDRESS_MSG.stateRequired);
  }
  if (existingId) {
    await updateAddress(db, existingId, toValues(input));
    return existingId;
  }
  return insertAddress(db, toValues(input));
}

/** Removes an address no record points at any more (a billing address merged into the main one). */
export function removeAddress(tx: Db | Tx, id: number | null): Promise<void> {
  return deleteAddress(tx, id);
}

export function isBlankBilling(billing: BillingAddress | undefined): boolean {
  return !billing || (!billing.address && !billing.city && !billing.state && !billing.zip);
}

/** The states every address form offers, by name. */
export function listAllStates(db: Db) {
  return listStates(db);
}
