import { tier2RangeCode } from '../compliance/range-codes.ts';
import type { Tier2Row } from '../compliance/tier2-types.ts';
import { TIER2_HAZARD_CATEGORIES } from '../products/hazard-categories.ts';
import type { PhysicalState } from '../shared/enums.ts';
import { roundTo } from '../shared/numbers.ts';
import {
  TIER2_STANDARD_VERSION,
  type Tier2Address,
  type Tier2Chemical,
  type Tier2Contact,
  type Tier2Dataset,
  type Tier2Facility,
  type Tier2FacilityId,
  type Tier2MixtureComponent,
  type Tier2Phone,
  type Tier2StorageLocation,
} from './dataset.ts';
import type {
  Tier2ExportCertification,
  Tier2ExportContact,
  Tier2ExportDatasetInput,
  Tier2ExportFacility,
  Tier2ExportFacilityYear,
  Tier2ExportInput,
  Tier2ExportLine,
} from './export-contract.ts';

/**
 * The Tier II export's mapping (issue 25, decision 017): what the server loads for a facility-year,
 * turned into the standard's dataset. Pure, so the rules (which column wins, which record id, which
 * physical state) are tested without a database; the request, the file's naming and
 * this mapping's input are in `export-contract.ts`.
 */

/** The id types the facility holds as columns, in the standard's labels and the order written. */
const COLUMN_ID_TYPES = [
  ['NAICS', 'naicsCode'],
  ['D-U-N-S', 'dunsNumber'],
  ['RMP', 'rmpFacilityId'],
  ['TRI', 'triFacilityId'],
] as const satisfies readonly (readonly [string, keyof Tier2ExportFacility])[];

/** Pounds as the reports print them: two decimals (the engine keeps four). */
function pounds(value: number): number {
  return roundTo(value, 2);
}

/**
 * The standard's physical-state flags: a liquified gas is held as a liquid under pressure and is a
 * gas when released (the sample's chlorine is both); a compressed gas is a gas.
 */
function physicalFlags(states: readonly PhysicalState[]) {
  const set = new Set(states);
  return {
    solid: set.has('solid'),
    liquid: set.has('liquid') || set.has('liquified gas'),
    gas: set.has('compressed gas') || set.has('liquified gas'),
  };
}

/** Record ids are unique in a file: a second use of one gets `-2`, `-3`, … */
function recordIdPool() {
  const used = new Set<string>();
  return {
    isFree: (id: string) => !used.has(id),
    take(id: string): string {
      let candidate = id;
      for (let n = 2; used.has(candidate); n++) candidate = `${id}-${n}`;
      used.add(candidate);
      return candidate;
    },
  };
}

const casDigits = (cas: string | null) => (cas ?? '').replace(/\D/g, '');

function rowKey(row: Tier2Row): string {
  if (row.kind === 'product') return `P${row.product_id}`;
  if (row.kind === 'fuel') return `F${row.name.split(' ')[0]?.toUpperCase() ?? ''}`;
  return `C${casDigits(row.cas_number)}`;
}

function lineKey(
  line: Pick<Tier2ExportLine, 'locationStored' | 'storageType' | 'storagePressure' | 'storageTemperature'>,
) {
  return JSON.stringify([
    line.locationStored,
    line.storageType,
    line.storagePressure,
    line.storageTemperature,
  ]);
}

function locationKey(location: Tier2Row['locations'][number]) {
  return JSON.stringify([
    location.location,
    location.storage_type,
    location.storage_pressure,
    location.storage_temperature,
  ]);
}

function facilityIdsOf(
  facility: Tier2ExportFacility,
  ids: ReturnType<typeof recordIdPool>,
): Tier2FacilityId[] {
  const kept = facility.extras.facilityIds ?? [];
  const columnTypes = new Set<string>(COLUMN_ID_TYPES.map(([type]) => type));
  const result: Tier2FacilityId[] = [];
  // What the file said, in its order: a column-held type takes the column's value (the column wins;
  // an emptied column drops it), its record id kept and its description only while the id is unchanged.
  for (const entry of kept) {
    if (!columnTypes.has(entry.type)) {
      result.push({ ...entry, recordId: entry.recordId === null ? null : ids.take(entry.recordId) });
      continue;
    }
    const field = COLUMN_ID_TYPES.find(([type]) => type === entry.type)![1];
    const value = String(facility[field] ?? '');
    if (value === '' || result.some((found) => found.type === entry.type)) continue;
    result.push({
      recordId: ids.take(entry.recordId ?? `CTFD${facility.id}${entry.type.replace(/\W/g, '')}`),
      type: entry.type,
      id: value,
      description: value === entry.id ? entry.description : null,
    });
  }
  for (const [type, field] of COLUMN_ID_TYPES) {
    const value = String(facility[field] ?? '');
    if (value === '' || result.some((found) => found.type === type)) continue;
    result.push({
      recordId: ids.take(`CTFD${facility.id}${type.replace(/\W/g, '')}`),
      type,
      id: value,
      description: null,
    });
  }
  return result;
}

