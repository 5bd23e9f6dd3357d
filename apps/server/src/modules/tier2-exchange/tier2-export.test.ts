import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compliance, type ReportDocument, T2S_XML_FILE_NAME, TIER2_NAMESPACE } from '@chemtrack/domain';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { uploadedList } from '../../../test/report-files.ts';
import { readXmlElements, type XmlElement } from '../../../test/tier2-xml.ts';
import {
  auditLog,
  contactPhones,
  contacts,
  facilities,
  facilityContacts,
  inventoryProducts,
  regulatoryEntries,
} from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * `GET /tier2/export` (issue 25) on a facility-year built through the API, the lists inserted as an
 * upload leaves them, and the facility's Tier II columns, extras and contacts written as the
 * facility form and the import will write them. The file is unzipped and parsed back with a
 * namespace-aware reader and checked against the shared sample's structure. Figures by hand
 * (regulatory-rules.md §3; mixture option, upper bound), sorted by name as the report sorts them:
 *
 * - Battery acid (liquid, 10.5 lb/gal; sulfuric acid 35% EHS, water 65%): Drum 55 gal × 20 =
 *   1,100 gal × 10.5 = 11,550 lb at BATTERY ROOM ≥ 10,000 → reported as a mixture, code 06; no
 *   average recorded, so the maximum stands in: 11,550, code 06; 365 days. Largest container
 *   11,550 / 20 = 577.5 lb. Components: sulfuric acid 35%, EHS, 11,550 × 0.35 = 4,042.5 → 04;
 *   water 65%, 7,507.5 → 05.
 * - Caustic flakes (solid, sodium hydroxide 100%, on no list): Bag 50 lb × 4 = 200 lb at WAREHOUSE
 *   (average 100 lb, 365 days) and Tote 2,000 lb × 6 = 12,000 lb at YARD (average 1,000 lb, 10
 *   days): 12,200 lb ≥ 10,000 → reported, pure, code 06; average (100 × 365 + 1,000 × 10) / 365 =
 *   127.3973 → 127.4, code 02; 365 days; largest container max(200 / 4, 12,000 / 6) = 2,000 lb.
 *   Two storage locations: WAREHOUSE 200 lb (Bag), YARD 12,000 lb (Tote bin).
 * - Chlorine (liquified gas, EHS TPQ 100): Cylinder 150 lb × 1 = 150 lb ≥ min(500, 100) → reported
 *   as the EHS, code 02; average 150 (the maximum), code 02; liquid and gas; largest 150 lb.
 * - Sulfuric acid (EHS TPQ 1,000), from the battery acid: 4,042.5 lb ≥ min(500, 1,000) = 500 →
 *   reported, code 04; average 4,042.5, code 04; largest container 4,042.5 / 20 = 202.125 → 202.13.
 */

const YEAR = 2024;
const CAS = { chlorine: '7782-50-5', sulfuricAcid: '7664-93-9', water: '7732-18-5', caustic: '1310-73-2' };
const SAMPLE_XML = fs.readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../test/fixtures/tier2/epcra_tier2_data.xml',
  ),
  'utf8',
);
const STATE_FIELDS = [
  { required: true, label: 'LEPC', t2sFieldname: 'State06Text', data: 'LEPC 4' },
  { required: null, label: 'Fee & "notes"', t2sFieldname: 'State07Text', data: "<paid> O'Brien" },
];

