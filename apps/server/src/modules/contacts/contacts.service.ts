import {
  CONTACT_MSG,
  type ContactListQuery,
  type ContactResource,
  contactName,
  type ListPage,
  type SaveContact,
  twentyFourHourPhone,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { toPage } from '../../lib/list-query.ts';
import { toggleActive } from '../../lib/toggle-active.ts';
import { stateExists } from '../addresses/addresses.repository.ts';
import { customerExists } from '../customers/customers.repository.ts';
import {
  type ContactPhoneRow,
  type ContactRow,
  type ContactValues,
  checkContactVersion,
  countContactFacilities,
  deleteContact,
  type FacilityContactLink,
  findContactForUpdate,
  findContactRow,
  insertContact,
  insertContactPhones,
  type PhoneValues,
  replaceContactPhones,
  replaceFacilityContacts,
  selectContactFacilities,
  selectContactListRows,
  selectContactPhones,
  selectCustomerFacilityIds,
  setContactActive,
  setContactFacilities,
  updateContactRow,
} from './contacts.repository.ts';

const ENTITY = 'contact';

function toResource(
  row: ContactRow,
  phoneRows: ContactPhoneRow[],
  facilities: { id: number; name: string }[],
): ContactResource {
  const { contact } = row;
  const phones = phoneRows.map((phone) => ({ phone_number: phone.phoneNumber, phone_type: phone.phoneType }));
  return {
    id: contact.id,
    customer_id: contact.customerId,
    customer: row.customer,
    name: contactName({ first_name: contact.firstName, last_name: contact.lastName }),
    first_name: contact.firstName,
    last_name: contact.lastName,
    title: contact.title,
    email: contact.email,
    mailing_street: contact.mailingStreet,
    mailing_city: contact.mailingCity,
    mailing_state: contact.mailingState ?? '',
    mailing_zip: contact.mailingZip,
    mailing_country: contact.mailingCountry,
    contact_types: contact.contactTypes,
    phones,
    phone_24_hour: twentyFourHourPhone(phones),
    facilities,
    is_active: contact.isActive,
    created_at: toIso(contact.createdAt),
    updated_at: toIso(contact.updatedAt),
  };
}

async function getContact(db: Db | Tx, id: number): Promise<ContactResource> {
  const row = await findContactRow(db, id);
  const [phones, facilities] = await Promise.all([
    selectContactPhones(db, [id]),
    selectContactFacilities(db, id),
  ]);
  return toResource(row, phones, facilities);
}

/** The list carries each contact's phones (one query for the page) and leaves out its facilities. */
async function listContacts(db: Db, query: ContactListQuery): Promise<ListPage<ContactResource>> {
  const { rows, total } = await selectContactListRows(db, query);
  const phones = await selectContactPhones(
    db,
    rows.map((row) => row.contact.id),
  );
  return toPage(
    rows.map((row) =>
      toResource(
        row,
        phones.filter((phone) => phone.contactId === row.contact.id),
        [],
      ),
    ),
    total,
    query.page,
    query.ipp,
  );
}

function toValues(body: SaveContact): ContactValues {
  return {
    customerId: body.customer_id,
    firstName: body.first_name,
    lastName: body.last_name,
    title: body.title,
    email: body.email,
    mailingStreet: body.mailing_street,
    mailingCity: body.mailing_city,
    mailingState: body.mailing_state === '' ? null : body.mailing_state,
    mailingZip: body.mailing_zip,
    mailingCountry: body.mailing_country,
    contactTypes: body.contact_types,
  };
}

const toPhones = (body: SaveContact) =>
  body.phones.map((phone) => ({ phoneNumber: phone.phone_number, phoneType: phone.phone_type }));

/** The rules the schema cannot see: the customer exists, the state is one of the states list. */
async function assertReferences(tx: Tx, body: SaveContact): Promise<void> {
  if (!(await customerExists(tx, body.customer_id))) {
    throw fieldError('customer_id', CONTACT_MSG.customerRequired);
  }
  if (body.mailing_state !== '' && !(await stateExists(tx, body.mailing_state))) {
    throw fieldError('mailing_state', CONTACT_MSG.state);
  }
}

/**
 * Issue 33: staff link a contact to its customer's facilities from the contact form, with the
 * permission to edit a contact. Every id must be a facility of the contact's customer (422).
 */
async function linkFacilities(tx: Tx, id: number, body: SaveContact): Promise<void> {
  if (body.facility_ids === undefined) return;
  const found = await selectCustomerFacilityIds(tx, body.customer_id, body.facility_ids);
  if (found.length !== body.facility_ids.length) throw fieldError('facility_ids', CONTACT_MSG.facilities);
  await setContactFacilities(tx, id, body.facility_ids);
}

async function createContact(db: Db, actor: Actor, body: SaveContact): Promise<ContactResource> {
  return db.transaction(async (tx) => {
    await assertReferences(tx, body);
    const id = await insertContact(tx, toValues(body));
    if (body.is_active === false) await setContactActive(tx, id, false);
    await replaceContactPhones(tx, id, toPhones(body));
    await linkFacilities(tx, id, body);
    const resource = await getContact(tx, id);
    await recordAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: resource });
    return resource;
  });
}

