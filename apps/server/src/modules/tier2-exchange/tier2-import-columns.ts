import {
  CERTIFIER_TEXT_MAX,
  compliance,
  INVENTORY_MSG,
  inventoryYearFactIssues,
  splitCertifierText,
  type Tier2Chemical,
  type Tier2Contact,
  type Tier2Facility,
  type Tier2FacilityExtras,
  todayIsoDate,
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

/** The certification a file gives a facility-year, as the inventory keeps it (issue 36). */
export interface ImportedCertification {
  certifier_name: string;
  certifier_title: string;
  date_signed: string | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The file's certifier and date signed as the facility-year's (issue 36): the one
 * `nameAndTitleOfCertifier` split at its first comma ("Debra Monaco, President"), each cut to the
 * column. A date the inventory's rules would refuse (not a calendar day, in the future, or with
 * no name to go with it) is not kept, and the plan says so.
 */
export function certificationOf(
  facility: Tier2Facility,
  year: number,
  today: string = todayIsoDate(),
): { certification: ImportedCertification; warnings: string[] } {
  const split = splitCertifierText(facility.nameAndTitleOfCertifier);
  // ", President": a title alone names whoever signed; it is the name the form needs.
  const [name, title] = split.name === '' ? [split.title, ''] : [split.name, split.title];
  const certification: ImportedCertification = {
    certifier_name: name.slice(0, CERTIFIER_TEXT_MAX),
    certifier_title: title.slice(0, CERTIFIER_TEXT_MAX),
    date_signed: facility.dateSigned,
  };
  const { dateSigned } = facility;
  if (dateSigned === null) return { certification, warnings: [] };
  const refusals = isCalendarDay(dateSigned)
    ? inventoryYearFactIssues(certification, year, today).map((issue) => issue.message)
    : [INVENTORY_MSG.dateSignedInvalid];
  if (refusals.length === 0) return { certification, warnings: [] };
  return {
    certification: { ...certification, date_signed: null },
    warnings: [
      `${facility.facilityName}: ${refusals.join(' ')} The file's date signed ${dateSigned} is not kept.`,
    ],
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
