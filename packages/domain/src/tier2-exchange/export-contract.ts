import { z } from 'zod';
import type { Tier2Row } from '../compliance/tier2-types.ts';
import { generatedFileName } from '../files/index.ts';
import { FACILITY_YEAR_FIELDS, REPORT_SETTINGS_FIELDS } from '../reports/index.ts';
import {
  TIER2_FIRST_SUPPORTED_YEAR,
  type Tier2ComponentRecordId,
  type Tier2FacilityExtras,
} from './dataset.ts';
import type { Tier2SubjectAnswers } from './subject-answers.ts';

/**
 * The Tier II export (issue 25): `GET /tier2/export` answers a facility-year's Tier II as a Tier2
 * Submit `.t2s` (a ZIP holding one XML file of the National Tier II Data Standard). The chemicals
 * are the Tier II report's reported rows (the same engine run, so the file and the report agree);
 * the facility, its contacts and what a Tier II file brought in (`tier2_extras`) fill the rest.
 */

export const TIER2_EXPORT_MSG = {
  /** Reporting years before 2017 use the five legacy categories, which the standard cannot carry. */
  legacyYear: 'Tier II files hold the hazard categories used from 2017; choose 2017 or later.',
  /** A customer-wide export (no facility) when none of its active facilities has that year's inventory. */
  noFacilityYear: 'No active facility of this customer has an inventory for this year',
  /** The web's line under the button naming the facilities a customer-wide file leaves out. */
  leftOut: (year: number, names: readonly string[]) =>
    `Not in the file (no ${year} inventory): ${names.join(', ')}`,
} as const;

/** The one XML file inside a `.t2s`, named as Tier2 Submit names it. */
export const T2S_XML_FILE_NAME = 'epcra_tier2_data.xml';
export const T2S_CONTENT_TYPE = 'application/zip';
/**
 * The export answers a file, so what the file lacks (issue 33 point 6: contacts, hazards it cannot
 * carry) comes in this header: the warnings' messages as JSON, percent-encoded (a header is ASCII).
 */
export const TIER2_EXPORT_WARNINGS_HEADER = 'X-Tier2-Warnings';

export function encodeExportWarnings(messages: readonly string[]): string {
  return encodeURIComponent(JSON.stringify(messages));
}

/** The header's messages; none when it is absent or not what `encodeExportWarnings` writes. */
export function decodeExportWarnings(header: string | null): string[] {
  if (!header) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(header));
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A customer-wide export (issue 36) names the active facilities it left out, those without an
 * inventory that year, in this header: their names as JSON, percent-encoded, as the warnings are.
 * Not a file in the ZIP: Tier2 Submit writes one XML and nothing else, and a state's reader may
 * refuse more; not a warning either: the file lacks nothing, a facility simply has no year yet.
 */
export const TIER2_EXPORT_LEFT_OUT_HEADER = 'X-Tier2-Facilities-Left-Out';

/** The words that name the file, as a report type's name does ("EPCRA 311/312 Tier II"). */
export const TIER2_EXPORT_NAME = 'EPCRA 311/312 Tier II';

/** `EPCRA_311_312_Tier_II_Acme_Corp__Plant_1_2025.t2s`: type, customer, facility, year, as the report files are named. */
export function tier2ExportFileName(customerName: string, facilityName: string, year: number): string {
  return generatedFileName([TIER2_EXPORT_NAME, customerName, facilityName, year], 't2s');
}

/**
 * A customer-wide file (no facility chosen): `EPCRA_311_312_Tier_II_Acme_Corp_2025.t2s`, the
 * customer standing where the facility's name would (it holds several).
 */
export function tier2CustomerExportFileName(customerName: string, year: number): string {
  return generatedFileName([TIER2_EXPORT_NAME, customerName, year], 't2s');
}

