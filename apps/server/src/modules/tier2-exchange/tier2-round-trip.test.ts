import fs from 'node:fs';
import path from 'node:path';
import type { Tier2Chemical, Tier2Contact, Tier2Dataset, Tier2Facility } from '@chemtrack/domain';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/uploads.ts';
import { readTier2File } from './tier2-reader.ts';

/**
 * Issue 25, the round trip: the shared sample imported through `POST /tier2/import`, that
 * facility-year exported through `GET /tier2/export`, both files read with the import's reader
 * (`readTier2File`) and their FACTS compared; then the export imported into a new customer and
 * exported again. Where the app computes a value on purpose its rule is asserted, with why.
 *
 * Range codes by hand (40 CFR 370.43): 01 0-99, 02 100-499, 03 500-999, 04 1,000-4,999,
 * 05 5,000-9,999, 06 10,000-24,999, 07 25,000-49,999 lb.
 * - Chlorine: max 20,000 → 06, average 15,000 → 06.
 * - Fluorosilic Acid: max 45,000 → 07, average 20,000 → 06.
 * - Its components, the app's rule (decision 017: code of max × percent): Hydrofluorosilic Acid
 *   1% × 45,000 = 450 → 02 (the sample's 02 too); Silicate Hexafluorodihydrogen 24% = 10,800 → 06
 *   (the sample says 04); Water 75% = 33,750 → 07 (the sample leaves it empty).
 */
const SAMPLE = fs.readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/tier2/epcra_tier2_data.xml'),
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function read(bytes: Uint8Array): Tier2Dataset {
  const result = readTier2File(bytes);
  if (!result.ok) throw new Error(`${result.message} ${result.element}`);
  return result.dataset;
}

