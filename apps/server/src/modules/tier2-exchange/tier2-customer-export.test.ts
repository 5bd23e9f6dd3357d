import {
  decodeExportWarnings,
  TIER2_EXPORT_LEFT_OUT_HEADER,
  type Tier2Dataset,
  type Tier2ImportPlan,
} from '@chemtrack/domain';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/uploads.ts';
import {
  auditLog,
  contacts,
  customers,
  facilities,
  inventories,
  inventoryProducts,
  products,
} from '../../db/schema/index.ts';
import { addressBody, create } from '../../seed/factories.ts';
import { readTier2File } from './tier2-reader.ts';

/**
 * Issue 36: `GET /tier2/export` without a facility writes every active facility of the customer
 * with an inventory that year into one `.t2s`, as Tier2 Submit holds a submission (several
 * `<facility>` under `<facilities>`, each contact once under `<contacts>`), and names the ones it
 * left out in `X-Tier2-Facilities-Left-Out`. The file is then given to the import's dry run, which
 * must plan the same facilities, chemicals and facts.
 *
 * Figures by hand (regulatory-rules.md §3; mixture option, upper bound; range codes 40 CFR 370.43:
 * 02 100-499, 05 5,000-9,999, 06 10,000-24,999):
 * - Alpha Plant, Caustic flakes (sodium hydroxide 100%): Bag 50 lb × 4 = 200 lb at WAREHOUSE
 *   (average 100 lb, 365 days) and Tote 2,000 lb × 6 = 12,000 lb at YARD (average 1,000 lb, 10
 *   days): 12,200 lb ≥ 10,000 → reported, code 06; average (100 × 365 + 1,000 × 10) / 365 =
 *   46,500 / 365 = 127.397 → 127.4 lb, code 02; 365 days.
 *   The import makes one line per location with the location's pounds and the average split by
 *   the locations' shares: 127.4 × 200 / 12,200 = 2.0885 and 127.4 × 12,000 / 12,200 = 125.3115
 *   (each to 4 places), both 365 days, so its engine finds (2.0885 + 125.3115) × 365 / 365 = 127.4.
 * - Bravo Terminal, Salt cake (sodium sulfate 100%): Tote 2,000 lb × 8 = 16,000 lb at SILO
 *   (average 8,000 lb, 200 days) ≥ 10,000 → reported, code 06; average 8,000 × 200 / 200 = 8,000,
 *   code 05; 200 days. One location: its line takes the whole 8,000.
 * - Charlie Yard has only last year's inventory: left out, named in the header.
 * - Delta Depot (archived) has this year's inventory: not the customer's active facility, so
 *   neither in the file nor named.
 */

const YEAR = 2024;
const CAS = { caustic: '1310-73-2', saltCake: '7757-82-6' };

