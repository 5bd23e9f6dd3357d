/**
 * The National Tier II Data Standard v1.0.0 (the XML inside a Tier2 Submit `.t2s`), as one typed
 * value. Field names follow the standard's element names one to one, so the reader and the writer
 * are plain mappings and a reviewer can hold this file beside the XML
 * (`../shared/data/tier2/epcra_tier2_data.xml` is the model sample). Every `recordid` the file
 * carries is kept (`recordId`), so an import followed by an export names the same records.
 *
 * Absent optional elements are `null`; an element present but empty (`<email></email>` or
 * `<email/>`) is the empty string for text and `null` for numbers and booleans.
 */

export const TIER2_NAMESPACE = 'https://cameo.noaa.gov/epcra_tier2/data_standard/v1';
export const TIER2_STANDARD_VERSION = '1.0.0';
/** Files for reporting years before 2017 use the five legacy categories; the standard's 23 start in 2017. */
export const TIER2_FIRST_SUPPORTED_YEAR = 2017;

export interface Tier2Address {
  street: string;
  city: string;
  state: string;
  zipcode: string;
  /** Mailing addresses carry a country; the street address of a facility does not. */
  country: string | null;
}

export interface Tier2Phone {
  recordId: string | null;
  phoneNumber: string;
  /** The standard's labels: '24-hour', 'Work', 'Home', 'Emergency', 'Cell', 'Fax', … kept as written. */
  phoneType: string;
}

export interface Tier2StateField {
  required: boolean | null;
  label: string;
  t2sFieldname: string;
  data: string;
}

export interface Tier2FacilityId {
  recordId: string | null;
  /** 'NAICS', 'D-U-N-S', 'RMP', 'TRI' or another type kept as written. */
  type: string;
  id: string;
  description: string | null;
}

export interface Tier2ContactLink {
  /** The `linkId` attribute of `<contactId>`. */
  linkId: string | null;
  /** The contact's `recordid` in the dataset's `<contacts>`. */
  contactId: string;
}

export interface Tier2Hazard {
  /** One of the 23 exact category strings (`TIER2_HAZARD_CATEGORIES`). */
  category: string;
  value: boolean;
}

export interface Tier2StorageLocation {
  recordId: string | null;
  locationDescription: string;
  storageType: string;
  pressure: string;
  temperature: string;
  /** The `<amount>` element; null when absent or empty. */
  amount: number | null;
  /** The `unit` attribute of `<amount>` ('pounds', 'gallons', …); null when absent. */
  amountUnit: string | null;
}

export interface Tier2MixtureComponent {
  recordId: string | null;
  componentName: string;
  /** With dashes (normalised on read: E-Plan writes CAS numbers without them); '' when none. */
  casNumber: string;
  ehs: boolean | null;
  /** Two-digit range code as written ('02'); '' when empty. */
  maxAmountCode: string;
  componentPercentage: number | null;
  /** The `weightOrVolume` attribute: 'weight' or 'volume'; null when absent. */
  weightOrVolume: string | null;
}

export interface Tier2Chemical {
  recordId: string | null;
  chemName: string;
  /** With dashes; '' when the chemical has none (a trade-secret or a mixture named by product). */
  casNumber: string;
  ehs: boolean | null;
  pure: boolean | null;
  mixture: boolean | null;
  solid: boolean | null;
  liquid: boolean | null;
  gas: boolean | null;
  /** All 23 entries in the standard's order when written; as read when imported. */
  hazards: Tier2Hazard[];
  aveAmount: number | null;
  aveAmountCode: string;
  maxAmount: number | null;
  maxAmountCode: string;
  sameAsLastYear: boolean | null;
  daysOnSite: number | null;
  maxAmtLargestContainer: number | null;
  belowReportingThresholds: boolean | null;
  confidentialStorageLocs: boolean | null;
  tradeSecret: boolean | null;
  lastModified: string | null;
  storageLocations: Tier2StorageLocation[];
  mixtureComponents: Tier2MixtureComponent[];
}