function facilityPhones(facility: Tier2ExportFacility, ids: ReturnType<typeof recordIdPool>): Tier2Phone[] {
  if (facility.extras.phones !== undefined) {
    return facility.extras.phones.map((phone) => ({
      ...phone,
      recordId: phone.recordId === null ? null : ids.take(phone.recordId),
    }));
  }
  // The address's phone is the facility's when no file gave its phones.
  return facility.phone === ''
    ? []
    : [{ recordId: ids.take(`CTPH${facility.id}F`), phoneNumber: facility.phone, phoneType: 'Work' }];
}

function contactOf(
  contact: Tier2ExportContact,
  ids: ReturnType<typeof recordIdPool>,
  recordId: string,
): Tier2Contact {
  const { mailing } = contact;
  const hasMailing = [mailing.street, mailing.city, mailing.state, mailing.zip, mailing.country].some(
    (value) => value !== '',
  );
  return {
    recordId,
    firstName: contact.firstName,
    lastName: contact.lastName,
    title: contact.title,
    email: contact.email,
    mailingAddress: hasMailing
      ? {
          street: mailing.street,
          city: mailing.city,
          state: mailing.state,
          zipcode: mailing.zip,
          country: mailing.country,
        }
      : null,
    contactTypes: [...contact.contactTypes],
    phones: contact.phones.map((phone) => ({
      recordId: ids.take(phone.tier2RecordId ?? `CTPH${phone.id}`),
      phoneNumber: phone.phoneNumber,
      phoneType: phone.phoneType,
    })),
    lastModified: contact.lastModified,
  };
}

/**
 * One reported Tier II row as a `<chemical>`: its figures exactly as the report has them (pounds
 * at two decimals, the engine's range codes), all 23 hazards, storage locations with the
 * standard's labels and pounds, and a mixture's components with percent by weight.
 */
