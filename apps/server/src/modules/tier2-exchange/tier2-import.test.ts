import fs from 'node:fs';
import path from 'node:path';
import { TIER2_IMPORT_MSG, type Tier2ImportPlan, type Tier2ImportWritten } from '@chemtrack/domain';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/uploads.ts';
import {
  addresses,
  auditLog,
  chemicalComponents,
  contactPhones,
  contacts,
  customers,
  facilities,
  facilityContacts,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProducts,
  productChemicalComponents,
  products,
} from '../../db/schema/index.ts';

/**
 * Issue 25, the import: `POST /tier2/import` over the shared sample (Tier2 Submit's, copied
 * unchanged to test/fixtures/tier2), its E-Plan variant, and files that must be refused with no
 * row written.
 */
const SAMPLE = fs.readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/tier2/epcra_tier2_data.xml'),
);
const SAMPLE_TEXT = SAMPLE.toString('utf8');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Role = 'admin' | 'staff' | 'technician';

function importFile(content: Buffer, fields: Record<string, string> = {}, query = '', role: Role = 'staff') {
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
    { filename: 'tier2.t2s', contentType: 'application/octet-stream', content },
  ]);
  return ctx.call(role, {
    method: 'POST',
    url: `/tier2/import${query}`,
    headers: { 'content-type': contentType },
    payload,
  });
}

/** Every table an import writes, counted. */
const WRITTEN_TABLES = {
  customers,
  addresses,
  facilities,
  contacts,
  contact_phones: contactPhones,
  facility_contacts: facilityContacts,
  products,
  chemical_components: chemicalComponents,
  product_chemical_components: productChemicalComponents,
  inventories,
  inventory_products: inventoryProducts,
  inventory_product_chemical_components: inventoryProductChemicalComponents,
  audit_log: auditLog,
};

async function rowCounts(): Promise<Record<keyof typeof WRITTEN_TABLES, number>> {
  const counts = {} as Record<keyof typeof WRITTEN_TABLES, number>;
  for (const [name, table] of Object.entries(WRITTEN_TABLES)) {
    const [row] = await ctx.database.db.select({ n: count() }).from(table);
    counts[name as keyof typeof WRITTEN_TABLES] = row!.n;
  }
  return counts;
}

/** A .t2s as Tier2 Submit writes it: a ZIP holding the one XML file. */
function t2s(xml: string | Buffer, name = 'epcra_tier2_data.xml'): Buffer {
  return Buffer.from(zipSync({ [name]: typeof xml === 'string' ? Buffer.from(xml) : xml }, { level: 9 }));
}

