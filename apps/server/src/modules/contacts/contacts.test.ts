import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { auditLog, contactPhones, contacts, facilities, facilityContacts } from '../../db/schema/index.ts';
import { contactBody, create, facilityBody } from '../../seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function tableCounts() {
  const { db } = ctx.database;
  const count = async (table: typeof contacts | typeof contactPhones | typeof facilityContacts) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    contacts: await count(contacts),
    phones: await count(contactPhones),
    links: await count(facilityContacts),
  };
}

async function refused(
  url: string,
  method: 'POST' | 'PATCH',
  payload: Record<string, unknown>,
  field: string,
  message: string,
) {
  const before = await tableCounts();
  const res = await ctx.call('admin', { method, url, payload });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().errors[field]).toEqual([message]);
  expect(await tableCounts()).toEqual(before);
}

describe('contacts', () => {
  it('creates a contact with its phones, audited, and reads it back', async () => {
    const customer = await create.customer(ctx);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/contacts/create',
      payload: contactBody({
        customer_id: customer.id,
        first_name: 'Ana',
        last_name: 'Lopez',
        email: 'Ana.Lopez@Example.com',
        mailing_state: 'tx',
        mailing_zip: '770021234',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Contact Ana Lopez created successfully');
    const contact = res.json().resource;
    expect(contact).toMatchObject({
      customer_id: customer.id,
      name: 'Ana Lopez',
      email: 'ana.lopez@example.com',
      mailing_state: 'TX',
      mailing_zip: '77002-1234',
      contact_types: ['Owner / Operator', 'Emergency Contact'],
      phones: [
        { phone_number: '(713) 555-0100', phone_type: '24-hour' },
        { phone_number: '713-555-0101', phone_type: 'Work' },
      ],
      phone_24_hour: '(713) 555-0100',
      facilities: [],
      is_active: true,
    });
    const got = await ctx.call('staff', { method: 'GET', url: `/contacts/${contact.id}/get` });
    expect(got.json().resource).toEqual(contact);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'contact' AND ${auditLog.entityId} = ${contact.id}`);
    expect(audit?.action).toBe('create');
  });

  it('lists a customer’s contacts, server-paged, searched by name', async () => {
    const customer = await create.customer(ctx);
    const other = await create.customer(ctx);
    for (const last of ['Alpha', 'Bravo', 'Charlie']) {
      await create.contact(ctx, { customer_id: customer.id, first_name: 'Kim', last_name: last });
    }
    await create.contact(ctx, { customer_id: other.id, last_name: 'Delta' });
    const page = await ctx.call('staff', {
      method: 'GET',
      url: `/contacts/list?customer_id=${customer.id}&ipp=2&order_by=name&order_dir=asc`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().resource.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(page.json().resource.items.map((c: { name: string }) => c.name)).toEqual([
      'Kim Alpha',
      'Kim Bravo',
    ]);
    const searched = await ctx.call('staff', {
      method: 'GET',
      url: `/contacts/list?customer_id=${customer.id}&search=kim%20char`,
    });
    expect(searched.json().resource.items.map((c: { name: string }) => c.name)).toEqual(['Kim Charlie']);
  });

  // Issue 33 point 14: the list searches ignore accents, through the one search helper.
  it('finds "Tomás Núñez" by "Tomas Nunez", and a customer and facility named with accents too', async () => {
    const customer = await create.customer(ctx, { name: 'Química Ñandú' });
    await create.contact(ctx, { customer_id: customer.id, first_name: 'Tomás', last_name: 'Núñez' });
    await create.contact(ctx, { customer_id: customer.id, first_name: 'Tom', last_name: 'Baker' });
    for (const search of ['Tomas%20Nunez', 'nunez', 'to']) {
      const res = await ctx.call('staff', {
        method: 'GET',
        url: `/contacts/list?customer_id=${customer.id}&search=${search}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const names = res.json().resource.items.map((c: { name: string }) => c.name);
      expect(names, search).toContain('Tomás Núñez');
    }
    const customers = await ctx.call('staff', {
      method: 'GET',
      url: '/customers/list?search=quimica%20nandu',
    });
    expect(customers.json().resource.items.map((c: { name: string }) => c.name)).toEqual(['Química Ñandú']);
  });

  it('refuses bad fields with their messages and writes nothing', async () => {
    const customer = await create.customer(ctx);
    const body = contactBody({ customer_id: customer.id });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ last_name: ' ' }, 'last_name', 'Last Name is required'],
      [{ last_name: 'x'.repeat(101) }, 'last_name', 'Last Name must be less than 100 characters'],
      [{ email: 'not-an-email' }, 'email', 'Email must be a valid email address'],
      [{ mailing_zip: '1234' }, 'mailing_zip', 'Mailing ZIP must be 5 or 9 digits'],
      [{ mailing_zip: '12345-67' }, 'mailing_zip', 'Mailing ZIP must be 5 or 9 digits'],
      [{ mailing_state: 'ZZ' }, 'mailing_state', 'Mailing State must be a state code'],
      [{ contact_types: [] }, 'contact_types', 'Choose at least one contact type'],
      [
        { contact_types: ['Boss'] },
        'contact_types.0',
        'Contact types must be among: Owner / Operator, Tier II Information Contact, Emergency Contact, Fac. Emergency Coordinator, Chemical Carrier',
      ],
      [
        { phones: [{ phone_number: '555-0100', phone_type: 'Work' }] },
        'phones.0.phone_number',
        'Phone Number must have 10 to 15 digits',
      ],
      [
        { phones: [{ phone_number: '713-555-0100', phone_type: 'Pager' }] },
        'phones.0.phone_type',
        'Phone Type must be one of: 24-hour, Work, Home, Emergency, Cell, Fax, Other',
      ],
      [
        { phones: [{ phone_number: '713-555-0100', phone_type: 'Work' }] },
        'phones',
        'An emergency contact needs a 24-hour phone',
      ],
      [{ customer_id: 2147483647 }, 'customer_id', 'Customer is required'],
    ];
    for (const [change, field, message] of cases) {
      await refused('/contacts/create', 'POST', { ...body, ...change }, field, message);
    }
  });

  it('an update over a newer version is a 409 and changes nothing', async () => {
    const created = await create.contact(ctx);
    const readAt = String(created.resource.updated_at);
    const first = await ctx.call('admin', {
      method: 'PATCH',
      url: `/contacts/${created.id}/update`,
      payload: { ...created.body, title: 'Plant Manager', updated_at: readAt },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await ctx.call('admin', {
      method: 'PATCH',
      url: `/contacts/${created.id}/update`,
      payload: {
        ...created.body,
        title: 'Stale',
        phones: [],
        contact_types: ['Owner / Operator'],
        updated_at: readAt,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /^This record was changed by .+ at .+\. Reload to see the changes\.$/,
    );
    const got = await ctx.call('admin', { method: 'GET', url: `/contacts/${created.id}/get` });
    expect(got.json().resource.title).toBe('Plant Manager');
    expect(got.json().resource.phones).toHaveLength(2);
  });

  it('technicians get a 403 on every contacts call', async () => {
    const created = await create.contact(ctx);
    const calls: [string, string][] = [
      ['GET', '/contacts/list'],
      ['GET', `/contacts/${created.id}/get`],
      ['POST', '/contacts/create'],
      ['PATCH', `/contacts/${created.id}/update`],
      ['PATCH', `/contacts/${created.id}/activate`],
      ['DELETE', `/contacts/${created.id}/delete`],
    ];
    for (const [method, url] of calls) {
      const res = await ctx.call('technician', {
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : created.body,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(contacts).where(eq(contacts.id, created.id));
    expect(row?.isActive).toBe(true);
  });

  it('deleting a contact a facility names is a 409; an unnamed one is deleted with its phones', async () => {
    const contact = await create.contact(ctx, { first_name: 'Lee', last_name: 'Park' });
    const facility = await create.facility(ctx, {
      customer_id: contact.customerId,
      contact_ids: [contact.id],
    });
    const refusedDelete = await ctx.call('admin', {
      method: 'DELETE',
      url: `/contacts/${contact.id}/delete`,
    });
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().message).toBe(
      'Contact Lee Park is named by 1 facility; remove it from it first',
    );
    const got = await ctx.call('admin', { method: 'GET', url: `/contacts/${contact.id}/get` });
    expect(got.json().resource.facilities).toEqual([{ id: facility.id, name: facility.body.name }]);

    const unnamed = await create.contact(ctx, { last_name: 'Unnamed Co' });
    const deleted = await ctx.call('admin', { method: 'DELETE', url: `/contacts/${unnamed.id}/delete` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Contact Dana Unnamed Co deleted successfully');
    const phones = await ctx.database.db
      .select()
      .from(contactPhones)
      .where(eq(contactPhones.contactId, unnamed.id));
    expect(phones).toEqual([]);
  });
});

describe('facility Tier II fields and contacts', () => {
  const TIER2 = {
    naics_code: '325110',
    duns_number: '012345678',
    rmp_facility_id: '100000123456',
    tri_facility_id: '77002abcde12345',
    latitude: '29.760427',
    longitude: -95.369803,
    fire_district: 'Houston FD Station 8',
    is_manned: true,
    max_occupants: '25',
  };

  it('saves and answers the Tier II fields and the contacts in order', async () => {
    const customer = await create.customer(ctx);
    const owner = await create.contact(ctx, {
      customer_id: customer.id,
      first_name: 'Olga',
      last_name: 'Owner',
      contact_types: ['Owner / Operator'],
      phones: [{ phone_number: '713-555-0199', phone_type: 'Work' }],
    });
    const emergency = await create.contact(ctx, {
      customer_id: customer.id,
      first_name: 'Eve',
      last_name: 'Night',
    });
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/facilities/create',
      payload: facilityBody({ customer_id: customer.id, ...TIER2, contact_ids: [emergency.id, owner.id] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const facility = res.json().resource;
    expect(facility).toMatchObject({
      naics_code: '325110',
      duns_number: '012345678',
      rmp_facility_id: '100000123456',
      tri_facility_id: '77002ABCDE12345',
      latitude: 29.760427,
      longitude: -95.369803,
      fire_district: 'Houston FD Station 8',
      is_manned: true,
      max_occupants: 25,
      tier2_state_fields: [],
      contacts: [
        {
          id: emergency.id,
          name: 'Eve Night',
          contact_types: ['Owner / Operator', 'Emergency Contact'],
          phone_24_hour: '(713) 555-0100',
        },
        { id: owner.id, name: 'Olga Owner', contact_types: ['Owner / Operator'], phone_24_hour: '' },
      ],
    });
    const [row] = await ctx.database.db.select().from(facilities).where(eq(facilities.id, facility.id));
    expect(row).toMatchObject({ latitude: '29.760427', longitude: '-95.369803', maxOccupants: 25 });

    // Omitted fields keep what is stored; '' and null clear.
    const kept = await ctx.call('admin', {
      method: 'PATCH',
      url: `/facilities/${facility.id}/update`,
      payload: facilityBody({
        customer_id: customer.id,
        name: facility.name,
        naics_code: '',
        is_manned: null,
      }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().resource).toMatchObject({
      naics_code: '',
      is_manned: null,
      duns_number: '012345678',
      latitude: 29.760427,
      max_occupants: 25,
    });
    expect(kept.json().resource.contacts.map((c: { id: number }) => c.id)).toEqual([emergency.id, owner.id]);
  });

  it('refuses bad Tier II fields with their messages and writes nothing', async () => {
    const facility = await create.facility(ctx, { naics_code: '325110' });
    const url = `/facilities/${facility.id}/update`;
    const body = facilityBody({ customer_id: facility.customerId, name: String(facility.body.name) });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ naics_code: '32511' }, 'naics_code', 'NAICS Code must be 6 digits'],
      [{ naics_code: '32511a' }, 'naics_code', 'NAICS Code must be 6 digits'],
      [{ duns_number: '12-345-678' }, 'duns_number', 'D-U-N-S Number must be 9 digits'],
      [{ rmp_facility_id: '1000001234567' }, 'rmp_facility_id', 'RMP Facility ID must be 12 digits'],
      [
        { tri_facility_id: 'ABCDE12345ABCDE' },
        'tri_facility_id',
        'TRI Facility ID must be 15 characters: a 5-digit ZIP code, then 10 letters or digits',
      ],
      [{ latitude: '90.5' }, 'latitude', 'Latitude must be a number from -90 to 90 with at most 6 decimals'],
      [
        { latitude: '29.7604271' },
        'latitude',
        'Latitude must be a number from -90 to 90 with at most 6 decimals',
      ],
      [{ latitude: '1e1' }, 'latitude', 'Latitude must be a number from -90 to 90 with at most 6 decimals'],
      [
        { longitude: -180.5 },
        'longitude',
        'Longitude must be a number from -180 to 180 with at most 6 decimals',
      ],
      [{ fire_district: 'x'.repeat(101) }, 'fire_district', 'Fire District must be less than 100 characters'],
      [{ is_manned: 'yes' }, 'is_manned', 'Manned must be true, false or empty'],
      [
        { max_occupants: '12.5' },
        'max_occupants',
        'Maximum Occupants must be a whole number from 0 to 1000000',
      ],
      [{ max_occupants: -1 }, 'max_occupants', 'Maximum Occupants must be a whole number from 0 to 1000000'],
      [{ contact_ids: [1, 1] }, 'contact_ids', 'A contact is listed twice'],
    ];
    for (const [change, field, message] of cases) {
      await refused(url, 'PATCH', { ...body, ...change }, field, message);
    }
    const [row] = await ctx.database.db.select().from(facilities).where(eq(facilities.id, facility.id));
    expect(row).toMatchObject({ naicsCode: '325110', latitude: null, maxOccupants: null, isManned: null });
  });

  it("a facility save keeps each contact's Tier II link id and the archived contacts it names", async () => {
    const { db } = ctx.database;
    const customer = await create.customer(ctx);
    const [kept, archived, added] = await Promise.all(
      ['Kept', 'Archived', 'Added'].map((last_name) =>
        create.contact(ctx, { customer_id: customer.id, last_name }),
      ),
    );
    const facility = await create.facility(ctx, {
      customer_id: customer.id,
      contact_ids: [kept!.id, archived!.id],
    });
    const LINK_ID = 'CKTR2019LINK0000000K';
    await db
      .update(facilityContacts)
      .set({ tier2LinkId: LINK_ID })
      .where(and(eq(facilityContacts.facilityId, facility.id), eq(facilityContacts.contactId, kept!.id)));
    await db.update(contacts).set({ isActive: false }).where(eq(contacts.id, archived!.id));
    const contactIdsOf = (res: { json: () => { resource: { contacts: { id: number }[] } } }) =>
      res.json().resource.contacts.map((contact) => contact.id);
    const links = () =>
      db
        .select({ contactId: facilityContacts.contactId, linkId: facilityContacts.tier2LinkId })
        .from(facilityContacts)
        .where(eq(facilityContacts.facilityId, facility.id))
        .orderBy(asc(facilityContacts.position));

    // The form shows the archived contact, so saving what it shows keeps that link.
    const read = await ctx.call('admin', { method: 'GET', url: `/facilities/${facility.id}/get` });
    expect(contactIdsOf(read)).toEqual([kept!.id, archived!.id]);

    const save = (contact_ids: number[]) =>
      ctx.call('admin', {
        method: 'PATCH',
        url: `/facilities/${facility.id}/update`,
        payload: facilityBody({ customer_id: customer.id, name: String(facility.body.name), contact_ids }),
      });
    const reordered = await save([added!.id, archived!.id, kept!.id]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(contactIdsOf(reordered)).toEqual([added!.id, archived!.id, kept!.id]);
    expect(await links()).toEqual([
      { contactId: added!.id, linkId: null },
      { contactId: archived!.id, linkId: null },
      { contactId: kept!.id, linkId: LINK_ID },
    ]);

    // A link dropped and named again is a new link: the file's id went with the old one.
    expect((await save([added!.id])).statusCode).toBe(200);
    expect((await save([kept!.id, added!.id])).statusCode).toBe(200);
    expect(await links()).toEqual([
      { contactId: kept!.id, linkId: null },
      { contactId: added!.id, linkId: null },
    ]);
  });

  it("limits the contacts to the facility's customer", async () => {
    const mine = await create.contact(ctx);
    const theirs = await create.contact(ctx);
    const facility = await create.facility(ctx, { customer_id: mine.customerId, contact_ids: [mine.id] });
    await refused(
      `/facilities/${facility.id}/update`,
      'PATCH',
      facilityBody({
        customer_id: mine.customerId,
        name: String(facility.body.name),
        contact_ids: [mine.id, theirs.id],
      }),
      'contact_ids',
      "Contacts must belong to the facility's customer",
    );
    // Moving the facility to another customer while it names this one's contacts is refused too.
    await refused(
      `/facilities/${facility.id}/update`,
      'PATCH',
      facilityBody({ customer_id: theirs.customerId, name: String(facility.body.name) }),
      'contact_ids',
      "Contacts must belong to the facility's customer",
    );
    const links = await ctx.database.db
      .select()
      .from(facilityContacts)
      .where(eq(facilityContacts.facilityId, facility.id));
    expect(links.map((link) => link.contactId)).toEqual([mine.id]);
    const picker = await ctx.call('admin', {
      method: 'GET',
      url: `/contacts/list?customer_id=${mine.customerId}&ipp=100`,
    });
    expect(picker.json().resource.items.map((c: { id: number }) => c.id)).toEqual([mine.id]);
  });
});
