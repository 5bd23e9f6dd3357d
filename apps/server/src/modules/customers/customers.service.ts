import {
  type AutocompleteQuery,
  CUSTOMER_MSG,
  type CustomerAutocompleteItem,
  type CustomerListQuery,
  type CustomerListRow,
  type CustomerResource,
  formatFullAddress,
  type ListPage,
  type SaveCustomerRequestSchema,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { toListedPage, toPage } from '../../lib/list-query.ts';
import { askBeforeSameName, isSameNameText } from '../../lib/same-name.ts';
import { toggleActive } from '../../lib/toggle-active.ts';
import {
  isBlankBilling,
  removeAddress,
  saveAddress,
  toAddressResource,
} from '../addresses/addresses.service.ts';
import {
  type CustomerRow,
  checkCustomerVersion,
  findCustomer,
  findSameNameCustomer,
  insertCustomer,
  selectCustomerListRows,
  selectCustomerPickerRows,
  setCustomerActive,
  updateCustomerRow,
} from './customers.repository.ts';

type SaveCustomer = z.output<typeof SaveCustomerRequestSchema>;
const ENTITY = 'customer';

function toCustomerResource(row: CustomerRow): CustomerResource {
  const { phone: _phone, ...billingAddress } = toAddressResource(row.billing);
  const address = toAddressResource(row.address);
  return {
    id: row.customer.id,
    name: row.customer.name,
    phone: address.phone,
    prepared_at: row.customer.preparedAt,
    address,
    billing_address: billingAddress,
    billingAddress,
    is_same_billing_address: row.customer.isSameBillingAddress,
    is_active: row.customer.isActive,
    created_at: toIso(row.customer.createdAt),
    updated_at: toIso(row.customer.updatedAt),
  };
}

async function listCustomers(db: Db, query: CustomerListQuery): Promise<ListPage<CustomerListRow>> {
  const listed = await selectCustomerListRows(db, query);
  const items = listed.rows.map((row): CustomerListRow => {
    const address = toAddressResource(row.address);
    return {
      id: row.customer.id,
      name: row.customer.name,
      phone: address.phone,
      is_active: row.customer.isActive,
      address,
      facility: row.facility
        ? {
            id: row.facility.id,
            name: row.facility.name,
            full_address: formatFullAddress(toAddressResource(row.facilityAddress)),
            is_active: row.facility.isActive,
          }
        : null,
    };
  });
  return toListedPage(items, listed, query.ipp);
}

async function autocompleteCustomers(
  db: Db,
  query: AutocompleteQuery,
): Promise<ListPage<CustomerAutocompleteItem>> {
  const { rows, total } = await selectCustomerPickerRows(db, query);
  return toPage(rows, total, query.page, query.ipp);
}

/**
 * Billing follows the checkbox: "same as company" copies the company address; otherwise the
 * given billing address is kept, and an empty one clears it. Returns the address to point at and
 * one to delete once nothing points at it.
 */
async function saveBilling(
  tx: Tx,
  existing: number | null,
  body: SaveCustomer,
): Promise<{ billingAddressId: number | null; orphanId: number | null }> {
  if (body.is_same_billing_address) {
    const { phone: _phone, ...copy } = body.address;
    return { billingAddressId: await saveAddress(tx, existing, copy, 'billing_address'), orphanId: null };
  }
  if (isBlankBilling(body.billing_address) || !body.billing_address)
    return { billingAddressId: null, orphanId: existing };
  return {
    billingAddressId: await saveAddress(tx, existing, body.billing_address, 'billing_address'),
    orphanId: null,
  };
}

/**
 * Two companies may share a name, so a second one is not refused outright: the save answers 409
 * with the customer already there until the user confirms (lib/same-name.ts). `current` is the
 * customer being renamed, none for a new one.
 */
function askBeforeSameNameCustomer(tx: Tx, body: SaveCustomer, current: { id: number; name: string } | null) {
  return askBeforeSameName({
    isConfirmed: body.confirm_duplicate,
    isRenamed: current === null || !isSameNameText(current.name, body.name),
    find: () => findSameNameCustomer(tx, body.name, current?.id ?? null),
    message: (existing) => CUSTOMER_MSG.duplicate(existing.name, existing.city),
  });
}

async function createCustomer(db: Db, actor: Actor, body: SaveCustomer): Promise<CustomerResource> {
  return db.transaction(async (tx) => {
    const addressId = await saveAddress(tx, null, body.address, 'address');
    const { billingAddressId } = await saveBilling(tx, null, body);
    await askBeforeSameNameCustomer(tx, body, null);
    const id = await insertCustomer(tx, {
      name: body.name,
      preparedAt: body.prepared_at || null,
      addressId,
      billingAddressId,
      isSameBillingAddress: body.is_same_billing_address ?? false,
      isActive: body.is_active ?? true,
    });
    const resource = toCustomerResource(await findCustomer(tx, id));
    await recordAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: resource });
    return resource;
  });
}

async function updateCustomer(
  db: Db,
  actor: Actor,
  id: number,
  body: SaveCustomer,
): Promise<CustomerResource> {
  return db.transaction(async (tx) => {
    const found = await findCustomer(tx, id);
    await checkCustomerVersion(tx, { entity: ENTITY, id, readAt: body.updated_at });
    const { customer } = found;
    const addressId = await saveAddress(tx, customer.addressId, body.address, 'address');
    const { billingAddressId, orphanId } = await saveBilling(tx, customer.billingAddressId, body);
    await askBeforeSameNameCustomer(tx, body, customer);
    await updateCustomerRow(tx, id, {
      name: body.name,
      preparedAt: body.prepared_at || null,
      addressId,
      billingAddressId,
      isSameBillingAddress: body.is_same_billing_address ?? false,
    });
    await removeAddress(tx, orphanId);
    const resource = toCustomerResource(await findCustomer(tx, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: toCustomerResource(found),
      after: resource,
    });
    return resource;
  });
}

async function toggleCustomer(db: Db, actor: Actor, id: number): Promise<CustomerResource> {
  return toggleActive(db, actor, {
    entity: ENTITY,
    id,
    isActive: async (tx) => (await findCustomer(tx, id)).customer.isActive,
    setActive: (tx, isActive) => setCustomerActive(tx, id, isActive),
    read: async (tx) => toCustomerResource(await findCustomer(tx, id)),
  });
}

/** Staff list, view and add customers; editing and archiving are admin only (spec 02 §6). */
export const customersService = {
  list: listCustomers,
  autocomplete: autocompleteCustomers,
  get: async (db: Db, id: number) => toCustomerResource(await findCustomer(db, id)),
  create: createCustomer,
  update: updateCustomer,
  toggle: toggleCustomer,
} satisfies CrudService<CustomerListRow, CustomerResource, CustomerListQuery, SaveCustomer>;