let ctx: TestContext;
const ids = { customer: 0, customerName: '', alpha: 0, bravo: 0, charlie: 0, desk: 0, other: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const customer = await create.customer(ctx, { name: 'Multi Site Chemicals' });
  ids.customer = customer.id;
  ids.customerName = 'Multi Site Chemicals';
  // One emergency desk answers for both sites: the file holds it once, linked from each.
  ids.desk = (
    await create.contact(ctx, {
      customer_id: ids.customer,
      first_name: '',
      last_name: 'Night Desk',
      contact_types: ['Emergency Contact'],
      phones: [{ phone_number: '(713) 555-0199', phone_type: '24-hour' }],
    })
  ).id;
  const site = async (name: string, street: string, contactIds: number[]) =>
    (
      await create.facility(ctx, {
        name,
        customer_id: ids.customer,
        address: addressBody({ address: street }),
        contact_ids: contactIds,
      })
    ).id;
  ids.alpha = await site('Alpha Plant', '1 Alpha Rd', [ids.desk]);
  ids.bravo = await site('Bravo Terminal', '2 Bravo Wharf', [ids.desk]);
  ids.charlie = await site('Charlie Yard', '3 Charlie Ln', []);
  const delta = await site('Delta Depot', '4 Delta Way', []);
  // Another customer's facility-year, which a customer-wide file never reaches.
  ids.other = (await create.facility(ctx, { name: 'Elsewhere Plant' })).id;

  const yearOf = async (facilityId: number, year: number, extra: Record<string, string> = {}) =>
    (await create.inventory(ctx, { customer_id: ids.customer, facility_id: facilityId, year, ...extra })).id;
  const alphaYear = await yearOf(ids.alpha, YEAR, {
    certifier_name: 'Dana Reyes',
    certifier_title: 'Plant Manager',
    date_signed: '2025-02-20',
  });
  const bravoYear = await yearOf(ids.bravo, YEAR);
  await yearOf(ids.charlie, YEAR - 1);
  const deltaYear = await yearOf(delta, YEAR);

  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const tote = (await create.container(ctx, { name: 'Tote' })).id;
  const solid = (categories: string[]) => ({
    physical_state: 'solid' as const,
    specific_gravity: '',
    pounds_per_gallon: '',
    tier2_hazard_categories: categories,
  });
  const caustic = await create.productWithComponents(
    ctx,
    'Caustic flakes',
    solid(['Skin corrosion or irritation', 'Serious eye damage or eye irritation']),
    [{ name: 'Sodium hydroxide', number: CAS.caustic, percentage_weight: '100' }],
  );
  const saltCake = await create.productWithComponents(
    ctx,
    'Salt cake',
    solid(['Serious eye damage or eye irritation']),
    [{ name: 'Sodium sulfate', number: CAS.saltCake, percentage_weight: '100' }],
  );
  const line = (
    inventory: number,
    productId: number,
    container: number,
    size: string,
    quantity: string,
    where: string,
    storageType: string,
    average: string,
    days: number,
  ) =>
    create.inventoryProduct(ctx, inventory, {
      product_id: productId,
      container_id: container,
      container_unit_id: pound,
      container_size: size,
      container_quantity: quantity,
      location_stored: where,
      storage_type: storageType,
      storage_pressure: 'Ambient pressure',
      storage_temperature: 'Ambient temperature',
      average_pounds: average,
      days_on_site: days,
    });
  await line(alphaYear, caustic, bag, '50', '4', 'WAREHOUSE', 'Bag', '100', 365);
  await line(alphaYear, caustic, tote, '2000', '6', 'YARD', 'Tote bin', '1000', 10);
  await line(bravoYear, saltCake, tote, '2000', '8', 'SILO', 'Tote bin', '8000', 200);
  await line(deltaYear, saltCake, tote, '2000', '8', 'SILO', 'Tote bin', '8000', 200);
  const archived = await ctx.call('admin', { method: 'PATCH', url: `/facilities/${delta}/activate` });
  expect(archived.statusCode, archived.body).toBe(200);
});
afterAll(() => ctx.close());

function read(bytes: Uint8Array): Tier2Dataset {
  const result = readTier2File(bytes);
  if (!result.ok) throw new Error(`${result.message} ${result.element}`);
  return result.dataset;
}

const customerExport = (query = `customer_id=${ids.customer}&year=${YEAR}`) =>
  ctx.call('staff', { method: 'GET', url: `/tier2/export?${query}` });

async function rowCounts() {
  const { db } = ctx.database;
  const n = async (table: typeof customers | typeof facilities | typeof inventories | typeof products) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    customers: await n(customers),
    facilities: await n(facilities),
    inventories: await n(inventories),
    products: await n(products),
    lines: (await db.select({ n: count() }).from(inventoryProducts))[0]!.n,
    contacts: (await db.select({ n: count() }).from(contacts))[0]!.n,
  };
}