function chemicalOf(
  row: Tier2Row,
  input: Tier2ExportFacilityYear,
  lineById: Map<number, Tier2ExportLine>,
  ids: ReturnType<typeof recordIdPool>,
): Tier2Chemical {
  const facilityId = input.facility.id;
  const contributing = row.explanation.contributions.flatMap((c) => {
    const line = lineById.get(c.inventory_product_id);
    return line ? [{ contribution: c, line }] : [];
  });
  const importedId = contributing
    .map(({ line }) => line.tier2ChemicalRecordId)
    .find((id): id is string => id !== null && ids.isFree(id));
  const recordId = ids.take(importedId ?? `CTCV${facilityId}${rowKey(row)}`);
  const largest = contributing.flatMap(({ contribution, line }) =>
    line.containerQuantity !== null && line.containerQuantity > 0
      ? [contribution.pounds_contributed / line.containerQuantity]
      : [],
  );
  const lastModified =
    contributing
      .map(({ line }) => line.lastModified)
      .sort()
      .at(-1) ?? null;
  const categories = new Set(row.hazard_categories);

  const storageLocations: Tier2StorageLocation[] = row.locations.map((location) => {
    const lines = contributing.filter(({ line }) => lineKey(line) === locationKey(location));
    const imported = lines
      .map(({ line }) => line.tier2LocationRecordId)
      .find((id): id is string => id !== null && ids.isFree(id));
    const first = lines[0]?.line.id ?? 0;
    return {
      recordId: ids.take(imported ?? `CTCL${first}${row.kind === 'product' ? '' : rowKey(row)}`),
      locationDescription: location.location,
      storageType: location.storage_type ?? '',
      pressure: location.storage_pressure ?? '',
      temperature: location.storage_temperature ?? '',
      amount: pounds(location.amount_lb),
      amountUnit: 'pounds',
    };
  });

  // An imported line keeps its file's component record ids: found again by CAS, or by name for a
  // component the file gave no CAS (Water, to which the import gave its CAS).
  const importedComponents = contributing.flatMap(({ line }) => line.tier2ComponentRecordIds ?? []);
  const importedComponentId = (component: Tier2Row['components'][number]) =>
    importedComponents
      .filter((entry) =>
        entry.casNumber === ''
          ? entry.componentName.trim().toLowerCase() === component.name.trim().toLowerCase()
          : entry.casNumber === component.cas_number,
      )
      .map((entry) => entry.recordId)
      .find((id) => ids.isFree(id));
  const mixtureComponents: Tier2MixtureComponent[] = row.is_mixture
    ? row.components.map((component, index) => ({
        recordId: ids.take(importedComponentId(component) ?? `CTCM${facilityId}${rowKey(row)}-${index + 1}`),
        componentName: component.name,
        casNumber: component.cas_number,
        ehs: component.is_ehs,
        // The component's share of the mixture's maximum, as a range code; '' without a percent.
        maxAmountCode:
          component.percent_weight === null
            ? ''
            : tier2RangeCode((row.max_amount_lb * component.percent_weight) / 100).code,
        componentPercentage: component.percent_weight,
        weightOrVolume: 'weight',
      }))
    : [];

  return {
    recordId,
    chemName: row.name,
    // A mixture has no CAS of its own in the catalog; an imported line keeps the file's.
    casNumber:
      row.cas_number ??
      contributing.map(({ line }) => line.tier2CasNumber).find((cas): cas is string => !!cas) ??
      '',
    ehs: row.is_ehs,
    pure: !row.is_mixture,
    mixture: row.is_mixture,
    ...physicalFlags(row.physical_states),
    hazards: TIER2_HAZARD_CATEGORIES.map((category) => ({ category, value: categories.has(category) })),
    aveAmount: pounds(row.average_amount_lb),
    aveAmountCode: row.average_amount_code.code,
    maxAmount: pounds(row.max_amount_lb),
    maxAmountCode: row.max_amount_code.code,
    sameAsLastYear: false,
    daysOnSite: row.days_on_site,
    maxAmtLargestContainer: largest.length > 0 ? pounds(Math.max(...largest)) : null,
    // Only reported rows are written: what falls below stays in the report's own section.
    belowReportingThresholds: false,
    confidentialStorageLocs: false,
    tradeSecret: false,
    lastModified,
    storageLocations,
    mixtureComponents,
  };
}

function streetAddressOf(facility: Tier2ExportFacility): Tier2Address {
  return {
    street: facility.street,
    city: facility.city,
    state: facility.state,
    zipcode: facility.zip,
    country: null,
  };
}

/**
 * The standard's one `nameAndTitleOfCertifier` from the inventory's name and title: "Debra Monaco,
 * President", as the NOAA sample writes it; either alone when the other is empty.
 */
export function certifierText(certification: Pick<Tier2ExportCertification, 'name' | 'title'>): string {
  return [certification.name.trim(), certification.title.trim()].filter((part) => part !== '').join(', ');
}

/**
 * A file's `nameAndTitleOfCertifier` as a name and a title: split at the first comma ("Debra
 * Monaco, President"), so what `certifierText` wrote reads back the same (a name with no comma;
 * a title may hold one). No comma: all of it is the name (the standard's field names a person).
 */
export function splitCertifierText(text: string): { name: string; title: string } {
  const comma = text.indexOf(',');
  if (comma < 0) return { name: text.trim(), title: '' };
  return { name: text.slice(0, comma).trim(), title: text.slice(comma + 1).trim() };
}

type RecordIds = ReturnType<typeof recordIdPool>;

/**
 * One facility-year as the standard's `<facility>`. Columns win over `tier2_extras` for what they
 * hold (name, address, county, fire district, latitude/longitude, the four ids, manned,
 * occupants); the certifier and date signed are the inventory's (the facility-year's, issue 36);
 * the rest of the extras (state fields, department, notes, attachments, record ids) is given back
 * as it came. Records without an id from a file get a stable generated one (`CT…`). A contact
 * named by an earlier facility of the file keeps the record id it got there.
 */