async function importThenExport(content: Uint8Array) {
  const { payload, contentType } = multipartBody([
    { filename: 'tier2.t2s', contentType: 'application/octet-stream', content: Buffer.from(content) },
  ]);
  const imported = await ctx.call('staff', {
    method: 'POST',
    url: '/tier2/import',
    headers: { 'content-type': contentType },
    payload,
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const written = imported.json().resource.written as { customer_id: number; facility_ids: number[] };
  expect(written.facility_ids).toHaveLength(1);
  const exported = await ctx.call('staff', {
    method: 'GET',
    url: `/tier2/export?customer_id=${written.customer_id}&facility_id=${written.facility_ids[0]}&year=2025`,
  });
  expect(exported.statusCode, exported.body).toBe(200);
  return {
    written,
    bytes: new Uint8Array(exported.rawPayload),
    dataset: read(new Uint8Array(exported.rawPayload)),
  };
}

/** The facility's facts: everything the file says of it but its contacts and chemicals. */
function facilityFacts(facility: Tier2Facility) {
  const { chemicals: _chemicals, contactIds: _contactIds, ...facts } = facility;
  return facts;
}

/** A contact's facts; the dataset's `<contacts>` order is not one (the export writes the facility's link order). */
function contactFacts(contact: Tier2Contact) {
  const { lastModified: _lastModified, ...facts } = contact;
  return facts;
}
const byRecordId = (a: { recordId: string | null }, b: { recordId: string | null }) =>
  (a.recordId ?? '').localeCompare(b.recordId ?? '');

/**
 * A chemical's facts, less what the app computes on purpose (asserted on its own below):
 * `ehs` (from the EHS list, decision 017), `lastModified` (the lines' last change),
 * `maxAmtLargestContainer` (from the lines' containers) and the components' range codes.
 */
function chemicalFacts(chemical: Tier2Chemical) {
  const {
    ehs: _ehs,
    lastModified: _lastModified,
    maxAmtLargestContainer: _largest,
    mixtureComponents,
    ...facts
  } = chemical;
  return {
    ...facts,
    // Water's empty CAS is completed to 7732-18-5 by the import (the app's rule, asserted below).
    mixtureComponents: mixtureComponents.map(({ maxAmountCode: _c, ...component }) => ({
      ...component,
      casNumber:
        component.casNumber === '' && component.componentName === 'Water' ? '7732-18-5' : component.casNumber,
    })),
  };
}

describe('Tier II round trip: the shared sample imported, then exported', () => {
  let sample: Tier2Dataset;
  let first: Awaited<ReturnType<typeof importThenExport>>;
  let second: Awaited<ReturnType<typeof importThenExport>>;
  beforeAll(async () => {
    sample = read(new Uint8Array(SAMPLE));
    first = await importThenExport(new Uint8Array(SAMPLE));
    second = await importThenExport(first.bytes);
  });

  it('the dataset: the version, the year, one facility and four contacts', () => {
    expect([first.dataset.version, first.dataset.reportYear]).toEqual(['1.0.0', 2025]);
    expect(first.dataset.facilities).toHaveLength(1);
    expect(first.dataset.contacts).toHaveLength(4);
  });

  it('the facility: name, addresses, county, fire district, lat/long, ids, manned, occupants, state fields, certifier, phone', () => {
    const exported = first.dataset.facilities[0]!;
    const original = sample.facilities[0]!;
    expect(facilityFacts(exported)).toEqual(facilityFacts(original));
    // Spelled out, so a reader sees what the comparison above holds.
    expect(exported).toMatchObject({
      recordId: 'FATR20256YVD7R002I2E',
      facilityName: 'Green Valley Water Facility',
      streetAddress: {
        street: '123 First Avenue',
        city: 'Colchester',
        state: 'VT',
        zipcode: '05408',
        country: null,
      },
      mailingAddress: {
        street: '7600 Henderson Way',
        city: 'Burlington',
        state: 'VT',
        zipcode: '05406',
        country: 'USA',
      },
      county: 'Chittenden',
      fireDistrict: 'Fire Station 2',
      latitude: 44.554437,
      longitude: -73.167142,
      department: 'Chlorination Division',
      notes: 'Site plans attached for overall plan (GRENVAL1.JPG) and chlorination building (GRENVAL2.JPG)',
      nameAndTitleOfCertifier: 'Debra Monaco, President',
      dateSigned: '2020-01-13',
      feesTotal: 30,
      manned: true,
      maxNumOccupants: 18,
      phones: [{ recordId: 'PHTR2019BLBX9800GBEF', phoneNumber: '802-111-1111', phoneType: '24-hour' }],
      stateFields: [{ required: true, label: 'LEPC', t2sFieldname: 'State06Text', data: 'LEPC 4' }],
      lastModified: '2020-02-10',
    });
    expect(exported.facilityIds).toEqual([
      {
        recordId: 'FDTR20196YVD7R003I2W',
        type: 'NAICS',
        id: '221310',
        description: 'Water Supply and Irrigation Systems',
      },
      { recordId: 'FDTR20196YVD7R004I3C', type: 'D-U-N-S', id: '123456789', description: null },
      { recordId: 'FDTR2019BLJUB6007J60', type: 'RMP', id: '100999999999', description: null },
    ]);
    // State fields byte-exact in the XML itself, not only as read.
    const xml = Buffer.from(SAMPLE).toString('utf8');
    const block = (text: string) => text.slice(text.indexOf('<stateFields>'), text.indexOf('</stateFields>'));
    expect(block(xml).replace(/\s+</g, '<')).toBe(block(exportedXml(first.bytes)).replace(/\s+</g, '<'));
  });

  it('the contacts: the same 4 record ids, names, titles, emails, types, phones, and the facility links', () => {
    expect([...first.dataset.contacts].sort(byRecordId).map(contactFacts)).toEqual(
      [...sample.contacts].sort(byRecordId).map(contactFacts),
    );
    expect(
      first.dataset.contacts.map((c) => [c.recordId, c.lastName, c.phones.map((p) => p.recordId)]),
    ).toEqual([
      ['CTTR2019999P0U00QUKZ', 'Martinez', ['PHTR2019999P2L00TC4P']],
      ['CTTR201930YLWV006ALB', 'Monaco', ['PHTR2019A2210X006VWD']],
      ['CTTR2019999P6F00XPQ6', 'Ward', ['PHTR2019999P880108MP', 'PHTR2019BL3AD1007ICV']],
      [
        'CTTR2019MMS9RQ001D5N',
        'Interstate Transportation Company',
        ['PHTR2019MMS9S0003D5Q', 'PHTR2019MMS9S4004D5R'],
      ],
    ]);
    expect(first.dataset.facilities[0]!.contactIds).toEqual(sample.facilities[0]!.contactIds);
    expect(first.dataset.facilities[0]!.contactIds).toEqual([
      { linkId: 'CKTR2019BLBXP100K99N', contactId: 'CTTR2019999P0U00QUKZ' },
      { linkId: 'CKTR2019BLBXPV00MZR2', contactId: 'CTTR201930YLWV006ALB' },
      { linkId: 'CKTR2019BLBXQA00PCRC', contactId: 'CTTR2019999P6F00XPQ6' },
      { linkId: 'CKTR2019MMS9RQ002D5P', contactId: 'CTTR2019MMS9RQ001D5N' },
    ]);
    // A contact's lastModified is the app's change date of the contact (the import's), an ISO date.
    for (const contact of first.dataset.contacts) expect(contact.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the chemicals: record ids, names, CAS, flags, 23 hazards, amounts and codes, days, locations, components', () => {
    const exported = first.dataset.facilities[0]!.chemicals;
    const original = sample.facilities[0]!.chemicals;
    expect(exported.map(chemicalFacts)).toEqual(original.map(chemicalFacts));
    expect(
      exported.map((c) => [
        c.recordId,
        c.chemName,
        c.maxAmount,
        c.maxAmountCode,
        c.aveAmount,
        c.aveAmountCode,
        c.daysOnSite,
        c.hazards.length,
        c.hazards.filter((h) => h.value).map((h) => h.category),
        c.storageLocations.map((l) => [
          l.recordId,
          l.locationDescription,
          l.storageType,
          l.pressure,
          l.temperature,
          l.amount,
          l.amountUnit,
        ]),
      ]),
    ).toEqual([
      [
        'CVTR20196YVEPP00URE5',
        'Chlorine',
        20000,
        '06',
        15000,
        '06',
        365,
        23,
        ['Oxidizer (liquid, solid or gas)', 'Serious eye damage or eye irritation'],
        [
          [
            'CLTR20196YVES900VZQC',
            'Chlorination building',
            'Tank inside building',
            'Greater than ambient pressure',
            'Ambient temperature',
            20000,
            'pounds',
          ],
        ],
      ],
      [
        'CVTR20196YVEUF00WV97',
        'Fluorosilic Acid',
        45000,
        '07',
        20000,
        '06',
        365,
        23,
        ['Hazard Not Otherwise Classified'],
        [
          [
            'CLTR20196YVEVC00XNHP',
            'Secondary clarifier',
            'Above ground tank',
            'Ambient pressure',
            'Ambient temperature',
            45000,
            'pounds',
          ],
        ],
      ],
    ]);
    expect(
      exported.map((c) => [c.chemName, c.casNumber, c.pure, c.mixture, c.solid, c.liquid, c.gas]),
    ).toEqual([
      ['Chlorine', '7782-50-5', true, false, false, true, true],
      // The mixture's own CAS: no product column holds it (a mixture is its components), so the
      // imported line keeps the file's (`tier2_cas_number`).
      ['Fluorosilic Acid', '16961-83-4', false, true, false, true, false],
    ]);
  });

  it("what the app computes on purpose: EHS, largest container, component codes and Water's CAS", () => {
    const [chlorine, acid] = first.dataset.facilities[0]!.chemicals;
    // EHS status comes from the uploaded EHS list, never from the file (decision 017); this
    // database has no list, so Chlorine (EHS in the sample) is written false.
    expect([chlorine!.ehs, acid!.ehs]).toEqual([false, false]);
    // An imported line is one container holding the location's amount (a Tier II file names no
    // containers), so the largest container is the largest location amount: 20,000 where the
    // sample said 2,000; 45,000 as the sample.
    expect([chlorine!.maxAmtLargestContainer, acid!.maxAmtLargestContainer]).toEqual([20000, 45000]);
    // The chemical's lastModified is its lines' last change (the import's date).
    expect(chlorine!.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      acid!.mixtureComponents.map((m) => [
        m.componentName,
        m.casNumber,
        m.ehs,
        m.maxAmountCode,
        m.componentPercentage,
        m.weightOrVolume,
      ]),
    ).toEqual([
      ['Hydrofluorosilic Acid', '7664-39-3', false, '02', 1, 'weight'],
      ['Silicate Hexafluorodihydrogen', '16961-83-4', false, '06', 24, 'weight'],
      // Water's empty CAS is not a fact the file states but a blank: the import gives water its
      // CAS 7732-18-5 (the engine knows water by it and never reports it), so the export says so.
      ['Water', '7732-18-5', false, '07', 75, 'weight'],
    ]);
    // The components' record ids are kept on the imported line (`tier2_component_record_ids`) and
    // found again by CAS, Water (no CAS in the file) by its name.
    expect(acid!.mixtureComponents.map((m) => m.recordId)).toEqual([
      'CMTR20196YVEXT00YSBS',
      'CMTR20196YVEYT00ZMFN',
      'CMTR20196YVEZF0106FT',
    ]);
  });

  it('export → import into a new customer → export gives the first export again, bar the change dates', () => {
    expect(second.written.customer_id).not.toBe(first.written.customer_id);
    expect(second.written.facility_ids[0]).not.toBe(first.written.facility_ids[0]);
    // Every record id is the file's, so none is generated (CTFA…, CTCM…: decision 017) from the new rows' database ids; only the
    // chemicals' and contacts' lastModified (the app's change dates) may differ.
    const withoutChangeDates = (dataset: Tier2Dataset) => ({
      ...dataset,
      contacts: dataset.contacts.map(contactFacts),
      facilities: dataset.facilities.map((facility) => ({
        ...facility,
        chemicals: facility.chemicals.map(({ lastModified: _l, ...chemical }) => chemical),
      })),
    });
    expect(withoutChangeDates(second.dataset)).toEqual(withoutChangeDates(first.dataset));
    expect(JSON.stringify(second.dataset)).not.toMatch(/"CT(FA|CT|PH|CK|FD|CV|CL|CM)\d/);
  });

  it("next year's inventory copied from the imported year exports the same chemical, location and component record ids", async () => {
    // The state's system knows a chemical, its storage location and a mixture's components by
    // their record ids year after year (Tier2 Submit keeps them when a year is copied); a copied
    // line that dropped them would be filed as a new chemical next to last year's.
    const written = first.written as { customer_id: number; facility_ids: number[]; inventory_ids: number[] };
    const copy = await ctx.call('admin', {
      method: 'POST',
      url: '/inventories/create',
      payload: {
        customer_id: written.customer_id,
        facility_id: written.facility_ids[0],
        year: 2026,
        inventory_ids: written.inventory_ids,
      },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const exported = await ctx.call('staff', {
      method: 'GET',
      url: `/tier2/export?customer_id=${written.customer_id}&facility_id=${written.facility_ids[0]}&year=2026`,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const ids = (dataset: Tier2Dataset) =>
      dataset.facilities[0]!.chemicals.map((c) => [
        c.recordId,
        c.casNumber,
        c.storageLocations.map((l) => l.recordId),
        c.mixtureComponents.map((m) => [m.recordId, m.casNumber]),
      ]);
    const nextYear = read(new Uint8Array(exported.rawPayload));
    expect(nextYear.reportYear).toBe(2026);
    expect(ids(nextYear)).toEqual(ids(first.dataset));
    expect(ids(nextYear)[0]![0]).toBe('CVTR20196YVEPP00URE5');
  });
});

function exportedXml(bytes: Uint8Array): string {
  return strFromU8(unzipSync(bytes)['epcra_tier2_data.xml']!);
}
