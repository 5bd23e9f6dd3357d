import { type ContactListQuery, TWENTY_FOUR_HOUR_PHONE } from '@chemtrack/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactPhones, contacts, customers, facilities, facilityContacts } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { activeFilter, orderBy, readPage, searchAny, selectMatching, textKey } from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';

/** Refuses a save over a newer version of the contact than the client read (lib/record-version.ts). */
export const checkContactVersion = versionCheck(contacts);

export type ContactValues = Pick<
  typeof contacts.$inferInsert,
  | 'customerId'
  | 'firstName'
  | 'lastName'
  | 'title'
  | 'email'
  | 'mailingStreet'
  | 'mailingCity'
  | 'mailingState'
  | 'mailingZip'
  | 'mailingCountry'
  | 'contactTypes'
>;

export interface PhoneValues {
  phoneNumber: string;
  phoneType: string;
}

const ORDER_COLUMNS: Record<NonNullable<ContactListQuery['order_by']>, SQL> = {
  name: textKey(contacts.lastName),
  customer_name: textKey(customers.name),
  updated_at: sql`${contacts.updatedAt}`,
  created_at: sql`${contacts.createdAt}`,
};

function selectRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ contact: contacts, customer: { id: customers.id, name: customers.name } })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.customerId))
    .where(where);
}

export type ContactRow = Awaited<ReturnType<typeof selectRows>>[number];
export type ContactPhoneRow = typeof contactPhones.$inferSelect;

export async function findContactRow(db: Db | Tx, id: number): Promise<ContactRow> {
  const [row] = await selectRows(db, eq(contacts.id, id));
  if (!row) throw notFound('Contact');
  return row;
}

/** Locks the contact's row for the rest of the transaction (a delete against a facility's save); 404 when none. */
export async function findContactForUpdate(db: Db | Tx, id: number): Promise<void> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).for('update');
  if (!row) throw notFound('Contact');
}

export async function selectContactListRows(db: Db, query: ContactListQuery) {
  const name = sql`(${contacts.firstName} || ' ' || ${contacts.lastName})`;
  const where = and(
    activeFilter(query.status, contacts.isActive),
    query.customer_id === undefined ? undefined : eq(contacts.customerId, query.customer_id),
    searchAny(query.search, [name, contacts.lastName]),
  );
  const order = query.order_by
    ? orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)
    : desc(contacts.updatedAt);
  return readPage(
    db,
    query,
    selectRows(db, where).orderBy(order, contacts.id),
    selectMatching(db, contacts, where),
  );
}

/** The phones of the contacts, in the order entered. */
export function selectContactPhones(db: Db | Tx, contactIds: number[]) {
  if (contactIds.length === 0) return Promise.resolve([] as ContactPhoneRow[]);
  return db
    .select()
    .from(contactPhones)
    .where(inArray(contactPhones.contactId, contactIds))
    .orderBy(asc(contactPhones.contactId), asc(contactPhones.position));
}

/** The facilities that name the contact, by name. */
export function selectContactFacilities(db: Db | Tx, contactId: number) {
  return db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilityContacts)
    .innerJoin(facilities, eq(facilities.id, facilityContacts.facilityId))
    .where(eq(facilityContacts.contactId, contactId))
    .orderBy(asc(textKey(facilities.name)), asc(facilities.id));
}

/** Which of `ids` are contacts of the customer (the facility's contact picker). */
export async function selectCustomerContactIds(db: Db | Tx, customerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.customerId, customerId), inArray(contacts.id, ids)));
  return rows.map((row) => row.id);
}

/** A contact's values; `tier2RecordId` only from a Tier II file's `<contact>`. */
export async function insertContact(
  db: Db | Tx,
  values: ContactValues & { tier2RecordId?: string | null },
): Promise<number> {
  const [row] = await db.insert(contacts).values(values).returning({ id: contacts.id });
  if (!row) throw new Error('contact insert returned no row');
  return row.id;
}

export async function updateContactRow(db: Db | Tx, id: number, values: ContactValues): Promise<void> {
  await db.update(contacts).set(values).where(eq(contacts.id, id));
}

/**
 * Writes the contact's phones in order. A phone that was there before (same number and type)
 * keeps the Tier II record id an import gave it, so an export names the same record.
 */
export async function replaceContactPhones(db: Db | Tx, contactId: number, phones: PhoneValues[]) {
  const before = await db.select().from(contactPhones).where(eq(contactPhones.contactId, contactId));
  const recordIds = new Map(
    before.map((phone) => [`${phone.phoneType}\u0000${phone.phoneNumber}`, phone.tier2RecordId]),
  );
  await db.delete(contactPhones).where(eq(contactPhones.contactId, contactId));
  if (phones.length === 0) return;
  await db.insert(contactPhones).values(
    phones.map((phone, position) => ({
      contactId,
      position,
      phoneNumber: phone.phoneNumber,
      phoneType: phone.phoneType,
      tier2RecordId: recordIds.get(`${phone.phoneType}\u0000${phone.phoneNumber}`) ?? null,
    })),
  );
}

/** Writes a new contact's phones in order, each with the record id a Tier II file gave it (or null). */
export async function insertContactPhones(
  db: Db | Tx,
  contactId: number,
  phones: (PhoneValues & { tier2RecordId: string | null })[],
): Promise<void> {
  if (phones.length === 0) return;
  await db.insert(contactPhones).values(phones.map((phone, position) => ({ ...phone, contactId, position })));
}