function facilityOf(
  input: Tier2ExportFacilityYear,
  ids: RecordIds,
  contactRecordIds: Map<number, string>,
): Tier2Facility {
  const { facility, certification } = input;
  const extras = facility.extras;
  const lineById = new Map(input.lines.map((line) => [line.id, line]));

  const facilityRecordId = ids.take(facility.tier2RecordId ?? `CTFA${facility.id}`);
  for (const contact of input.contacts) {
    if (!contactRecordIds.has(contact.id))
      contactRecordIds.set(contact.id, ids.take(contact.tier2RecordId ?? `CTCT${contact.id}`));
  }
  const contactIds = input.contacts.map((contact) => ({
    linkId: ids.take(contact.tier2LinkId ?? `CTCK${facility.id}-${contact.id}`),
    contactId: contactRecordIds.get(contact.id)!,
  }));
  // A product reported as a whole owns its lines' record ids; an EHS or chemical row aggregated
  // from the same lines takes a generated one (a record id names one record in a file).
  const order = (row: Tier2Row) => (row.kind === 'product' || row.kind === 'fuel' ? 0 : 1);
  const chemicalsByRow = new Map<Tier2Row, Tier2Chemical>();
  for (const row of [...input.rows].sort((a, b) => order(a) - order(b)))
    chemicalsByRow.set(row, chemicalOf(row, input, lineById, ids));

  return {
    recordId: facilityRecordId,
    facilityName: facility.name,
    streetAddress: streetAddressOf(facility),
    // The mailing address a file gave; else the street address (the standard gives it a country).
    mailingAddress: extras.mailingAddress ?? { ...streetAddressOf(facility), country: 'USA' },
    county: facility.county,
    fireDistrict: facility.fireDistrict,
    latitude: facility.latitude,
    longitude: facility.longitude,
    department: extras.department ?? '',
    notes: extras.notes ?? '',
    sitePlanAttached: extras.sitePlanAttached ?? false,
    siteCoordAbbrevAttached: extras.siteCoordAbbrevAttached ?? false,
    dikeDescriptionAttached: extras.dikeDescriptionAttached ?? false,
    facilityInfoSameAsLastYear: extras.facilityInfoSameAsLastYear ?? false,
    nameAndTitleOfCertifier: certifierText(certification),
    dateSigned: certification.dateSigned,
    feesTotal: extras.feesTotal ?? null,
    phones: facilityPhones(facility, ids),
    manned: facility.isManned,
    maxNumOccupants: facility.maxOccupants,
    subjectToChemAccidentPrevention: input.subjectTo
      ? input.subjectTo.chemAccidentPrevention
      : (extras.subjectToChemAccidentPrevention ?? null),
    subjectToEmergencyPlanning: input.subjectTo
      ? input.subjectTo.emergencyPlanning
      : (extras.subjectToEmergencyPlanning ?? null),
    stateFields: (extras.stateFields ?? []).map((field) => ({ ...field })),
    lastModified: extras.lastModified ?? facility.lastModified,
    contactIds,
    chemicals: input.rows.map((row) => chemicalsByRow.get(row)!),
    facilityIds: facilityIdsOf(facility, ids),
    attachments: (extras.attachments ?? []).map((attachment) => ({
      ...attachment,
      recordId: attachment.recordId === null ? null : ids.take(attachment.recordId),
    })),
  };
}

/**
 * Several facility-years of one customer and year as one dataset, the way Tier2 Submit holds a
 * submission (issue 36): each facility under `<facilities>`, in the order given, and each contact
 * once under the dataset's `<contacts>` (in the order the facilities first name them), linked from
 * every facility that names it. Record ids are unique across the whole file.
 */
export function buildTier2Submission(input: Tier2ExportDatasetInput): Tier2Dataset {
  const ids = recordIdPool();
  const contactRecordIds = new Map<number, string>();
  const facilities = input.facilities.map((facilityYear) => facilityOf(facilityYear, ids, contactRecordIds));
  const contacts = new Map<number, Tier2ExportContact>();
  for (const facilityYear of input.facilities) {
    for (const contact of facilityYear.contacts)
      if (!contacts.has(contact.id)) contacts.set(contact.id, contact);
  }
  return {
    version: TIER2_STANDARD_VERSION,
    reportYear: input.year,
    facilities,
    contacts: [...contacts.values()].map((contact) =>
      contactOf(contact, ids, contactRecordIds.get(contact.id)!),
    ),
  };
}

/** One facility-year as the standard's dataset (one `<facility>` and its contacts). */
export function buildTier2Dataset(input: Tier2ExportInput): Tier2Dataset {
  const { year, ...facilityYear } = input;
  return buildTier2Submission({ year, facilities: [facilityYear] });
}