describe('POST /tier2/import: the shared sample', () => {
  let written: Tier2ImportWritten;

  it('dry run: 1 facility, 2 chemicals, 4 contacts and 2 lines proposed; nothing written', async () => {
    const before = await rowCounts();
    const res = await importFile(t2s(SAMPLE), {}, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Preview: 1 facility(ies), 2 chemical(s), 4 contact(s). Nothing was written.',
    );
    const plan: Tier2ImportPlan = res.json().resource.plan;
    expect(res.json().resource.written).toBeNull();
    expect(plan.year).toBe(2025);
    expect(plan.customer).toEqual({ id: null, name: 'Green Valley Water Facility', status: 'new' });
    expect(plan.facilities).toEqual([
      {
        name: 'Green Valley Water Facility',
        street: '123 First Avenue',
        city: 'Colchester',
        state: 'VT',
        zip: '05408',
        record_id: 'FATR20256YVD7R002I2E',
        status: 'new',
        facility_id: null,
        changes: {},
        year: 2025,
        inventory: { status: 'new', inventory_id: null },
        // "Debra Monaco, President" split at its comma, for the year's inventory (issue 36).
        certification: {
          certifier_name: 'Debra Monaco',
          certifier_title: 'President',
          date_signed: '2020-01-13',
        },
      },
    ]);
    expect(plan.chemicals.map((c) => [c.name, c.cas_number, c.is_mixture, c.status, c.components])).toEqual([
      ['Chlorine', '7782-50-5', false, 'new', 0],
      ['Fluorosilic Acid', '16961-83-4', true, 'new', 3],
    ]);
    expect(plan.contacts.map((c) => [c.name, c.types, c.status])).toEqual([
      ['Debra Monaco', ['Owner / Operator'], 'new'],
      ['Vincent Martinez', ['Tier II Information Contact'], 'new'],
      ['Mike Ward', ['Fac. Emergency Coordinator', 'Emergency Contact'], 'new'],
      ['Interstate Transportation Company', ['Chemical Carrier'], 'new'],
    ]);
    expect(plan.lines).toEqual([
      {
        facility: 'Green Valley Water Facility',
        chemical: 'Chlorine',
        location: 'Chlorination building',
        storage_type: 'Tank inside building',
        pounds: 20000,
        average_pounds: 15000,
        days_on_site: 365,
      },
      {
        facility: 'Green Valley Water Facility',
        chemical: 'Fluorosilic Acid',
        location: 'Secondary clarifier',
        storage_type: 'Above ground tank',
        pounds: 45000,
        average_pounds: 20000,
        days_on_site: 365,
      },
    ]);
    expect(await rowCounts()).toEqual(before);
  });

  it('a technician may not import (403), and nothing is written', async () => {
    const before = await rowCounts();
    const res = await importFile(SAMPLE, {}, '', 'technician');
    expect(res.statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });

  it('import: a new customer, the facility with its Tier II columns and extras, 4 contacts, 2 products, 2 lines', async () => {
    const before = await rowCounts();
    const res = await importFile(t2s(SAMPLE));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Tier II file imported: 1 facility(ies), 2 inventory line(s).');
    written = res.json().resource.written;
    expect(written.facility_ids).toHaveLength(1);
    expect(written.product_ids).toHaveLength(2);
    expect(written.contact_ids).toHaveLength(4);
    expect(written.line_ids).toHaveLength(2);
    const after = await rowCounts();
    expect(after.customers - before.customers).toBe(1);
    expect(after.facilities - before.facilities).toBe(1);
    expect(after.contacts - before.contacts).toBe(4);
    expect(after.contact_phones - before.contact_phones).toBe(6);
    expect(after.facility_contacts - before.facility_contacts).toBe(4);
    expect(after.products - before.products).toBe(2);
    // Chlorine (one, 100%) and the mixture's three: 4 links; water is known by its CAS.
    expect(after.product_chemical_components - before.product_chemical_components).toBe(4);
    expect(after.inventories - before.inventories).toBe(1);
    expect(after.inventory_products - before.inventory_products).toBe(2);

    const [customer] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, written.customer_id));
    expect(customer!.name).toBe('Green Valley Water Facility');

    const [facility] = await ctx.database.db
      .select()
      .from(facilities)
      .where(eq(facilities.id, written.facility_ids[0]!));
    expect(facility).toMatchObject({
      name: 'Green Valley Water Facility',
      customerId: written.customer_id,
      county: 'Chittenden',
      naicsCode: '221310',
      dunsNumber: '123456789',
      rmpFacilityId: '100999999999',
      triFacilityId: '',
      latitude: '44.554437',
      longitude: '-73.167142',
      fireDistrict: 'Fire Station 2',
      isManned: true,
      maxOccupants: 18,
      tier2RecordId: 'FATR20256YVD7R002I2E',
    });
    expect(facility!.tier2Extras.stateFields).toEqual([
      { required: true, label: 'LEPC', t2sFieldname: 'State06Text', data: 'LEPC 4' },
    ]);
    expect(facility!.tier2Extras).toMatchObject({
      department: 'Chlorination Division',
      feesTotal: 30,
      subjectToChemAccidentPrevention: true,
      subjectToEmergencyPlanning: false,
      phones: [{ recordId: 'PHTR2019BLBX9800GBEF', phoneNumber: '802-111-1111', phoneType: '24-hour' }],
      attachments: [
        { recordId: 'SKTR2019MMSS04001VUA', fileName: 'GRENVAL1.jpg' },
        { recordId: 'SKTR2019MMSS0K002VUB', fileName: 'GRENVAL2.jpg' },
      ],
    });
    // The certifier signed the year's form: the inventory keeps it, the facility's extras do not (issue 36).
    expect(Object.keys(facility!.tier2Extras).filter((key) => /certifier|signed/i.test(key))).toEqual([]);
    const [year] = await ctx.database.db
      .select({
        certifierName: inventories.certifierName,
        certifierTitle: inventories.certifierTitle,
        dateSigned: inventories.dateSigned,
      })
      .from(inventories)
      .where(eq(inventories.id, written.inventory_ids[0]!));
    expect(year).toEqual({
      certifierName: 'Debra Monaco',
      certifierTitle: 'President',
      dateSigned: '2020-01-13',
    });
    expect(facility!.tier2Extras.facilityIds?.map((id) => [id.recordId, id.type, id.id])).toEqual([
      ['FDTR20196YVD7R003I2W', 'NAICS', '221310'],
      ['FDTR20196YVD7R004I3C', 'D-U-N-S', '123456789'],
      ['FDTR2019BLJUB6007J60', 'RMP', '100999999999'],
    ]);

    const links = await ctx.database.db
      .select({
        position: facilityContacts.position,
        linkId: facilityContacts.tier2LinkId,
        recordId: contacts.tier2RecordId,
        lastName: contacts.lastName,
        types: contacts.contactTypes,
      })
      .from(facilityContacts)
      .innerJoin(contacts, eq(contacts.id, facilityContacts.contactId))
      .where(eq(facilityContacts.facilityId, written.facility_ids[0]!))
      .orderBy(asc(facilityContacts.position));
    expect(links).toEqual([
      {
        position: 0,
        linkId: 'CKTR2019BLBXP100K99N',
        recordId: 'CTTR2019999P0U00QUKZ',
        lastName: 'Martinez',
        types: ['Tier II Information Contact'],
      },
      {
        position: 1,
        linkId: 'CKTR2019BLBXPV00MZR2',
        recordId: 'CTTR201930YLWV006ALB',
        lastName: 'Monaco',
        types: ['Owner / Operator'],
      },
      {
        position: 2,
        linkId: 'CKTR2019BLBXQA00PCRC',
        recordId: 'CTTR2019999P6F00XPQ6',
        lastName: 'Ward',
        types: ['Fac. Emergency Coordinator', 'Emergency Contact'],
      },
      {
        position: 3,
        linkId: 'CKTR2019MMS9RQ002D5P',
        recordId: 'CTTR2019MMS9RQ001D5N',
        lastName: 'Interstate Transportation Company',
        types: ['Chemical Carrier'],
      },
    ]);
    const wardPhones = await ctx.database.db
      .select({
        number: contactPhones.phoneNumber,
        type: contactPhones.phoneType,
        recordId: contactPhones.tier2RecordId,
      })
      .from(contactPhones)
      .innerJoin(contacts, eq(contacts.id, contactPhones.contactId))
      .where(eq(contacts.lastName, 'Ward'))
      .orderBy(asc(contactPhones.position));
    expect(wardPhones).toEqual([
      { number: '802-444-4444', type: '24-hour', recordId: 'PHTR2019999P880108MP' },
      { number: '999-999-9999', type: 'Home', recordId: 'PHTR2019BL3AD1007ICV' },
    ]);

    const mixture = await ctx.database.db
      .select({
        name: chemicalComponents.name,
        cas: chemicalComponents.number,
        weight: productChemicalComponents.percentageWeight,
      })
      .from(productChemicalComponents)
      .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
      .where(eq(productChemicalComponents.productId, written.product_ids[1]!))
      .orderBy(asc(chemicalComponents.number));
    expect(mixture.map((c) => [c.name, c.cas, Number(c.weight)])).toEqual([
      ['Silicate Hexafluorodihydrogen', '16961-83-4', 24],
      ['Hydrofluorosilic Acid', '7664-39-3', 1],
      ['Water', '7732-18-5', 75],
    ]);
    const [chlorine] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, written.product_ids[0]!));
    expect(chlorine).toMatchObject({
      name: 'Chlorine',
      mfgName: 'Unknown (Tier II import)',
      physicalState: 'liquified gas',
      tier2HazardCategories: ['Oxidizer (liquid, solid or gas)', 'Serious eye damage or eye irritation'],
    });

    const lines = await ctx.database.db
      .select()
      .from(inventoryProducts)
      .where(eq(inventoryProducts.inventoryId, written.inventory_ids[0]!))
      .orderBy(asc(inventoryProducts.id));
    expect(
      lines.map((line) => [
        line.name,
        line.locationStored,
        Number(line.maxPounds),
        Number(line.averagePounds),
        line.daysOnSite,
        line.storageType,
        line.storagePressure,
        line.storageTemperature,
        line.isImported,
        line.tier2ChemicalRecordId,
        line.tier2LocationRecordId,
      ]),
    ).toEqual([
      [
        'Chlorine',
        'Chlorination building',
        20000,
        15000,
        365,
        'Tank inside building',
        'Greater than ambient pressure',
        'Ambient temperature',
        true,
        'CVTR20196YVEPP00URE5',
        'CLTR20196YVES900VZQC',
      ],
      [
        'Fluorosilic Acid',
        'Secondary clarifier',
        45000,
        20000,
        365,
        'Above ground tank',
        'Ambient pressure',
        'Ambient temperature',
        true,
        'CVTR20196YVEUF00WV97',
        'CLTR20196YVEVC00XNHP',
      ],
    ]);
    // Audit rows like the other writes: the customer, facility, contacts, products, inventory, lines and the import.
    const entities = await ctx.database.db
      .select({ entity: auditLog.entity })
      .from(auditLog)
      .orderBy(asc(auditLog.id));
    const mine = entities.slice(before.audit_log).map((row) => row.entity);
    expect(mine.filter((entity) => entity === 'contact')).toHaveLength(4);
    expect(mine.filter((entity) => entity === 'inventory_product')).toHaveLength(2);
    expect(mine.at(-1)).toBe('tier2_import');
    expect(mine).toContain('customer');
    expect(mine).toContain('inventory');
    // The facility's Tier II columns are written by the facilities area, audited as an update from
    // the import with the facility as it was and as it is.
    const [facilityUpdate] = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'facility'), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(facilityUpdate?.details).toMatchObject({
      from_tier2_import: true,
      changes: { max_occupants: { before: null, after: 18 }, naics_code: { before: '', after: '221310' } },
      tier2_record_id: 'FATR20256YVD7R002I2E',
    });
  });

  it("the Tier II engine over the imported inventory gives the file's amounts and range codes", async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/report/preview',
      payload: {
        type: 'epcra_311_312_tier2',
        customer_id: written.customer_id,
        facility_id: written.facility_ids[0],
        year: 2025,
        format: 'pdf',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res
      .json()
      .resource.tables[0].rows.map((row: { cells: Record<string, unknown> }) => [
        row.cells.name,
        row.cells.max_amount_lb,
        row.cells.max_amount_code,
        row.cells.average_amount_lb,
        row.cells.average_amount_code,
        row.cells.days_on_site,
      ]);
    // By hand (40 CFR 370.43): 20,000 lb is in 10,000-24,999 → 06; 45,000 in 25,000-49,999 → 07;
    // averages 15,000 → 06 and 20,000 → 06 (one line each: average × 365 days ÷ 365 days).
    // The file says the same: maxAmountCode 06/07, aveAmountCode 06/06.
    expect(rows).toEqual([
      ['Chlorine', 20000, '06', 15000, '06', 365],
      ['Fluorosilic Acid', 45000, '07', 20000, '06', 365],
    ]);
  });

  it('into the same customer again: facility, products and contacts matched; the non-empty 2025 inventory is a 409', async () => {
    const before = await rowCounts();
    const dry = await importFile(SAMPLE, { customer_id: String(written.customer_id) }, '?dry_run=1');
    expect(dry.statusCode).toBe(409);
    expect(dry.json().message).toBe(
      'Green Valley Water Facility already has a 2025 inventory with products; import into a facility-year with no products.',
    );
    const res = await importFile(SAMPLE, { customer_id: String(written.customer_id) });
    expect(res.statusCode).toBe(409);
    expect(await rowCounts()).toEqual(before);
  });

  it('a 2026 file into the same customer matches the facility, products and contacts, and says what changes', async () => {
    const next = SAMPLE_TEXT.replace('reportyear="2025"', 'reportyear="2026"').replace(
      '<maxNumOccupants>18</maxNumOccupants>',
      '<maxNumOccupants>20</maxNumOccupants>',
    );
    const dry = await importFile(Buffer.from(next), {
      customer_id: String(written.customer_id),
      dry_run: '1',
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const plan: Tier2ImportPlan = dry.json().resource.plan;
    expect(plan.customer.status).toBe('matched');
    expect(plan.facilities.map((f) => [f.status, f.facility_id, f.changes])).toEqual([
      ['matched', written.facility_ids[0], { max_occupants: ['18', '20'] }],
    ]);
    expect(plan.chemicals.map((c) => [c.status, c.product_id])).toEqual([
      ['matched', written.product_ids[0]],
      ['matched', written.product_ids[1]],
    ]);
    expect(plan.contacts.every((c) => c.status === 'matched')).toBe(true);
  });

  it('year over year: the imported 2025 inventory is copied to 2026 and its lines are carried over', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/inventories/create',
      payload: {
        year: 2026,
        customer_id: written.customer_id,
        facility_id: written.facility_ids[0],
        technician_ids: [],
        inventory_ids: [written.inventory_ids[0]],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copied = await ctx.database.db
      .select()
      .from(inventoryProducts)
      .where(eq(inventoryProducts.inventoryId, res.json().resource.id))
      .orderBy(asc(inventoryProducts.id));
    expect(
      copied.map((line) => [line.name, Number(line.maxPounds), line.sourceLineId, line.checkedAt]),
    ).toEqual([
      ['Chlorine', 20000, written.line_ids[0], null],
      ['Fluorosilic Acid', 45000, written.line_ids[1], null],
    ]);
    // The worklist compares each carried-over line with the line it came from.
    const list = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${res.json().resource.id}/products`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .resource.items.map((item: { is_unchecked_carry_over: boolean }) => item.is_unchecked_carry_over),
    ).toEqual([true, true]);
  });

  it('an unknown customer_id is a 404, and nothing is written', async () => {
    const before = await rowCounts();
    const res = await importFile(SAMPLE, { customer_id: '999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Customer not found.');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('POST /tier2/import: E-Plan quirks import to the same facts', () => {
  it('CAS without dashes, 2.0E4 and 45000.0, self-closing elements, reordered children, whitespace', async () => {
    const quirky = SAMPLE_TEXT.replace('<casNumber>7782-50-5</casNumber>', '<casNumber> 7782505 </casNumber>')
      .replace('<maxAmount>20000</maxAmount>', '<maxAmount>2.0E4</maxAmount>')
      .replace('<amount unit="pounds">20000</amount>', '<amount unit="pounds">2.0E4</amount>')
      .replace('<amount unit="pounds">45000</amount>', '<amount unit="pounds">45000.0</amount>')
      .replace('<aveAmount>15000</aveAmount>', '<aveAmount>1.5E+4</aveAmount>')
      .replace('<casNumber>7664-39-3</casNumber>', '<casNumber>7664393</casNumber>')
      .replace('<casNumber></casNumber>', '<casNumber/>')
      .replace('<maxAmountCode></maxAmountCode>', '<maxAmountCode />')
      .replace('<firstName></firstName>', '<firstName/>')
      // Reordered: Chlorine's name after its CAS, its hazards after its storage locations.
      .replace(/(<hazards>[\s\S]*?<\/hazards>)([\s\S]*?<\/storageLocations>)/, '$2$1')
      .replace(/(<chemName>Chlorine<\/chemName>)\s*(<casNumber>[^<]*<\/casNumber>)/, '$2\n\t\t\t\t\t\t$1')
      .replace(/\t/g, '    ');
    expect(quirky).toContain('<casNumber> 7782505 </casNumber>');
    const direct = await importFile(SAMPLE, {}, '?dry_run=1');
    const res = await importFile(t2s(quirky), {}, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.plan).toEqual(direct.json().resource.plan);
  });
  it('a namespace prefix, a byte-order mark and a stored (uncompressed) .t2s read the same', async () => {
    const prefixed = SAMPLE_TEXT.replace(
      /xmlns="https:\/\/cameo\.noaa\.gov\/epcra_tier2\/data_standard\/v1"/,
      'xmlns:t2="https://cameo.noaa.gov/epcra_tier2/data_standard/v1"',
    )
      .replace(/<(\/?)([A-Za-z])/g, '<$1t2:$2')
      .replace('<t2:?xml', '<?xml');
    expect(prefixed).toContain('<t2:epcraTier2Dataset xmlns:t2=');
    const direct = await importFile(SAMPLE, {}, '?dry_run=1');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(prefixed)]);
    const stored = Buffer.from(zipSync({ 'data.xml': withBom }, { level: 0 }));
    const res = await importFile(stored, {}, '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.plan).toEqual(direct.json().resource.plan);
  });
});

describe('POST /tier2/import refuses what is not a safe Tier II file, writing nothing', () => {
  const cases: [string, () => Buffer, number, string][] = [
    [
      'a malformed amount',
      () => Buffer.from(SAMPLE_TEXT.replace('<maxAmount>45000</maxAmount>', '<maxAmount>lots</maxAmount>')),
      422,
      'maxAmount must be a number (/epcraTier2Dataset/dataset/facilities/facility[1]/chemicals/chemical[2]/maxAmount)',
    ],
    ['XML that is not well-formed', () => Buffer.from(SAMPLE_TEXT.replace('</chemicals>', '')), 422, ''],
    [
      'an external entity (XXE)',
      () =>
        Buffer.from(
          SAMPLE_TEXT.replace(
            '<?xml version="1.0" encoding="utf-8"?>',
            '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE epcraTier2Dataset [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
          ).replace('<county>Chittenden</county>', '<county>&x;</county>'),
        ),
      422,
      'Tier II files may not contain a DOCTYPE or entity declarations',
    ],
    [
      'a billion-laughs entity bomb',
      () => {
        const levels = ['<!ENTITY lol0 "lol">'];
        for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
        return Buffer.from(
          SAMPLE_TEXT.replace(
            '<?xml version="1.0" encoding="utf-8"?>',
            `<?xml version="1.0"?>\n<!DOCTYPE epcraTier2Dataset [${levels.join('')}]>`,
          ).replace('<notes>', '<notes>&lol9;'),
        );
      },
      422,
      'Tier II files may not contain a DOCTYPE or entity declarations',
    ],
    [
      'a pre-2017 file',
      () => Buffer.from(SAMPLE_TEXT.replace('reportyear="2025"', 'reportyear="2016"')),
      422,
      'Tier II files before reporting year 2017 use the five old hazard categories; import a 2017 or later file.',
    ],
    [
      'XML of another kind',
      () => Buffer.from('<?xml version="1.0"?>\n<catalog xmlns="urn:example"><book/></catalog>'),
      422,
      'This is not a Tier II data standard file',
    ],
    [
      'the right root in another namespace',
      () => Buffer.from(SAMPLE_TEXT.replace(/xmlns="[^"]*"/, 'xmlns="urn:other"')),
      422,
      'This is not a Tier II data standard file',
    ],
    [
      'a ZIP bomb that declares its size (25 MB of zeros in a few KB)',
      () => t2s(Buffer.alloc(25 * 1024 * 1024, 0x20)),
      413,
      'The file expands to more than 20 MB',
    ],
    ['a ZIP bomb that lies about its size', () => lyingBomb(), 413, 'The file expands to more than 20 MB'],
    [
      'a ZIP with two XML files',
      () => Buffer.from(zipSync({ 'a.xml': SAMPLE, 'b.xml': SAMPLE })),
      422,
      'A .t2s file must hold exactly one XML file',
    ],
    ['a PDF', () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), 415, TIER2_IMPORT_MSG.notXmlOrZip],
  ];

  it.each(cases)('%s', async (_name, make, status, message) => {
    const before = await rowCounts();
    const content = make();
    if (status !== 415 && content[0] === 0x50) expect(content.length).toBeLessThan(64 * 1024);
    const res = await importFile(content);
    expect(res.statusCode, res.body).toBe(status);
    if (message === '') expect(res.json().message).toMatch(/^The file is not well-formed XML: /);
    else expect(res.json().message).toBe(message);
    // The dry run refuses the same way.
    const dry = await importFile(content, {}, '?dry_run=1');
    expect(dry.statusCode).toBe(status);
    expect(await rowCounts()).toEqual(before);
  });

  it('a file over the upload size is a 413 before it is read', async () => {
    const small = await createTestContext({ uploadMaxBytes: 4096 });
    try {
      const { payload, contentType } = multipartBody([
        {
          filename: 'big.xml',
          contentType: 'text/xml',
          content: Buffer.from(`${SAMPLE_TEXT}${' '.repeat(8192)}`),
        },
      ]);
      const res = await small.call('staff', {
        method: 'POST',
        url: '/tier2/import',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });
});

/**
 * A .t2s whose directory declares a 1 KB entry that inflates to 25 MB: the declaration passes, the
 * streaming inflate stops at the cap (or the compression ratio) without inflating it all.
 */
function lyingBomb(): Buffer {
  const zip = t2s(Buffer.alloc(25 * 1024 * 1024, 0x20));
  // Central directory: uncompressed size at +24 of its header; local header: at +22.
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(1024, central + 24);
  zip.writeUInt32LE(1024, 22);
  return zip;
}
