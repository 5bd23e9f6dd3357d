import {
  compliance,
  type Tier2Chemical,
  type Tier2Contact,
  type Tier2Facility,
  type Tier2FacilityExtras,
} from '@chemtrack/domain';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import type { FacilityTier2Columns } from '../facilities/facilities.repository.ts';
import type { ImportFacilityRow } from './tier2-import.repository.ts';

/**
 * What a Tier II file says, in the app's columns: the facility's Tier II columns and coordinator,
 * a chemical's physical state, CAS numbers and hazard categories, and its storage locations as
 * inventory lines. Pure, read by the plan and by the write.
 */

const POUNDS_PER_KILOGRAM = 2.20462262185;
/** The Tier II contact type of the facility emergency coordinator (40 CFR 355.20(b)). */
const COORDINATOR_TYPE = 'Fac. Emergency Coordinator';

/** Case and spacing aside: "GREEN  valley" is Green Valley. */
export function key(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function facilityIdOf(facility: Tier2Facility, type: string): string {
  return facility.facilityIds.find((id) => key(id.type) === key(type))?.id ?? '';
}

/** The facility's Tier II columns from the file, and everything else it says kept in the extras. */
export function facilityColumns(facility: Tier2Facility): FacilityTier2Columns {
  const extras: Tier2FacilityExtras = {
    mailingAddress: facility.mailingAddress,
    department: facility.department,
    notes: facility.notes,
    sitePlanAttached: facility.sitePlanAttached,
    siteCoordAbbrevAttached: facility.siteCoordAbbrevAttached,
    dikeDescriptionAttached: facility.dikeDescriptionAttached,
    facilityInfoSameAsLastYear: facility.facilityInfoSameAsLastYear,
    nameAndTitleOfCertifier: facility.nameAndTitleOfCertifier,
    dateSigned: facility.dateSigned,
    feesTotal: facility.feesTotal,
    phones: facility.phones,
    subjectToChemAccidentPrevention: facility.subjectToChemAccidentPrevention,
    subjectToEmergencyPlanning: facility.subjectToEmergencyPlanning,
    stateFields: facility.stateFields,
    lastModified: facility.lastModified,
    facilityIds: facility.facilityIds,
    attachments: facility.attachments,
  };
  return {
    county: facility.county,
    naicsCode: facilityIdOf(facility, 'NAICS').slice(0, 6),
    dunsNumber: facilityIdOf(facility, 'D-U-N-S').replace(/-/g, '').slice(0, 9),
    rmpFacilityId: facilityIdOf(facility, 'RMP').slice(0, 12),
    triFacilityId: facilityIdOf(facility, 'TRI').slice(0, 15),
    latitude: toNumeric(facility.latitude),
    longitude: toNumeric(facility.longitude),
    fireDistrict: facility.fireDistrict.slice(0, 100),
    isManned: facility.manned,
    maxOccupants: facility.maxNumOccupants === null ? null : Math.round(facility.maxNumOccupants),
    tier2RecordId: facility.recordId,
    tier2Extras: extras,
  };
}

/** The fields a matched facility would change, as [stored, file]; latitude/longitude compared as numbers. */
export function facilityChanges(
  row: ImportFacilityRow,
  columns: FacilityTier2Columns,
): Record<string, [string, string]> {
  const pairs: [string, string | number | boolean | null, string | number | boolean | null][] = [
    ['county', row.county, columns.county],
    ['naics_code', row.naicsCode, columns.naicsCode],
    ['duns_number', row.dunsNumber, columns.dunsNumber],
    ['rmp_facility_id', row.rmpFacilityId, columns.rmpFacilityId],
    ['tri_facility_id', row.triFacilityId, columns.triFacilityId],
    ['latitude', fromNumeric(row.latitude), fromNumeric(columns.latitude)],
    ['longitude', fromNumeric(row.longitude), fromNumeric(columns.longitude)],
    ['fire_district', row.fireDistrict, columns.fireDistrict],
    ['is_manned', row.isManned, columns.isManned],
    ['max_occupants', row.maxOccupants, columns.maxOccupants],
  ];
  const show = (value: string | number | boolean | null) => (value === null ? '' : String(value));
  return Object.fromEntries(
    pairs
      .filter(([, stored, file]) => show(stored) !== show(file))
      .map(([name, stored, file]) => [name, [show(stored), show(file)]]),
  );
}

/** A Tier II chemical's single physical state in the catalog's words: liquid and gas is a liquified gas. */
export function physicalStateOf(chemical: Tier2Chemical) {
  if (chemical.gas && chemical.liquid) return 'liquified gas' as const;
  if (chemical.gas) return 'compressed gas' as const;
  if (chemical.liquid) return 'liquid' as const;
  if (chemical.solid) return 'solid' as const;
  return null;
}

/**
 * A component's CAS: the file's, or water's when the file names water without one (the engine knows
 * water by its CAS, `NOT_HAZARDOUS_COMPONENTS`; Tier2 Submit often leaves its CAS empty).
 */
export function componentCas(name: string, cas: string): string {
  if (cas !== '') return cas;
  return key(name) === 'water' ? compliance.WATER_CAS : '';
}

/** The CAS numbers a new product of this chemical would hold: its components', or its own when pure. */
export function productCasNumbers(chemical: Tier2Chemical): string[] {
  if (chemical.mixtureComponents.length > 0) {
    return chemical.mixtureComponents
      .map((component) => componentCas(component.componentName, component.casNumber))
      .filter((cas) => cas !== '');
  }
  return chemical.casNumber === '' ? [] : [chemical.casNumber];
}

/** The file's hazard categories of a chemical: the 23 standard ones marked true. */
export function fileHazards(chemical: Tier2Chemical): string[] {
  return chemical.hazards
    .filter((hazard) => hazard.value)
    .map((hazard) => hazard.category)
    .filter(compliance.isTier2HazardCategory);
}

/** The phone an emergency coordinator is reached on: the 24-hour one, else the first; digits. */
function coordinatorPhone(contact: Tier2Contact): string {
  const phone = contact.phones.find((p) => p.phoneType === '24-hour') ?? contact.phones[0];
  return (phone?.phoneNumber ?? '').replace(/\D/g, '').slice(0, 20);
}

/** The facility's "Fac. Emergency Coordinator" in the file, as the facility's coordinator columns. */
export function coordinatorColumns(facility: Tier2Facility, contacts: readonly Tier2Contact[]) {
  const coordinator = facility.contactIds
    .map((link) => contacts.find((contact) => contact.recordId === link.contactId))
    .find((contact) => contact?.contactTypes.includes(COORDINATOR_TYPE));
  if (!coordinator) return {};
  return {
    emergencyCoordinatorName: contactName(coordinator).slice(0, 150),
    emergencyCoordinatorTitle: coordinator.title.slice(0, 100),
    emergencyCoordinatorPhone: coordinatorPhone(coordinator),
  };
}

export function contactName(contact: Pick<Tier2Contact, 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName].filter((part) => part !== '').join(' ');
}