describe('GET /tier2/export without a facility: every facility-year of the customer in one file', () => {
  let res: LightMyRequestResponse;
  let dataset: Tier2Dataset;
  beforeAll(async () => {
    res = await customerExport();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    dataset = read(new Uint8Array(res.rawPayload));
  });

  it('is named after the customer where a facility would stand, and names the facility left out', () => {
    const name = `EPCRA_311_312_Tier_II_Multi_Site_Chemicals_${YEAR}.t2s`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.headers['content-type']).toBe('application/zip');
    const header = res.headers[TIER2_EXPORT_LEFT_OUT_HEADER.toLowerCase()];
    expect(decodeExportWarnings(typeof header === 'string' ? header : null)).toEqual(['Charlie Yard']);
  });

  it('holds the two facilities with this year, each with its chemicals, and the shared contact once', () => {
    expect(dataset.reportYear).toBe(YEAR);
    expect(
      dataset.facilities.map((f) => [
        f.recordId,
        f.facilityName,
        f.streetAddress.street,
        f.nameAndTitleOfCertifier,
        f.dateSigned,
        f.chemicals.map((c) => [
          c.chemName,
          c.casNumber,
          c.maxAmount,
          c.maxAmountCode,
          c.aveAmount,
          c.aveAmountCode,
          c.daysOnSite,
        ]),
        f.contactIds.map((link) => [link.linkId, link.contactId]),
      ]),
    ).toEqual([
      [
        `CTFA${ids.alpha}`,
        'Alpha Plant',
        '1 Alpha Rd',
        'Dana Reyes, Plant Manager',
        '2025-02-20',
        [['Caustic flakes', CAS.caustic, 12_200, '06', 127.4, '02', 365]],
        [[`CTCK${ids.alpha}-${ids.desk}`, `CTCT${ids.desk}`]],
      ],
      [
        `CTFA${ids.bravo}`,
        'Bravo Terminal',
        '2 Bravo Wharf',
        '',
        null,
        [['Salt cake', CAS.saltCake, 16_000, '06', 8_000, '05', 200]],
        [[`CTCK${ids.bravo}-${ids.desk}`, `CTCT${ids.desk}`]],
      ],
    ]);
    expect(dataset.contacts.map((c) => [c.recordId, c.lastName, c.phones.map((p) => p.phoneType)])).toEqual([
      [`CTCT${ids.desk}`, 'Night Desk', ['24-hour']],
    ]);
    const every = [
      ...dataset.facilities.flatMap((f) => [
        f.recordId,
        ...f.contactIds.map((link) => link.linkId),
        ...f.chemicals.flatMap((c) => [c.recordId, ...c.storageLocations.map((l) => l.recordId)]),
        ...f.facilityIds.map((id) => id.recordId),
        ...f.phones.map((p) => p.recordId),
      ]),
      ...dataset.contacts.flatMap((c) => [c.recordId, ...c.phones.map((p) => p.recordId)]),
    ];
    expect(new Set(every).size).toBe(every.length);
  });

  it('records one generation per facility-year in the file', async () => {
    const rows = await ctx.database.db
      .select({ entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entity, 'report'))
      .orderBy(auditLog.id);
    expect(
      rows.map((row) => {
        const details = row.details as Record<string, unknown>;
        return [details.type, details.facility_id, details.chemicals, details.customer_wide];
      }),
    ).toEqual([
      ['tier2_t2s', ids.alpha, 1, true],
      ['tier2_t2s', ids.bravo, 1, true],
    ]);
  });

  it('imports back to the same facilities, chemicals and facts (the import, dry run)', async () => {
    const before = await rowCounts();
    const { payload, contentType } = multipartBody([
      { filename: 'customer.t2s', contentType: 'application/octet-stream', content: res.rawPayload },
    ]);
    const dry = await ctx.call('staff', {
      method: 'POST',
      url: '/tier2/import?dry_run=1',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().message).toBe(
      'Preview: 2 facility(ies), 2 chemical(s), 1 contact(s). Nothing was written.',
    );
    const plan: Tier2ImportPlan = dry.json().resource.plan;
    expect(plan.year).toBe(YEAR);
    expect(
      plan.facilities.map((f) => [f.name, f.street, f.city, f.state, f.zip, f.record_id, f.certification]),
    ).toEqual([
      [
        'Alpha Plant',
        '1 Alpha Rd',
        'Austin',
        'TX',
        '78701',
        `CTFA${ids.alpha}`,
        { certifier_name: 'Dana Reyes', certifier_title: 'Plant Manager', date_signed: '2025-02-20' },
      ],
      [
        'Bravo Terminal',
        '2 Bravo Wharf',
        'Austin',
        'TX',
        '78701',
        `CTFA${ids.bravo}`,
        { certifier_name: '', certifier_title: '', date_signed: null },
      ],
    ]);
    expect(
      plan.chemicals.map((c) => [
        c.key,
        c.facility,
        c.name,
        c.cas_number,
        c.is_mixture,
        c.hazard_categories,
        c.max_amount_lb,
        c.max_amount_code,
        c.locations,
      ]),
    ).toEqual([
      [
        '1-1',
        'Alpha Plant',
        'Caustic flakes',
        CAS.caustic,
        false,
        ['Skin corrosion or irritation', 'Serious eye damage or eye irritation'],
        12_200,
        '06',
        2,
      ],
      [
        '2-1',
        'Bravo Terminal',
        'Salt cake',
        CAS.saltCake,
        false,
        ['Serious eye damage or eye irritation'],
        16_000,
        '06',
        1,
      ],
    ]);
    expect(
      plan.lines.map((l) => [
        l.facility,
        l.chemical,
        l.location,
        l.storage_type,
        l.pounds,
        l.average_pounds,
        l.days_on_site,
      ]),
    ).toEqual([
      ['Alpha Plant', 'Caustic flakes', 'WAREHOUSE', 'Bag', 200, 2.0885, 365],
      ['Alpha Plant', 'Caustic flakes', 'YARD', 'Tote bin', 12_000, 125.3115, 365],
      ['Bravo Terminal', 'Salt cake', 'SILO', 'Tote bin', 16_000, 8_000, 200],
    ]);
    expect(plan.contacts.map((c) => [c.record_id, c.name, c.types])).toEqual([
      [`CTCT${ids.desk}`, 'Night Desk', ['Emergency Contact']],
    ]);
    expect(await rowCounts()).toEqual(before);
  });

  it("agrees with each facility's own export of the year", async () => {
    for (const facilityId of [ids.alpha, ids.bravo]) {
      const single = await customerExport(
        `customer_id=${ids.customer}&facility_id=${facilityId}&year=${YEAR}`,
      );
      expect(single.statusCode, single.body).toBe(200);
      const [own] = read(new Uint8Array(single.rawPayload)).facilities;
      const inFile = dataset.facilities.find((f) => f.recordId === own!.recordId);
      const withoutDates = ({ chemicals, ...facility }: Tier2Dataset['facilities'][number]) => ({
        ...facility,
        chemicals: chemicals.map(({ lastModified: _l, ...chemical }) => chemical),
      });
      expect(withoutDates(inFile!)).toEqual(withoutDates(own!));
      // A one-facility file names nothing left out.
      expect(single.headers[TIER2_EXPORT_LEFT_OUT_HEADER.toLowerCase()]).toBeUndefined();
    }
  });
});

describe('GET /tier2/export without a facility: refusals', () => {
  it('a customer none of whose active facilities has the year gets 404, recording nothing', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const res = await customerExport(`customer_id=${ids.customer}&year=2022`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'No active facility of this customer has an inventory for this year',
    });
    expect((await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
  });

  it('an unknown customer gets 404; a year before 2017 gets 422', async () => {
    const unknown = await customerExport(`customer_id=999999&year=${YEAR}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Customer not found.' });
    const legacy = await customerExport(`customer_id=${ids.customer}&year=2016`);
    expect(legacy.statusCode).toBe(422);
    expect(legacy.json().errors).toEqual({
      year: ['Tier II files hold the hazard categories used from 2017; choose 2017 or later.'],
    });
  });

  it('a technician gets 403', async () => {
    const res = await ctx.call('technician', {
      method: 'GET',
      url: `/tier2/export?customer_id=${ids.customer}&year=${YEAR}`,
    });
    expect(res.statusCode).toBe(403);
  });
});