/**
 * The contacts a facility names, in its order, with what the facility form (the first 24-hour
 * phone, '' when none) and the Tier II export (record and link ids, mailing address) read: one
 * select for both, so the two cannot disagree on which contacts a facility has or in what order.
 */
export function selectFacilityContacts(
  db: Db | Tx,
  facilityId: number,
  { activeOnly }: { activeOnly: boolean },
) {
  return db
    .select({
      id: contacts.id,
      tier2RecordId: contacts.tier2RecordId,
      tier2LinkId: facilityContacts.tier2LinkId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      title: contacts.title,
      email: contacts.email,
      mailingStreet: contacts.mailingStreet,
      mailingCity: contacts.mailingCity,
      mailingState: contacts.mailingState,
      mailingZip: contacts.mailingZip,
      mailingCountry: contacts.mailingCountry,
      contactTypes: contacts.contactTypes,
      phone24Hour: sql<string>`coalesce((SELECT ${contactPhones.phoneNumber} FROM ${contactPhones} WHERE ${contactPhones.contactId} = ${contacts.id} AND ${contactPhones.phoneType} = ${TWENTY_FOUR_HOUR_PHONE} ORDER BY ${contactPhones.position} LIMIT 1), '')`,
      updatedAt: contacts.updatedAt,
    })
    .from(facilityContacts)
    .innerJoin(contacts, eq(contacts.id, facilityContacts.contactId))
    .where(
      and(eq(facilityContacts.facilityId, facilityId), activeOnly ? eq(contacts.isActive, true) : undefined),
    )
    .orderBy(asc(facilityContacts.position), asc(contacts.id));
}

/** A link of a facility to a contact; `tier2LinkId` undefined keeps the link id it had before. */
export interface FacilityContactLink {
  contactId: number;
  tier2LinkId?: string | null;
}

/**
 * The facility's contacts become these, in this order. A link without a `tier2LinkId` keeps the
 * one a Tier II import gave it before, so an export names the same link after a form save; a
 * null one (a file's `<contactId>` without a `linkId`) clears it. The contact ids must be
 * distinct (one link per facility and contact).
 */
export async function replaceFacilityContacts(
  db: Db | Tx,
  facilityId: number,
  links: FacilityContactLink[],
): Promise<void> {
  const keptLinkIds = links.some((link) => link.tier2LinkId === undefined)
    ? await selectFacilityLinkIds(db, facilityId)
    : new Map<number, string | null>();
  await db.delete(facilityContacts).where(eq(facilityContacts.facilityId, facilityId));
  if (links.length === 0) return;
  await db.insert(facilityContacts).values(
    links.map((link, position) => ({
      facilityId,
      contactId: link.contactId,
      position,
      tier2LinkId:
        link.tier2LinkId === undefined ? (keptLinkIds.get(link.contactId) ?? null) : link.tier2LinkId,
    })),
  );
}

async function selectFacilityLinkIds(db: Db | Tx, facilityId: number): Promise<Map<number, string | null>> {
  const rows = await db
    .select({ contactId: facilityContacts.contactId, linkId: facilityContacts.tier2LinkId })
    .from(facilityContacts)
    .where(eq(facilityContacts.facilityId, facilityId));
  return new Map(rows.map((row) => [row.contactId, row.linkId]));
}

/** Which of `ids` are facilities of the customer (a contact's facilities, issue 33). */
export async function selectCustomerFacilityIds(db: Db | Tx, customerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.customerId, customerId), inArray(facilities.id, ids)));
  return rows.map((row) => row.id);
}

/**
 * The contact is named by exactly these facilities: links to others go, a facility that did not
 * name it gets it last in its order (the others keep their places and link ids).
 */
export async function setContactFacilities(db: Db | Tx, contactId: number, facilityIds: number[]) {
  const current = await db
    .select({ facilityId: facilityContacts.facilityId })
    .from(facilityContacts)
    .where(eq(facilityContacts.contactId, contactId));
  const had = new Set(current.map((row) => row.facilityId));
  const gone = [...had].filter((id) => !facilityIds.includes(id));
  if (gone.length > 0) {
    await db
      .delete(facilityContacts)
      .where(and(eq(facilityContacts.contactId, contactId), inArray(facilityContacts.facilityId, gone)));
  }
  const added = facilityIds.filter((id) => !had.has(id));
  for (const facilityId of added) {
    const [last] = await db
      .select({ n: sql<number>`coalesce(max(${facilityContacts.position}) + 1, 0)::int` })
      .from(facilityContacts)
      .where(eq(facilityContacts.facilityId, facilityId));
    await db.insert(facilityContacts).values({ facilityId, contactId, position: last?.n ?? 0 });
  }
  // The facilities' contacts changed: their version moves (the `updated_at` hook), so an admin's
  // facility form opened before is refused as stale rather than dropping the new link on save.
  const changed = [...gone, ...added];
  if (changed.length > 0) {
    await db
      .update(facilities)
      .set({ isActive: sql`${facilities.isActive}` })
      .where(inArray(facilities.id, changed));
  }
}

export async function setContactActive(db: Db | Tx, id: number, isActive: boolean): Promise<void> {
  await db.update(contacts).set({ isActive }).where(eq(contacts.id, id));
}

/** How many facilities name the contact. */
export async function countContactFacilities(db: Db | Tx, contactId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(facilityContacts)
    .where(eq(facilityContacts.contactId, contactId));
  return row?.n ?? 0;
}

/** Deletes the contact; its phones go with it (ON DELETE CASCADE). */
export async function deleteContact(db: Db | Tx, id: number): Promise<void> {
  await db.delete(contacts).where(eq(contacts.id, id));
}