export interface Tier2Attachment {
  recordId: string | null;
  fileName: string;
}

export interface Tier2Facility {
  recordId: string | null;
  facilityName: string;
  streetAddress: Tier2Address;
  mailingAddress: Tier2Address | null;
  county: string;
  fireDistrict: string;
  latitude: number | null;
  longitude: number | null;
  department: string;
  notes: string;
  sitePlanAttached: boolean | null;
  siteCoordAbbrevAttached: boolean | null;
  dikeDescriptionAttached: boolean | null;
  facilityInfoSameAsLastYear: boolean | null;
  nameAndTitleOfCertifier: string;
  /** ISO date (YYYY-MM-DD) or null. */
  dateSigned: string | null;
  feesTotal: number | null;
  /** The facility's own phone(s) (`<phone>` directly under `<facility>`). */
  phones: Tier2Phone[];
  manned: boolean | null;
  maxNumOccupants: number | null;
  subjectToChemAccidentPrevention: boolean | null;
  subjectToEmergencyPlanning: boolean | null;
  stateFields: Tier2StateField[];
  lastModified: string | null;
  contactIds: Tier2ContactLink[];
  chemicals: Tier2Chemical[];
  facilityIds: Tier2FacilityId[];
  attachments: Tier2Attachment[];
}

export interface Tier2Contact {
  recordId: string;
  firstName: string;
  lastName: string;
  title: string;
  email: string;
  mailingAddress: Tier2Address | null;
  /** 'Owner / Operator', 'Tier II Information Contact', 'Emergency Contact', 'Fac. Emergency Coordinator', … */
  contactTypes: string[];
  phones: Tier2Phone[];
  lastModified: string | null;
}

export interface Tier2Dataset {
  /** The root's `version` attribute ('1.0.0'). */
  version: string;
  reportYear: number;
  facilities: Tier2Facility[];
  contacts: Tier2Contact[];
}

/**
 * The reader's answer: the dataset, or the first problem found, naming the element
 * (`/epcraTier2Dataset/dataset/facilities/facility[1]/chemicals/chemical[2]/maxAmount`) so a 422 can say where.
 */
export type Tier2ReadResult =
  | { ok: true; dataset: Tier2Dataset }
  | {
      ok: false;
      message: string;
      element: string | null;
      /**
       * Added by the import (issue 25): the HTTP status the refusal maps to: 413 for a file that
       * expands past the limit, 415 for bytes that are neither XML nor ZIP, 422 otherwise (the default).
       */
      status?: 413 | 415 | 422;
    };

/**
 * What a Tier II file says about a facility that the app holds no column for, kept as it came
 * (`facilities.tier2_extras`) so an export gives it back. NAICS, D-U-N-S, RMP and TRI ids,
 * latitude/longitude, fire district, manned and occupants are columns; `facilityIds` here keeps
 * their record ids and descriptions and any other id type. The certifier and the date signed are
 * the facility-year's, kept on its inventory (issue 36), not here.
 */
export type Tier2FacilityExtras = Partial<
  Pick<
    Tier2Facility,
    | 'mailingAddress'
    | 'department'
    | 'notes'
    | 'sitePlanAttached'
    | 'siteCoordAbbrevAttached'
    | 'dikeDescriptionAttached'
    | 'facilityInfoSameAsLastYear'
    | 'feesTotal'
    | 'phones'
    | 'subjectToChemAccidentPrevention'
    | 'subjectToEmergencyPlanning'
    | 'stateFields'
    | 'lastModified'
    | 'facilityIds'
    | 'attachments'
  >
>;

/**
 * A mixture component's record id as an import keeps it on the line (`tier2_component_record_ids`),
 * with the CAS and name as the file gave them, so the export finds it again among the line's components.
 */
export interface Tier2ComponentRecordId {
  recordId: string;
  casNumber: string;
  componentName: string;
}