/**
 * `GET /tier2/export?customer_id=&facility_id=&year=`: the report's request without a type or a
 * format; the Tier II settings (percent basis, 370.14 option) as the report takes them, so an export
 * made beside a report with the same settings carries the same figures. Without `facility_id` the
 * file holds every active facility of the customer with an inventory that year (issue 36).
 */
export const Tier2ExportQuerySchema = z.object({
  ...FACILITY_YEAR_FIELDS,
  facility_id: FACILITY_YEAR_FIELDS.facility_id.optional(),
  ...REPORT_SETTINGS_FIELDS,
});
export type Tier2ExportQuery = z.input<typeof Tier2ExportQuerySchema>;
export type Tier2ExportQueryValues = z.output<typeof Tier2ExportQuerySchema>;

export function isTier2ExportYear(year: number): boolean {
  return year >= TIER2_FIRST_SUPPORTED_YEAR;
}

// What the mapping (`buildTier2Dataset` in export-mapping.ts) takes: the facility-year as the
// server loads it, the Tier II report's rows included.

export interface Tier2ExportFacility {
  id: number;
  name: string;
  street: string;
  city: string;
  /** Two-letter code; '' when the address has none. */
  state: string;
  zip: string;
  /** The address's phone (digits); '' when none. */
  phone: string;
  county: string;
  fireDistrict: string;
  naicsCode: string;
  dunsNumber: string;
  rmpFacilityId: string;
  triFacilityId: string;
  latitude: number | null;
  longitude: number | null;
  isManned: boolean | null;
  maxOccupants: number | null;
  tier2RecordId: string | null;
  extras: Tier2FacilityExtras;
  /** YYYY-MM-DD of the facility's last change. */
  lastModified: string;
}

export interface Tier2ExportContact {
  id: number;
  tier2RecordId: string | null;
  /** The facility's link to the contact (`facility_contacts.tier2_link_id`). */
  tier2LinkId: string | null;
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  mailing: { street: string; city: string; state: string; zip: string; country: string };
  contactTypes: string[];
  phones: { id: number; tier2RecordId: string | null; phoneNumber: string; phoneType: string }[];
  /** YYYY-MM-DD. */
  lastModified: string;
}

/** A line of the facility-year, as the chemicals' record ids and storage locations need it. */
export interface Tier2ExportLine {
  id: number;
  locationStored: string;
  storageType: string | null;
  storagePressure: string | null;
  storageTemperature: string | null;
  containerQuantity: number | null;
  tier2ChemicalRecordId: string | null;
  tier2LocationRecordId: string | null;
  /** An imported line's chemical CAS as the file gave it (a mixture's own CAS); null/absent otherwise. */
  tier2CasNumber?: string | null;
  /** An imported line's mixture components' record ids; null/absent otherwise. */
  tier2ComponentRecordIds?: Tier2ComponentRecordId[] | null;
  /** YYYY-MM-DD. */
  lastModified: string;
}

/** The facility-year's certification (40 CFR 370.42), kept on the inventory (issue 36). */
export interface Tier2ExportCertification {
  name: string;
  title: string;
  /** yyyy-MM-dd or null. */
  dateSigned: string | null;
}

/** One facility-year of a file. */
export interface Tier2ExportFacilityYear {
  facility: Tier2ExportFacility;
  /** The facility's contacts in its order. */
  contacts: Tier2ExportContact[];
  /** The Tier II report's reported rows (`Tier2Result.rows`). */
  rows: Tier2Row[];
  lines: Tier2ExportLine[];
  certification: Tier2ExportCertification;
  /** The two subject-to answers from the engine (`tier2SubjectAnswers`); absent: the file's own. */
  subjectTo?: Tier2SubjectAnswers;
}

export interface Tier2ExportInput extends Tier2ExportFacilityYear {
  year: number;
}

/** Several facility-years of one customer and year in one file, as Tier2 Submit writes a submission. */
export interface Tier2ExportDatasetInput {
  year: number;
  facilities: Tier2ExportFacilityYear[];
}
