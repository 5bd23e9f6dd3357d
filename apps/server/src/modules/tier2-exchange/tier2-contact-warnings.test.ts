import {
  compliance,
  decodeExportWarnings,
  type ReportDocument,
  TIER2_EXPORT_WARNINGS_HEADER,
} from '@chemtrack/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { auditLog, facilities, facilityContacts } from '../../db/schema/index.ts';
import { contactBody, create } from '../../seed/factories.ts';

/**
 * Issue 33 point 6: the Tier II preview and the `.t2s` export say what the filing lacks (an
 * owner/operator, an emergency contact with a 24-hour phone, an information contact; a product
 * with only legacy SARA flags), and staff link a customer's contacts to a facility from the
 * contact form (PATCH /contacts/{id}/update with `facility_ids`), with the contacts' permission.
 *
 * Figures: Solvent A (GHS: Flammable) and Degreaser B (legacy Fire and Acute only), each 12,000 lb
 * on one line (6 × 2,000 lb totes): both ≥ 10,000 lb, both reported (product option).
 */

const YEAR = 2024;
const FACILITY = 'Warning Plant';
const MSG = compliance.TIER2_FILE_MSG;
/** Stored as the filing asks, so the warnings of the first tests are the contacts' and the legacy hazards' only. */
const STORED_AS_FILED = {
  storage_type: 'Tote bin',
  storage_pressure: 'Ambient pressure',
  storage_temperature: 'Ambient temperature',
};
const LEGACY = `Degreaser B at TANK FARM (line %ID%): ${MSG.legacyHazardsOnly}`;