/** The location's amount in pounds (kilograms converted) or gallons, as the `unit` says (pounds when absent). */
export function amountOf(location: { amount: number | null; amountUnit: string | null }) {
  const unit = key(location.amountUnit ?? 'pounds');
  if (location.amount === null) return { pounds: null, gallons: null };
  if (unit.startsWith('kilogram') || unit === 'kg') {
    return { pounds: Math.round(location.amount * POUNDS_PER_KILOGRAM * 10_000) / 10_000, gallons: null };
  }
  if (unit.startsWith('gallon') || unit === 'gal') return { pounds: null, gallons: location.amount };
  return { pounds: location.amount, gallons: null };
}

/**
 * The lines of a chemical: one per storage location, the location's amount as its pounds, and the
 * chemical's average apportioned by the locations' shares of its amount, with its days on site, so
 * the Tier II engine's maximum (the sum of the lines) and average (Σ average × days ÷ days) for the
 * product are the file's.
 */
export function linesOf(chemical: Tier2Chemical) {
  const amounts = chemical.storageLocations.map(amountOf);
  const total = amounts.reduce((sum, amount) => sum + (amount.pounds ?? 0), 0);
  return chemical.storageLocations.map((location, i) => {
    const amount = amounts[i]!;
    const share = total > 0 && amount.pounds !== null ? amount.pounds / total : null;
    const average =
      chemical.aveAmount === null || share === null
        ? null
        : Math.round(chemical.aveAmount * share * 10_000) / 10_000;
    return {
      location,
      pounds: amount.pounds,
      gallons: amount.gallons,
      averagePounds: average,
      daysOnSite: chemical.daysOnSite === null ? null : Math.min(366, Math.round(chemical.daysOnSite)),
    };
  });
}