let ctx: TestContext;
const ids = {
  customer: 0,
  customerName: '',
  facility: 0,
  otherFacility: 0,
  batteryProduct: 0,
  warehouseLine: 0,
  yardLine: 0,
  owner: 0,
  ownerPhone: 0,
  desk: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Export Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  ids.otherFacility = (await create.facility(ctx, { name: 'Elsewhere Plant' })).id;
  const customer = await ctx.call('admin', { method: 'GET', url: `/customers/${ids.customer}/get` });
  ids.customerName = customer.json().resource.name;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  // The year's certifier, as Inventory Details records it (issue 36).
  const certified = await ctx.call('admin', {
    method: 'PATCH',
    url: `/inventories/${inventory}/update`,
    payload: {
      year: YEAR,
      customer_id: ids.customer,
      facility_id: ids.facility,
      certifier_name: 'Dana Reyes',
      certifier_title: 'Plant Manager',
      date_signed: '2025-02-20',
    },
  });
  expect(certified.statusCode, certified.body).toBe(200);
  // A year before 2017 with an inventory, for the 422.
  await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: 2016 });

  const container = async (name: string) => (await create.container(ctx, { name })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const chlorine = await create.productWithComponents(
    ctx,
    'Chlorine, liquified',
    {
      physical_state: 'liquified gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: '5.4',
      tier2_hazard_categories: [
        'Oxidizer (liquid, solid or gas)',
        'Gas under pressure (compressed gas)',
        'Acute toxicity (any route of exposure)',
      ],
    },
    [{ name: 'Chlorine', number: CAS.chlorine, percentage_weight: '100' }],
  );
  ids.batteryProduct = await create.productWithComponents(
    ctx,
    'Battery acid',
    {
      physical_state: 'liquid',
      specific_gravity: '',
      pounds_per_gallon: '10.5',
      tier2_hazard_categories: ['Corrosive to metal', 'Skin corrosion or irritation'],
    },
    [
      { name: 'Sulfuric acid', number: CAS.sulfuricAcid, percentage_weight: '35' },
      { name: 'Water', number: CAS.water, percentage_weight: '65' },
    ],
  );
  const caustic = await create.productWithComponents(
    ctx,
    'Caustic flakes',
    {
      physical_state: 'solid',
      specific_gravity: '',
      pounds_per_gallon: '',
      tier2_hazard_categories: ['Skin corrosion or irritation', 'Serious eye damage or eye irritation'],
    },
    [{ name: 'Sodium hydroxide', number: CAS.caustic, percentage_weight: '100' }],
  );
  const line = async (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    quantity: string,
    where: string,
    extra: Record<string, string | number>,
  ) =>
    (
      await create.inventoryProduct(ctx, inventory, {
        product_id: productId,
        container_id: containerId,
        container_unit_id: unitId,
        container_size: size,
        container_quantity: quantity,
        location_stored: where,
        storage_pressure: 'Ambient pressure',
        storage_temperature: 'Ambient temperature',
        ...extra,
      })
    ).id;
  await line(chlorine, await container('Cylinder'), pound, '150', '1', 'GAS CAGE', {
    storage_type: 'Cylinder',
    storage_pressure: 'Greater than ambient pressure',
  });
  await line(ids.batteryProduct, await container('Drum'), gallon, '55', '20', 'BATTERY ROOM', {
    storage_type: 'Plastic or non-metallic drum',
  });
  ids.warehouseLine = await line(caustic, await container('Bag'), pound, '50', '4', 'WAREHOUSE', {
    storage_type: 'Bag',
    average_pounds: '100',
    days_on_site: 365,
  });
  ids.yardLine = await line(caustic, await container('Tote'), pound, '2000', '6', 'YARD', {
    storage_type: 'Tote bin',
    average_pounds: '1000',
    days_on_site: 10,
  });

  const { db } = ctx.database;
  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  await db.insert(regulatoryEntries).values([
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Chlorine',
      casNumber: CAS.chlorine,
      thresholdQuantityLbs: '100',
      tpqText: '100',
    },
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Sulfuric acid',
      casNumber: CAS.sulfuricAcid,
      thresholdQuantityLbs: '1000',
      tpqText: '1000',
    },
  ]);
  // The YARD line came from last year's file: its chemical and location keep their record ids.
  await db
    .update(inventoryProducts)
    .set({ tier2ChemicalRecordId: 'CVTR2023CAUSTIC00001', tier2LocationRecordId: 'CLTR2023YARD00000001' })
    .where(eq(inventoryProducts.id, ids.yardLine));

  // The facility's Tier II columns and what a file brought in, as the facility form and the import write them.
  await db
    .update(facilities)
    .set({
      naicsCode: '325180',
      dunsNumber: '123456789',
      triFacilityId: '77001XYZCO123AB',
      latitude: '29.691000',
      longitude: '-95.208900',
      fireDistrict: 'Harris County ESD 9',
      isManned: true,
      maxOccupants: 40,
      tier2Extras: {
        department: 'Operations',
        stateFields: STATE_FIELDS,
        facilityIds: [
          {
            recordId: 'FDTR2019NAICS0000001',
            type: 'NAICS',
            id: '325180',
            description: 'Other Basic Inorganic Chemical Manufacturing',
          },
          { recordId: 'FDTR2019DUNS00000001', type: 'D-U-N-S', id: '999999999', description: 'old number' },
          { recordId: 'FDTR2019STATE0000001', type: 'State', id: 'TX-123', description: 'TCEQ' },
        ],
      },
    })
    .where(eq(facilities.id, ids.facility));
  const contact = async (
    values: typeof contacts.$inferInsert,
    phones: { number: string; type: string }[],
  ) => {
    const [row] = await db.insert(contacts).values(values).returning({ id: contacts.id });
    const phoneIds: number[] = [];
    for (const [position, phone] of phones.entries()) {
      const [saved] = await db
        .insert(contactPhones)
        .values({ contactId: row!.id, position, phoneNumber: phone.number, phoneType: phone.type })
        .returning({ id: contactPhones.id });
      phoneIds.push(saved!.id);
    }
    return { id: row!.id, phoneIds };
  };
  const owner = await contact(
    {
      customerId: ids.customer,
      firstName: 'Dana',
      lastName: 'Reyes',
      title: 'Plant Manager',
      email: 'dana@example.com',
      mailingStreet: '1 Plant Rd',
      mailingCity: 'Pasadena',
      mailingState: 'TX',
      mailingZip: '77501',
      mailingCountry: 'USA',
      contactTypes: ['Owner / Operator', 'Tier II Information Contact'],
      tier2RecordId: 'CTTR2019OWNER0000001',
    },
    [{ number: '713-555-0100', type: 'Work' }],
  );
  ids.owner = owner.id;
  ids.ownerPhone = owner.phoneIds[0]!;
  const desk = await contact(
    {
      customerId: ids.customer,
      lastName: 'Night Shift Desk',
      contactTypes: ['Emergency Contact', 'Fac. Emergency Coordinator'],
    },
    [
      { number: '713-555-0199', type: '24-hour' },
      { number: '713-555-0198', type: 'Emergency' },
    ],
  );
  ids.desk = desk.id;
  const archived = await contact(
    {
      customerId: ids.customer,
      lastName: 'Former Contact',
      contactTypes: ['Emergency Contact'],
      isActive: false,
    },
    [],
  );
  // Another contact of the customer that this facility does not name.
  await contact(
    { customerId: ids.customer, lastName: 'Other Site Contact', contactTypes: ['Emergency Contact'] },
    [],
  );
  await db.insert(facilityContacts).values([
    { facilityId: ids.facility, contactId: desk.id, position: 1 },
    { facilityId: ids.facility, contactId: owner.id, position: 2, tier2LinkId: 'CKTR2019LINK00000001' },
    { facilityId: ids.facility, contactId: archived.id, position: 3 },
  ]);
});
afterAll(() => ctx.close());

