import { describe, expect, it } from 'vitest';
import { tier2RangeCode } from '../compliance/range-codes.ts';
import type { Tier2Row } from '../compliance/tier2-types.ts';
import {
  type Tier2ExportContact,
  type Tier2ExportFacility,
  type Tier2ExportInput,
  type Tier2ExportLine,
  Tier2ExportQuerySchema,
  tier2CustomerExportFileName,
  tier2ExportFileName,
} from './export-contract.ts';
import {
  buildTier2Dataset,
  buildTier2Submission,
  certifierText,
  splitCertifierText,
} from './export-mapping.ts';

/** The mapping rules of the Tier II export (decision 017, Export) on hand-made engine rows. */

const FACILITY: Tier2ExportFacility = {
  id: 7,
  name: 'Plant',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '',
  county: 'Travis',
  fireDistrict: '',
  naicsCode: '325180',
  dunsNumber: '123456789',
  rmpFacilityId: '',
  triFacilityId: '78701PLNTX1MAIN',
  latitude: null,
  longitude: null,
  isManned: null,
  maxOccupants: null,
  tier2RecordId: null,
  extras: {},
  lastModified: '2025-01-02',
};

function line(id: number, overrides: Partial<Tier2ExportLine> = {}): Tier2ExportLine {
  return {
    id,
    locationStored: 'SHED',
    storageType: 'Steel drum',
    storagePressure: 'Ambient pressure',
    storageTemperature: 'Ambient temperature',
    containerQuantity: 2,
    tier2ChemicalRecordId: null,
    tier2LocationRecordId: null,
    lastModified: '2025-03-04',
    ...overrides,
  };
}

function row(overrides: Partial<Tier2Row>, lineIds: number[], pounds: number): Tier2Row {
  return {
    kind: 'product',
    gallons: null,
    name: 'Thing',
    cas_number: null,
    product_id: 11,
    is_ehs: false,
    is_mixture: false,
    components: [],
    physical_states: ['liquid'],
    hazard_categories: [],
    hazard_basis: 'ghs',
    max_amount_lb: pounds,
    max_amount_code: tier2RangeCode(pounds),
    average_amount_lb: pounds,
    average_amount_code: tier2RangeCode(pounds),
    average_is_estimate: true,
    days_on_site: 365,
    days_on_site_is_estimate: true,
    locations: [
      {
        location: 'SHED',
        storage_type: 'Steel drum',
        storage_pressure: 'Ambient pressure',
        storage_temperature: 'Ambient temperature',
        amount_lb: pounds,
      },
    ],
    threshold_lb: 10_000,
    reportable: true,
    cannot_be_determined: null,
    missing_inputs: [],
    unknown_locations: [],
    near_threshold: false,
    test: {} as Tier2Row['test'],
    explanation: {
      rule_text: '',
      notes: [],
      excluded: [],
      contributions: lineIds.map((id) => ({
        inventory_product_id: id,
        product_id: 11,
        product_name: 'Thing',
        location_stored: 'SHED',
        physical_state: 'liquid',
        container: '',
        line_pounds: pounds / lineIds.length,
        line_gallons: null,
        pounds_basis: '',
        percent_weight: 100,
        percent_range: null,
        pounds_contributed: pounds / lineIds.length,
        is_carcinogen: false,
      })),
    },
    ...overrides,
  };
}

const NO_CERTIFICATION = { name: '', title: '', dateSigned: null };

function build(overrides: Partial<Tier2ExportInput>) {
  return buildTier2Dataset({
    year: 2025,
    facility: FACILITY,
    contacts: [],
    rows: [],
    lines: [],
    certification: NO_CERTIFICATION,
    ...overrides,
  });
}

function contact(id: number, lastName: string): Tier2ExportContact {
  return {
    id,
    tier2RecordId: null,
    tier2LinkId: null,
    firstName: '',
    lastName,
    title: '',
    email: '',
    mailing: { street: '', city: '', state: '', zip: '', country: '' },
    contactTypes: ['Emergency Contact'],
    phones: [{ id: id * 10, tier2RecordId: null, phoneNumber: '713-555-0100', phoneType: '24-hour' }],
    lastModified: '2025-01-02',
  };
}