async function updateContact(db: Db, actor: Actor, id: number, body: SaveContact): Promise<ContactResource> {
  return db.transaction(async (tx) => {
    const current = await findContactRow(tx, id);
    await checkContactVersion(tx, { entity: ENTITY, id, readAt: body.updated_at });
    const before = await getContact(tx, id);
    await assertReferences(tx, body);
    // A facility names only its own customer's contacts: moving a named contact would break that
    // (unless the same save names only the new customer's facilities, checked with the links).
    const staysNamed = body.facility_ids === undefined ? before.facilities.length > 0 : false;
    if (body.customer_id !== current.contact.customerId && staysNamed) {
      throw fieldError('customer_id', CONTACT_MSG.customerLocked);
    }
    await updateContactRow(tx, id, toValues(body));
    await replaceContactPhones(tx, id, toPhones(body));
    await linkFacilities(tx, id, body);
    const resource = await getContact(tx, id);
    await recordAudit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after: resource });
    return resource;
  });
}

async function toggleContact(db: Db, actor: Actor, id: number): Promise<ContactResource> {
  return toggleActive(db, actor, {
    entity: ENTITY,
    id,
    isActive: async (tx) => (await findContactRow(tx, id)).contact.isActive,
    setActive: (tx, isActive) => setContactActive(tx, id, isActive),
    read: (tx) => getContact(tx, id),
  });
}

/**
 * Deletes a contact no facility names. One that a facility names is a 409 (decision 018): a
 * facility silently losing its emergency contact would leave its Tier II short of one.
 */
async function removeContact(db: Db, actor: Actor, id: number): Promise<ContactResource> {
  return db.transaction(async (tx) => {
    await findContactForUpdate(tx, id);
    const resource = await getContact(tx, id);
    const count = await countContactFacilities(tx, id);
    if (count > 0) throw new AppError('CONFLICT', CONTACT_MSG.inUse(resource.name, count));
    await deleteContact(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      details: { name: resource.name },
      before: resource,
    });
    return resource;
  });
}

/** A contact read from a Tier II file (decision 017), in the contacts table's columns. */
export interface ImportedContact {
  /** The file's `<recordId>`, as read: the key of the answer. */
  recordId: string;
  /** The name as the file gives it, for the audit row. */
  name: string;
  values: Omit<ContactValues, 'customerId'> & { tier2RecordId: string | null };
  phones: (PhoneValues & { tier2RecordId: string | null })[];
}

/**
 * Writes a Tier II file's new contacts of the customer with their phones (order and record ids
 * kept), each with a `contact` create audit row marked `from_tier2_import`. Answers each new
 * contact's id with the file's record id, in the order given.
 */
export async function importContacts(
  tx: Tx,
  actor: Actor,
  customerId: number,
  imported: ImportedContact[],
): Promise<{ recordId: string; id: number }[]> {
  const written: { recordId: string; id: number }[] = [];
  for (const contact of imported) {
    const values = { customerId, ...contact.values };
    const id = await insertContact(tx, values);
    await insertContactPhones(tx, id, contact.phones);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      details: { from_tier2_import: true },
      after: { ...values, name: contact.name, phones: contact.phones },
    });
    written.push({ recordId: contact.recordId, id });
  }
  return written;
}

/**
 * The facility's contacts become these, in this order: the facility form's save and a Tier II
 * import alike, so both keep or set the link ids by one rule. A contact linked twice keeps its
 * first link: a Tier II file may name one twice (the form's schema refuses it).
 */
export async function linkFacilityContacts(
  tx: Tx,
  facilityId: number,
  links: FacilityContactLink[],
): Promise<void> {
  const seen = new Set<number>();
  const distinct = links.filter((link) => !seen.has(link.contactId) && seen.add(link.contactId));
  await replaceFacilityContacts(tx, facilityId, distinct);
}

export const contactsService = {
  list: listContacts,
  get: getContact,
  create: createContact,
  update: updateContact,
  toggle: toggleContact,
  remove: removeContact,
} satisfies CrudService<ContactResource, ContactResource, ContactListQuery, SaveContact>;