let ctx: TestContext;
const ids = {
  customer: 0,
  facility: 0,
  otherFacility: 0,
  legacyLine: 0,
  owner: 0,
  info: 0,
  addLine: async (_product: number, _where: string, _stored: object) => 0,
  solvent: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: FACILITY });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  // Another customer's facility: never linkable to this customer's contacts.
  ids.otherFacility = (await create.facility(ctx, { name: 'Other Plant' })).id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const tote = (await create.container(ctx, { name: 'Tote' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const line = async (productId: number, where: string, stored: object = STORED_AS_FILED) =>
    (
      await create.inventoryProduct(ctx, inventory, {
        product_id: productId,
        container_id: tote,
        container_unit_id: pound,
        container_size: '2000',
        container_quantity: '6',
        location_stored: where,
        ...stored,
      })
    ).id;
  const ghs = await create.productWithComponents(
    ctx,
    'Solvent A',
    { tier2_hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'] },
    [{ name: 'Acetone', number: '67-64-1', percentage_weight: '100' }],
  );
  const legacy = await create.productWithComponents(
    ctx,
    'Degreaser B',
    { tier2_hazard_categories: [], is_sara_f: 1, is_sara_a: 1 },
    [{ name: 'Mineral spirits', number: '64742-88-7', percentage_weight: '100' }],
  );
  await line(ghs, 'WAREHOUSE');
  ids.addLine = line;
  ids.solvent = ghs;
  ids.legacyLine = await line(legacy, 'TANK FARM');
  // The customer's contacts, none named by the facility yet (only the admin's facility form named them).
  ids.owner = (
    await create.contact(ctx, {
      customer_id: ids.customer,
      contact_types: ['Owner / Operator', 'Emergency Contact'],
    })
  ).id;
  ids.info = (
    await create.contact(ctx, {
      customer_id: ids.customer,
      contact_types: ['Tier II Information Contact'],
      phones: [{ phone_number: '713-555-0199', phone_type: 'Work' }],
    })
  ).id;
});
afterAll(() => ctx.close());

const body = () => ({ customer_id: ids.customer, facility_id: ids.facility, year: YEAR });
const legacyWarning = () => LEGACY.replace('%ID%', String(ids.legacyLine));
const contactWarnings = [
  MSG.noOwnerOperator(FACILITY),
  MSG.noEmergencyContact(FACILITY),
  MSG.noInformationContact(FACILITY),
];

async function previewWarnings(): Promise<string[]> {
  const res = await ctx.call('staff', {
    method: 'POST',
    url: '/report/preview',
    payload: { ...body(), type: 'epcra_311_312_tier2' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const document = res.json().resource as ReportDocument;
  return document.warnings
    .filter((warning) => warning.code.startsWith('tier2_'))
    .map((warning) => warning.message);
}

async function exportWarnings(): Promise<string[]> {
  const b = body();
  const res = await ctx.call('staff', {
    method: 'GET',
    url: `/tier2/export?customer_id=${b.customer_id}&facility_id=${b.facility_id}&year=${YEAR}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return decodeExportWarnings(String(res.headers[TIER2_EXPORT_WARNINGS_HEADER.toLowerCase()] ?? ''));
}

async function links() {
  return ctx.database.db
    .select({ facilityId: facilityContacts.facilityId, contactId: facilityContacts.contactId })
    .from(facilityContacts)
    .where(eq(facilityContacts.facilityId, ids.facility))
    .orderBy(asc(facilityContacts.position));
}

function linkContact(role: 'staff' | 'technician', id: number, overrides: Record<string, unknown>) {
  return ctx.call(role, {
    method: 'PATCH',
    url: `/contacts/${id}/update`,
    payload: {
      ...contactBody({ customer_id: ids.customer }),
      ...overrides,
    },
  });
}

describe('Tier II contacts and legacy hazards (issue 33 point 6)', () => {
  it('the preview warns of each missing contact, saying what to add and where, and of the legacy-only product', async () => {
    expect(await previewWarnings()).toEqual([...contactWarnings, legacyWarning()]);
    expect(contactWarnings[1]).toBe(
      'Warning Plant has no Emergency Contact with a 24-hour phone: the Tier II filing needs one. Add it (contact type Emergency Contact, a phone of type 24-hour) in Contacts → New Contact (or Edit), then choose this facility under Facilities.',
    );
    expect(legacyWarning()).toBe(
      `Degreaser B at TANK FARM (line ${ids.legacyLine}): has only the legacy SARA hazard flags and no GHS hazard category: the .t2s will carry no hazard for it. Tick its Tier II Hazard Categories on the product.`,
    );
  });

  it('the export answers the same warnings with the file and records them in its audit row', async () => {
    expect(await exportWarnings()).toEqual([...contactWarnings, legacyWarning()]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'report'), sql`${auditLog.details}->>'type' = 'tier2_t2s'`))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect((audit!.details as { warnings: string[] }).warnings).toEqual([
      ...contactWarnings,
      legacyWarning(),
    ]);
  });

  it('a technician cannot link a contact (403) and the facility names no one', async () => {
    const res = await linkContact('technician', ids.owner, { facility_ids: [ids.facility] });
    expect(res.statusCode).toBe(403);
    expect(await links()).toEqual([]);
  });

  it("bad facility ids get 422 with the field's message and change nothing; an unknown contact gets 404", async () => {
    for (const facilityIds of [[ids.otherFacility], [ids.facility, 999_999], ['abc'], 'x']) {
      const res = await linkContact('staff', ids.owner, { facility_ids: facilityIds });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.facility_ids ?? res.json().errors['facility_ids.0']).toEqual([
        "Facilities must be facilities of the contact's customer",
      ]);
      expect(await links()).toEqual([]);
    }
    const missing = await linkContact('staff', 999_999, { facility_ids: [ids.facility] });
    expect(missing.statusCode).toBe(404);
    expect(await links()).toEqual([]);
  });

  it('staff link the contacts from the contact form; the contact warnings go, the legacy one stays', async () => {
    const version = async () =>
      (
        await ctx.database.db
          .select({ at: facilities.updatedAt })
          .from(facilities)
          .where(eq(facilities.id, ids.facility))
      )[0]!.at.getTime();
    const unlinked = await version();
    const owner = await linkContact('staff', ids.owner, {
      contact_types: ['Owner / Operator', 'Emergency Contact'],
      facility_ids: [ids.facility],
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().resource.facilities).toEqual([{ id: ids.facility, name: FACILITY }]);
    // The facility's version moved: an admin's facility form read before is stale now.
    expect(await version()).toBeGreaterThan(unlinked);
    expect(await previewWarnings()).toEqual([MSG.noInformationContact(FACILITY), legacyWarning()]);

    const info = await linkContact('staff', ids.info, {
      contact_types: ['Tier II Information Contact'],
      phones: [{ phone_number: '713-555-0199', phone_type: 'Work' }],
      facility_ids: [ids.facility],
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(await links()).toEqual([
      { facilityId: ids.facility, contactId: ids.owner },
      { facilityId: ids.facility, contactId: ids.info },
    ]);
    expect(await previewWarnings()).toEqual([legacyWarning()]);
    expect(await exportWarnings()).toEqual([legacyWarning()]);

    // A save without facility_ids keeps the links; an empty list removes this contact's only.
    expect(
      (await linkContact('staff', ids.info, { contact_types: ['Tier II Information Contact'] })).statusCode,
    ).toBe(200);
    expect((await links()).length).toBe(2);
    expect((await linkContact('staff', ids.info, { facility_ids: [] })).statusCode).toBe(200);
    expect(await links()).toEqual([{ facilityId: ids.facility, contactId: ids.owner }]);
  });

  it('warns of a reported line stored without its conditions, in the preview and with the export (rules §3)', async () => {
    // Six 1,000 lb totes of Solvent A more (acetone 2,000 × 6 + 1,000 × 6 = 18,000 lb ≥ 10,000 lb:
    // reported), with a type but no pressure nor temperature.
    const line = await ids.addLine(ids.solvent, 'YARD', { container_size: '1000', storage_type: 'Tote bin' });
    const storage = `Solvent A at YARD (line ${line}): ${MSG.missingStorage(['storage pressure', 'storage temperature'])}`;
    expect(storage).toContain('has no storage pressure or storage temperature recorded');
    // The test before left the information contact unlinked.
    const expected = [MSG.noInformationContact(FACILITY), legacyWarning(), storage];
    expect(await previewWarnings()).toEqual(expected);
    expect(await exportWarnings()).toEqual(expected);
  });
});