describe('buildTier2Dataset', () => {
  it('overlays the id columns on the ids a file gave: the column wins, an emptied column drops its id', () => {
    const [facility] = build({
      facility: {
        ...FACILITY,
        extras: {
          facilityIds: [
            { recordId: 'FD-STATE', type: 'State', id: 'TX-1', description: 'TCEQ' },
            { recordId: 'FD-NAICS', type: 'NAICS', id: '325180', description: 'Inorganic chemicals' },
            { recordId: 'FD-DUNS', type: 'D-U-N-S', id: '000000001', description: 'old' },
            { recordId: 'FD-RMP', type: 'RMP', id: '100000000001', description: null },
          ],
        },
      },
    }).facilities;
    expect(facility!.facilityIds).toEqual([
      { recordId: 'FD-STATE', type: 'State', id: 'TX-1', description: 'TCEQ' },
      { recordId: 'FD-NAICS', type: 'NAICS', id: '325180', description: 'Inorganic chemicals' },
      { recordId: 'FD-DUNS', type: 'D-U-N-S', id: '123456789', description: null },
      { recordId: 'CTFD7TRI', type: 'TRI', id: '78701PLNTX1MAIN', description: null },
    ]);
  });

  it('gives the street address as the mailing address, no certifier and false flags when no file gave them', () => {
    const [facility] = build({}).facilities;
    expect(facility).toMatchObject({
      recordId: 'CTFA7',
      streetAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', country: null },
      mailingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', country: 'USA' },
      nameAndTitleOfCertifier: '',
      dateSigned: null,
      sitePlanAttached: false,
      subjectToChemAccidentPrevention: null,
      stateFields: [],
      phones: [],
      lastModified: '2025-01-02',
    });
  });

  it("writes the facility-year's certifier as the standard's one name-and-title field, and the day signed", () => {
    const [facility] = build({
      certification: { name: 'Dana Reyes', title: 'Plant Manager', dateSigned: '2026-02-20' },
      // A certifier an older import left among the facility's extras is not the year's: not written.
      facility: { ...FACILITY, extras: { department: 'Ops' } },
    }).facilities;
    expect([facility!.nameAndTitleOfCertifier, facility!.dateSigned]).toEqual([
      'Dana Reyes, Plant Manager',
      '2026-02-20',
    ]);
    const [nameOnly] = build({
      certification: { name: 'Dana Reyes', title: '', dateSigned: null },
    }).facilities;
    expect([nameOnly!.nameAndTitleOfCertifier, nameOnly!.dateSigned]).toEqual(['Dana Reyes', null]);
  });

  it('writes a liquified gas as liquid and gas, a compressed gas as gas', () => {
    const rows = [
      row({ name: 'A', physical_states: ['liquified gas'] }, [1], 20_000),
      row({ name: 'B', product_id: 12, physical_states: ['compressed gas', 'solid'] }, [2], 20_000),
    ];
    const chemicals = build({ rows, lines: [line(1), line(2)] }).facilities[0]!.chemicals;
    expect(chemicals.map(({ solid, liquid, gas }) => ({ solid, liquid, gas }))).toEqual([
      { solid: false, liquid: true, gas: true },
      { solid: true, liquid: false, gas: true },
    ]);
  });

  it('lets a product row keep its lines’ imported record ids; an EHS from the same line gets its own', () => {
    const lines = [line(1, { tier2ChemicalRecordId: 'CV-1', tier2LocationRecordId: 'CL-1' })];
    const rows = [
      // The EHS sorts first by name, yet the product owns the imported ids.
      row({ kind: 'ehs', name: 'Acid', cas_number: '7664-93-9', product_id: null, is_ehs: true }, [1], 600),
      row({ name: 'Battery fluid', is_mixture: true }, [1], 12_000),
    ];
    const [acid, fluid] = build({ rows, lines }).facilities[0]!.chemicals;
    expect([fluid!.recordId, fluid!.storageLocations[0]!.recordId]).toEqual(['CV-1', 'CL-1']);
    expect([acid!.recordId, acid!.storageLocations[0]!.recordId]).toEqual(['CTCV7C7664939', 'CTCL1C7664939']);
  });

  it('gives a component the range code of its share of the maximum, none without a percent', () => {
    const rows = [
      row(
        {
          is_mixture: true,
          components: [
            { name: 'Acid', cas_number: '7664-93-9', percent_weight: 35, is_ehs: true },
            { name: 'Filler', cas_number: '', percent_weight: null, is_ehs: false },
          ],
        },
        [1],
        11_550,
      ),
    ];
    const [chemical] = build({ rows, lines: [line(1)] }).facilities[0]!.chemicals;
    expect(
      chemical!.mixtureComponents.map((c) => [c.recordId, c.maxAmountCode, c.componentPercentage]),
    ).toEqual([
      ['CTCM7P11-1', '04', 35],
      ['CTCM7P11-2', '', null],
    ]);
    // 11,550 lb over 2 containers.
    expect(chemical!.maxAmtLargestContainer).toBe(5775);
  });
});