function exportUrl(query: Record<string, string | number>) {
  return `/tier2/export?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
}

function exportFile(
  role: 'admin' | 'staff' | 'technician' = 'admin',
  query: Record<string, string | number> = {},
) {
  return ctx.call(role, {
    method: 'GET',
    url: exportUrl({ customer_id: ids.customer, facility_id: ids.facility, year: YEAR, ...query }),
  });
}

function xmlOf(res: LightMyRequestResponse): string {
  const files = unzipSync(new Uint8Array(res.rawPayload));
  expect(Object.keys(files)).toEqual([T2S_XML_FILE_NAME]);
  return strFromU8(files[T2S_XML_FILE_NAME]!);
}

/** Every occurrence of the element at `at`, each as its subtree (itself first). */
function subtrees(elements: XmlElement[], at: string): XmlElement[][] {
  const found: XmlElement[][] = [];
  elements.forEach((element, index) => {
    if (element.path !== at) return;
    const tree = [element];
    for (const next of elements.slice(index + 1)) {
      if (!next.path.startsWith(`${at}/`)) break;
      tree.push(next);
    }
    found.push(tree);
  });
  return found;
}

/** The text of the first element at `relative` under the subtree's root. */
function textAt(tree: XmlElement[], relative: string): string | undefined {
  return tree.find((element) => element.path === `${tree[0]!.path}/${relative}`)?.text;
}

const FACILITY = '/epcraTier2Dataset/dataset/facilities/facility';
const CHEMICAL = `${FACILITY}/chemicals/chemical`;
const CONTACT = '/epcraTier2Dataset/dataset/contacts/contact';

/** The elements a Tier2 Submit file must carry for each record (40 CFR 370.42; the sample's structure). */
const REQUIRED_PATHS = [
  FACILITY,
  `${FACILITY}/facilityName`,
  `${FACILITY}/streetAddress/street`,
  `${FACILITY}/streetAddress/city`,
  `${FACILITY}/streetAddress/state`,
  `${FACILITY}/streetAddress/zipcode`,
  `${FACILITY}/county`,
  `${FACILITY}/latLong/latitude`,
  `${FACILITY}/latLong/longitude`,
  `${FACILITY}/manned`,
  `${FACILITY}/maxNumOccupants`,
  `${FACILITY}/contactIds/contactId`,
  `${FACILITY}/facilityIds/facilityId/id`,
  CHEMICAL,
  `${CHEMICAL}/chemName`,
  `${CHEMICAL}/casNumber`,
  `${CHEMICAL}/ehs`,
  `${CHEMICAL}/pure`,
  `${CHEMICAL}/mixture`,
  `${CHEMICAL}/solid`,
  `${CHEMICAL}/liquid`,
  `${CHEMICAL}/gas`,
  `${CHEMICAL}/hazards/hazard/category`,
  `${CHEMICAL}/hazards/hazard/value`,
  `${CHEMICAL}/aveAmount`,
  `${CHEMICAL}/aveAmountCode`,
  `${CHEMICAL}/maxAmount`,
  `${CHEMICAL}/maxAmountCode`,
  `${CHEMICAL}/daysOnSite`,
  `${CHEMICAL}/storageLocations/storageLocation/locationDescription`,
  `${CHEMICAL}/storageLocations/storageLocation/storageType`,
  `${CHEMICAL}/storageLocations/storageLocation/pressure`,
  `${CHEMICAL}/storageLocations/storageLocation/temperature`,
  `${CHEMICAL}/storageLocations/storageLocation/amount`,
  `${CHEMICAL}/mixtureComponents/mixtureComponent/componentName`,
  `${CHEMICAL}/mixtureComponents/mixtureComponent/componentPercentage`,
  CONTACT,
  `${CONTACT}/lastName`,
  `${CONTACT}/contactTypes/contactType`,
  `${CONTACT}/phones/phone/phoneNumber`,
  `${CONTACT}/phones/phone/phoneType`,
];

describe('GET /tier2/export', () => {
  let res: LightMyRequestResponse;
  let elements: XmlElement[];
  beforeAll(async () => {
    res = await exportFile('staff');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    elements = readXmlElements(xmlOf(res));
  });

  it('answers a .t2s ZIP named like the report files', () => {
    expect(res.headers['content-type']).toBe('application/zip');
    const name = `EPCRA_311_312_Tier_II_${ids.customerName.replace(/[\s.]/g, '_')}_Export_Plant_${YEAR}.t2s`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it("holds only the sample's element paths in its namespace, and every required one", () => {
    const samplePaths = new Set(readXmlElements(SAMPLE_XML).map((element) => element.path));
    const written = new Set(elements.map((element) => element.path));
    expect([...written].filter((p) => !samplePaths.has(p))).toEqual([]);
    expect(REQUIRED_PATHS.filter((p) => !written.has(p))).toEqual([]);
    expect(new Set(elements.map((element) => element.namespace))).toEqual(new Set([TIER2_NAMESPACE]));
    expect(elements[0]!.attributes).toEqual({ version: '1.0.0' });
    expect(elements[1]).toMatchObject({
      path: '/epcraTier2Dataset/dataset',
      attributes: { reportyear: '2024' },
    });
  });

  it('writes the reported chemicals with the hand-computed pounds and range codes', () => {
    const chemicals = subtrees(elements, CHEMICAL).map((tree) => ({
      name: textAt(tree, 'chemName'),
      cas: textAt(tree, 'casNumber'),
      flags: ['ehs', 'pure', 'mixture', 'solid', 'liquid', 'gas']
        .map((f) => `${f}=${textAt(tree, f)}`)
        .join(' '),
      max: [textAt(tree, 'maxAmount'), textAt(tree, 'maxAmountCode')],
      average: [textAt(tree, 'aveAmount'), textAt(tree, 'aveAmountCode')],
      days: textAt(tree, 'daysOnSite'),
      largest: textAt(tree, 'maxAmtLargestContainer'),
      below: textAt(tree, 'belowReportingThresholds'),
    }));
    expect(chemicals).toEqual([
      {
        name: 'Battery acid',
        cas: '',
        flags: 'ehs=true pure=false mixture=true solid=false liquid=true gas=false',
        max: ['11550', '06'],
        average: ['11550', '06'],
        days: '365',
        largest: '577.5',
        below: 'false',
      },
      {
        name: 'Caustic flakes',
        cas: CAS.caustic,
        flags: 'ehs=false pure=true mixture=false solid=true liquid=false gas=false',
        max: ['12200', '06'],
        average: ['127.4', '02'],
        days: '365',
        largest: '2000',
        below: 'false',
      },
      {
        name: 'Chlorine',
        cas: CAS.chlorine,
        flags: 'ehs=true pure=true mixture=false solid=false liquid=true gas=true',
        max: ['150', '02'],
        average: ['150', '02'],
        days: '365',
        largest: '150',
        below: 'false',
      },
      {
        name: 'Sulfuric acid',
        cas: CAS.sulfuricAcid,
        flags: 'ehs=true pure=true mixture=false solid=false liquid=true gas=false',
        max: ['4042.5', '04'],
        average: ['4042.5', '04'],
        days: '365',
        largest: '202.13',
        below: 'false',
      },
    ]);
  });

  it('writes all 23 hazards per chemical, byte-exact and in order, true where the product has them', () => {
    const trees = subtrees(elements, CHEMICAL);
    for (const tree of trees) {
      const categories = tree
        .filter((e) => e.path === `${CHEMICAL}/hazards/hazard/category`)
        .map((e) => e.text);
      expect(categories).toEqual([...compliance.TIER2_HAZARD_CATEGORIES]);
    }
    const trueOnes = trees.map((tree) => {
      const categories = tree.filter((e) => e.path.endsWith('/hazard/category')).map((e) => e.text);
      const values = tree.filter((e) => e.path.endsWith('/hazard/value')).map((e) => e.text);
      expect(new Set(values)).toEqual(new Set(['true', 'false']));
      return categories.filter((_, index) => values[index] === 'true');
    });
    expect(trueOnes).toEqual([
      ['Corrosive to metal', 'Skin corrosion or irritation'],
      ['Skin corrosion or irritation', 'Serious eye damage or eye irritation'],
      [
        'Oxidizer (liquid, solid or gas)',
        'Gas under pressure (compressed gas)',
        'Acute toxicity (any route of exposure)',
      ],
      ['Corrosive to metal', 'Skin corrosion or irritation'],
    ]);
  });

  it('writes storage locations with the standard labels and pounds, and import record ids kept', () => {
    const locations = subtrees(elements, CHEMICAL).map((tree) =>
      subtrees(tree, `${CHEMICAL}/storageLocations/storageLocation`).map((location) => [
        location[0]!.attributes.recordid,
        textAt(location, 'locationDescription'),
        textAt(location, 'storageType'),
        textAt(location, 'pressure'),
        textAt(location, 'temperature'),
        textAt(location, 'amount'),
        location.find((e) => e.path.endsWith('/amount'))?.attributes.unit,
      ]),
    );
    const ambient = ['Ambient pressure', 'Ambient temperature'];
    expect(locations).toEqual([
      [
        [
          expect.stringMatching(/^CTCL\d+$/),
          'BATTERY ROOM',
          'Plastic or non-metallic drum',
          ...ambient,
          '11550',
          'pounds',
        ],
      ],
      [
        [`CTCL${ids.warehouseLine}`, 'WAREHOUSE', 'Bag', ...ambient, '200', 'pounds'],
        ['CLTR2023YARD00000001', 'YARD', 'Tote bin', ...ambient, '12000', 'pounds'],
      ],
      [
        [
          expect.stringMatching(/^CTCL\d+C7782505$/),
          'GAS CAGE',
          'Cylinder',
          'Greater than ambient pressure',
          'Ambient temperature',
          '150',
          'pounds',
        ],
      ],
      [
        [
          expect.stringMatching(/^CTCL\d+C7664939$/),
          'BATTERY ROOM',
          'Plastic or non-metallic drum',
          ...ambient,
          '4042.5',
          'pounds',
        ],
      ],
    ]);
    const chemicalIds = subtrees(elements, CHEMICAL).map((tree) => tree[0]!.attributes.recordid);
    expect(chemicalIds).toEqual([
      `CTCV${ids.facility}P${ids.batteryProduct}`,
      'CVTR2023CAUSTIC00001',
      `CTCV${ids.facility}C7782505`,
      `CTCV${ids.facility}C7664939`,
    ]);
    const every = elements.flatMap((e) => (e.attributes.recordid ? [e.attributes.recordid] : []));
    expect(new Set(every).size).toBe(every.length);
  });

  it("lists a mixture's components with percent by weight, EHS flag and range code", () => {
    const [battery, ...pure] = subtrees(elements, CHEMICAL);
    const components = subtrees(battery!, `${CHEMICAL}/mixtureComponents/mixtureComponent`).map((tree) => [
      textAt(tree, 'componentName'),
      textAt(tree, 'casNumber'),
      textAt(tree, 'ehs'),
      textAt(tree, 'maxAmountCode'),
      textAt(tree, 'componentPercentage'),
      tree.find((e) => e.path.endsWith('/componentPercentage'))?.attributes.weightOrVolume,
    ]);
    expect(components).toEqual([
      ['Sulfuric acid', CAS.sulfuricAcid, 'true', '04', '35', 'weight'],
      ['Water', CAS.water, 'false', '05', '65', 'weight'],
    ]);
    for (const tree of pure) expect(tree.some((e) => e.path.endsWith('/mixtureComponents'))).toBe(false);
  });

  it('agrees with the Tier II report of the same facility-year', async () => {
    const preview = await ctx.call('admin', {
      method: 'POST',
      url: '/report/preview',
      payload: {
        type: 'epcra_311_312_tier2',
        customer_id: ids.customer,
        facility_id: ids.facility,
        year: YEAR,
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const report = preview.json().resource as ReportDocument;
    const table = report.tables.find((t) => t.rows.some((row) => row.reported === true))!;
    const reported = table.rows
      .filter((row) => row.reported)
      .map((row) => [row.cells.name, row.cells.max_amount_lb, row.cells.max_amount_code]);
    const exported = subtrees(elements, CHEMICAL).map((tree) => [
      textAt(tree, 'chemName'),
      Number(textAt(tree, 'maxAmount')),
      textAt(tree, 'maxAmountCode'),
    ]);
    expect(exported).toEqual(reported);
  });

  it('writes the facility: columns, ids overlaid on what the file said, state fields unchanged', () => {
    const [facility] = subtrees(elements, FACILITY);
    expect(facility![0]!.attributes).toEqual({ recordid: `CTFA${ids.facility}` });
    expect(textAt(facility!, 'facilityName')).toBe('Export Plant');
    expect(textAt(facility!, 'fireDistrict')).toBe('Harris County ESD 9');
    expect([textAt(facility!, 'latLong/latitude'), textAt(facility!, 'latLong/longitude')]).toEqual([
      '29.691',
      '-95.2089',
    ]);
    expect([textAt(facility!, 'manned'), textAt(facility!, 'maxNumOccupants')]).toEqual(['true', '40']);
    expect(textAt(facility!, 'department')).toBe('Operations');
    expect(textAt(facility!, 'nameAndTitleOfCertifier')).toBe('Dana Reyes, Plant Manager');
    expect(textAt(facility!, 'dateSigned')).toBe('2025-02-20');
    const facilityIds = subtrees(facility!, `${FACILITY}/facilityIds/facilityId`).map((tree) => ({
      ...tree[0]!.attributes,
      id: textAt(tree, 'id'),
      description: textAt(tree, 'description'),
    }));
    expect(facilityIds).toEqual([
      {
        recordid: 'FDTR2019NAICS0000001',
        type: 'NAICS',
        id: '325180',
        description: 'Other Basic Inorganic Chemical Manufacturing',
      },
      // The column wins; the old description went with the old number.
      { recordid: 'FDTR2019DUNS00000001', type: 'D-U-N-S', id: '123456789', description: undefined },
      { recordid: 'FDTR2019STATE0000001', type: 'State', id: 'TX-123', description: 'TCEQ' },
      { recordid: `CTFD${ids.facility}TRI`, type: 'TRI', id: '77001XYZCO123AB', description: undefined },
    ]);
    const stateFields = subtrees(facility!, `${FACILITY}/stateFields/stateField`).map((tree) => ({
      required: tree[0]!.attributes.required ?? null,
      label: textAt(tree, 'label'),
      t2sFieldname: textAt(tree, 't2sFieldname'),
      data: textAt(tree, 'data'),
    }));
    expect(stateFields).toEqual([
      { required: 'true', label: 'LEPC', t2sFieldname: 'State06Text', data: 'LEPC 4' },
      { required: null, label: 'Fee & "notes"', t2sFieldname: 'State07Text', data: "<paid> O'Brien" },
    ]);
  });

  it("answers the facility's subject-to questions from the same year's 302 and RMP findings", () => {
    // Sulfuric acid 4,042.5 lb ≥ its TPQ 1,000 lb (and chlorine 150 lb ≥ TPQ 100 lb): the 302
    // notification is required, so the facility is subject to emergency planning. Chlorine's 150 lb
    // is under its 2,500 lb 112(r) threshold and nothing else is on the RMP list: not subject.
    // Neither answer came from a file (the extras hold none).
    const [facility] = subtrees(elements, FACILITY);
    expect([
      textAt(facility!, 'subjectToEmergencyPlanning'),
      textAt(facility!, 'subjectToChemAccidentPrevention'),
    ]).toEqual(['true', 'false']);
  });

  it("names the facility's active contacts in its order, each with types and phones", () => {
    const links = elements
      .filter((e) => e.path === `${FACILITY}/contactIds/contactId`)
      .map((e) => [e.attributes.linkId, e.text]);
    expect(links).toEqual([
      [`CTCK${ids.facility}-${ids.desk}`, `CTCT${ids.desk}`],
      ['CKTR2019LINK00000001', 'CTTR2019OWNER0000001'],
    ]);
    const written = subtrees(elements, CONTACT).map((tree) => ({
      recordid: tree[0]!.attributes.recordid,
      name: [textAt(tree, 'firstName'), textAt(tree, 'lastName'), textAt(tree, 'title')],
      mailing: textAt(tree, 'mailingAddress/street'),
      types: tree.filter((e) => e.path.endsWith('/contactType')).map((e) => e.text),
      phones: subtrees(tree, `${CONTACT}/phones/phone`).map((phone) => [
        phone[0]!.attributes.recordid,
        textAt(phone, 'phoneNumber'),
        textAt(phone, 'phoneType'),
      ]),
    }));
    expect(written).toEqual([
      {
        recordid: `CTCT${ids.desk}`,
        name: ['', 'Night Shift Desk', ''],
        mailing: undefined,
        types: ['Emergency Contact', 'Fac. Emergency Coordinator'],
        phones: [
          [expect.stringMatching(/^CTPH\d+$/), '713-555-0199', '24-hour'],
          [expect.stringMatching(/^CTPH\d+$/), '713-555-0198', 'Emergency'],
        ],
      },
      {
        recordid: 'CTTR2019OWNER0000001',
        name: ['Dana', 'Reyes', 'Plant Manager'],
        mailing: '1 Plant Rd',
        types: ['Owner / Operator', 'Tier II Information Contact'],
        phones: [[`CTPH${ids.ownerPhone}`, '713-555-0100', 'Work']],
      },
    ]);
  });

  it('records the export in the audit log like a generated report', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'report'))
      .orderBy(auditLog.id);
    expect(row).toMatchObject({
      action: 'generate',
      userId: ctx.users.staff.id,
      details: expect.objectContaining({
        type: 'tier2_t2s',
        format: 't2s',
        year: YEAR,
        chemicals: 4,
        contacts: 2,
      }),
    });
  });
});

describe('GET /tier2/export refusals', () => {
  const auditRows = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('a technician gets 403', async () => {
    const before = await auditRows();
    const res = await exportFile('technician');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to perform this action.' });
    expect(await auditRows()).toBe(before);
  });

  it('missing or invalid parameters get 422 with the field messages', async () => {
    const before = await auditRows();
    const res = await ctx.call('admin', { method: 'GET', url: '/tier2/export' });
    expect(res.statusCode).toBe(422);
    // Without a facility the file is the customer's (issue 36): the customer and the year are needed.
    expect(res.json().errors).toEqual({
      customer_id: ['Customer is required'],
      year: ['Year is required'],
    });
    const bad = await exportFile('admin', { year: 'last', tier2_option: 'all' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      year: ['Year is required'],
      tier2_option: ["Tier II option must be 'mixture' or 'component'"],
    });
    expect(await auditRows()).toBe(before);
  });

  it('a year before 2017 gets 422: the file holds the categories used from 2017', async () => {
    const res = await exportFile('admin', { year: 2016 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Tier II files hold the hazard categories used from 2017; choose 2017 or later.',
      errors: { year: ['Tier II files hold the hazard categories used from 2017; choose 2017 or later.'] },
    });
  });

  it.each([
    ['an unknown facility', () => ({ facility_id: 999999 }), 'Facility not found.'],
    ["another customer's facility", () => ({ facility_id: ids.otherFacility }), 'Facility not found.'],
    ['an unknown customer', () => ({ customer_id: 999999 }), 'Customer not found.'],
    ['a year with no inventory', () => ({ year: 2023 }), 'No inventory for this facility and year'],
  ])('%s gets 404', async (_, query, message) => {
    const before = await auditRows();
    const res = await exportFile('admin', query());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message });
    expect(await auditRows()).toBe(before);
  });
});