describe('buildTier2Submission: several facility-years in one file', () => {
  const second: Tier2ExportFacility = { ...FACILITY, id: 8, name: 'Second Plant' };
  const shared = contact(31, 'Shared Desk');

  it("holds each facility in order, each contact once, and every facility's links", () => {
    const dataset = buildTier2Submission({
      year: 2025,
      facilities: [
        {
          facility: FACILITY,
          contacts: [shared, contact(32, 'First Only')],
          rows: [row({ name: 'A' }, [1], 20_000)],
          lines: [line(1)],
          certification: { name: 'Dana Reyes', title: 'Plant Manager', dateSigned: '2026-02-20' },
        },
        {
          facility: second,
          contacts: [shared],
          rows: [row({ name: 'B', product_id: 12 }, [2], 15_000)],
          lines: [line(2)],
          certification: NO_CERTIFICATION,
        },
      ],
    });
    expect(dataset.reportYear).toBe(2025);
    expect(
      dataset.facilities.map((f) => [
        f.recordId,
        f.facilityName,
        f.nameAndTitleOfCertifier,
        f.chemicals.map((c) => [c.recordId, c.chemName, c.maxAmount]),
        f.contactIds.map((link) => [link.linkId, link.contactId]),
      ]),
    ).toEqual([
      [
        'CTFA7',
        'Plant',
        'Dana Reyes, Plant Manager',
        [['CTCV7P11', 'A', 20_000]],
        [
          ['CTCK7-31', 'CTCT31'],
          ['CTCK7-32', 'CTCT32'],
        ],
      ],
      ['CTFA8', 'Second Plant', '', [['CTCV8P12', 'B', 15_000]], [['CTCK8-31', 'CTCT31']]],
    ]);
    // The shared desk once, in the order the facilities first name the contacts.
    expect(dataset.contacts.map((c) => [c.recordId, c.lastName, c.phones.map((p) => p.recordId)])).toEqual([
      ['CTCT31', 'Shared Desk', ['CTPH310']],
      ['CTCT32', 'First Only', ['CTPH320']],
    ]);
  });

  it('keeps record ids unique across the file: the same imported id on two facilities gets -2', () => {
    const imported = { ...FACILITY, tier2RecordId: 'FATR2025SAME' };
    const dataset = buildTier2Submission({
      year: 2025,
      facilities: [
        { facility: imported, contacts: [], rows: [], lines: [], certification: NO_CERTIFICATION },
        {
          facility: { ...imported, id: 8 },
          contacts: [],
          rows: [],
          lines: [],
          certification: NO_CERTIFICATION,
        },
      ],
    });
    expect(dataset.facilities.map((f) => f.recordId)).toEqual(['FATR2025SAME', 'FATR2025SAME-2']);
  });
});

describe('the certifier text', () => {
  it('joins name and title as the sample writes them, and splits them back at the first comma', () => {
    expect(certifierText({ name: 'Debra Monaco', title: 'President' })).toBe('Debra Monaco, President');
    expect(certifierText({ name: 'Debra Monaco', title: '' })).toBe('Debra Monaco');
    expect(splitCertifierText('Debra Monaco, President')).toEqual({
      name: 'Debra Monaco',
      title: 'President',
    });
    // A title may hold a comma; what certifierText wrote reads back the same.
    expect(splitCertifierText('Dana Reyes, VP, Operations')).toEqual({
      name: 'Dana Reyes',
      title: 'VP, Operations',
    });
    expect(splitCertifierText('  Dana Reyes ')).toEqual({ name: 'Dana Reyes', title: '' });
    expect(splitCertifierText('')).toEqual({ name: '', title: '' });
  });
});

describe('the export call', () => {
  it('names the file by type, customer and year, ending .t2s', () => {
    expect(tier2ExportFileName('A.B. Smith & Sons', 'Plant 2', 2025)).toBe(
      'EPCRA_311_312_Tier_II_A_B__Smith_&_Sons_Plant_2_2025.t2s',
    );
    // Every facility of the customer: the customer stands where the facility would.
    expect(tier2CustomerExportFileName('A.B. Smith & Sons', 2025)).toBe(
      'EPCRA_311_312_Tier_II_A_B__Smith_&_Sons_2025.t2s',
    );
  });

  it('reads a query without a facility as the customer-wide export', () => {
    expect(Tier2ExportQuerySchema.parse({ customer_id: '3', year: '2025' })).toEqual({
      customer_id: 3,
      year: 2025,
      percent_basis: 'upper',
      tier2_option: 'mixture',
    });
  });

  it('reads the query with the report settings’ defaults', () => {
    expect(Tier2ExportQuerySchema.parse({ customer_id: '3', facility_id: '4', year: '2025' })).toEqual({
      customer_id: 3,
      facility_id: 4,
      year: 2025,
      percent_basis: 'upper',
      tier2_option: 'mixture',
    });
  });
});
