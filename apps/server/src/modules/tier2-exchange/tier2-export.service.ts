import {
  buildTier2Dataset,
  buildTier2Submission,
  compliance,
  isTier2ExportYear,
  T2S_CONTENT_TYPE,
  TIER2_EXPORT_MSG,
  type Tier2Dataset,
  type Tier2ExportContact,
  type Tier2ExportFacilityYear,
  type Tier2ExportLine,
  type Tier2ExportQueryValues,
  tier2CustomerExportFileName,
  tier2ExportFileName,
  tier2SubjectAnswers,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { fromNumeric } from '../../lib/numeric.ts';
import { selectContactPhones, selectFacilityContacts } from '../contacts/contacts.repository.ts';
import { reportsService } from '../reports/reports.service.ts';
import {
  findExportCustomerName,
  findExportFacility,
  selectCustomerFacilityYears,
  selectLineRecordIds,
} from './tier2-export.repository.ts';
import { writeTier2File } from './tier2-writer.ts';

/** YYYY-MM-DD of a stored timestamp (UTC), as the standard's `lastModified` and `dateSigned` are written. */
function isoDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** An archived contact stays linked to its facilities but is no longer theirs to report. */
async function loadContacts(db: Db, facilityId: number): Promise<Tier2ExportContact[]> {
  const rows = await selectFacilityContacts(db, facilityId, { activeOnly: true });
  const phones = await selectContactPhones(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    tier2RecordId: row.tier2RecordId,
    tier2LinkId: row.tier2LinkId,
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    email: row.email,
    mailing: {
      street: row.mailingStreet,
      city: row.mailingCity,
      state: row.mailingState ?? '',
      zip: row.mailingZip,
      country: row.mailingCountry,
    },
    contactTypes: row.contactTypes,
    phones: phones
      .filter((phone) => phone.contactId === row.id)
      .map((phone) => ({
        id: phone.id,
        tier2RecordId: phone.tier2RecordId,
        phoneNumber: phone.phoneNumber,
        phoneType: phone.phoneType,
      })),
    lastModified: isoDate(row.updatedAt),
  }));
}

export interface Tier2ExportFile {
  fileName: string;
  contentType: string;
  body: Uint8Array;
  /**
   * What the file lacks (contacts, hazards it cannot carry) and the sample lists its figures rest
   * on (decision 029), each saying what to add and where: the file cannot say so, the answer does.
   */
  warnings: string[];
  /**
   * A customer-wide export's active facilities without an inventory that year, by name (issue 36):
   * left out of the file, named in the answer. Null for one facility's file.
   */
  leftOut: string[] | null;
}

/** One facility-year as the file holds it, with what the answer and the audit row say of it. */
interface LoadedFacilityYear {
  facilityYear: Tier2ExportFacilityYear;
  inventoryId: number;
  customerName: string;
  facilityName: string;
  warnings: string[];
}

/**
 * The facility-year's Tier II as the file holds it: the report's reported rows (the same engine
 * run, so the file and the report agree), the facility's columns and extras, its contacts and the
 * inventory's certification. The report's 404s (customer, facility not the customer's, no
 * inventory that year).
 */
async function loadFacilityYear(
  db: Db,
  query: Tier2ExportQueryValues,
  facilityId: number,
): Promise<LoadedFacilityYear> {
  const { result, epcra302Rows, rmpRows, snapshot, inventoryId } = await reportsService.tier2Figures(db, {
    ...query,
    facility_id: facilityId,
  });
  const [facility, contacts, recordIds] = await Promise.all([
    findExportFacility(db, facilityId),
    loadContacts(db, facilityId),
    selectLineRecordIds(db, inventoryId),
  ]);
  if (!facility) throw notFound('Facility');

  const idsByLine = new Map(recordIds.map((row) => [row.id, row]));
  const lines: Tier2ExportLine[] = snapshot.lines.map((line) => {
    const stored = idsByLine.get(line.inventory_product_id);
    return {
      id: line.inventory_product_id,
      locationStored: line.location_stored,
      storageType: line.storage_type ?? null,
      storagePressure: line.storage_pressure ?? null,
      storageTemperature: line.storage_temperature ?? null,
      containerQuantity: line.container_quantity,
      tier2ChemicalRecordId: stored?.tier2ChemicalRecordId ?? null,
      tier2LocationRecordId: stored?.tier2LocationRecordId ?? null,
      tier2CasNumber: stored?.tier2CasNumber ?? null,
      tier2ComponentRecordIds: stored?.tier2ComponentRecordIds ?? null,
      lastModified: stored ? isoDate(stored.updatedAt) : isoDate(new Date()),
    };
  });
  const certification = snapshot.certification;
  const fileCodes: readonly string[] = compliance.TIER2_FILE_WARNING_CODES;
  const subject = tier2SubjectAnswers(
    facility.name,
    { epcra302: epcra302Rows, rmp: rmpRows },
    {
      emergencyPlanning: facility.tier2Extras.subjectToEmergencyPlanning,
      chemAccidentPrevention: facility.tier2Extras.subjectToChemAccidentPrevention,
    },
  );
  return {
    facilityYear: {
      facility: {
        id: facility.id,
        name: facility.name,
        street: facility.street ?? '',
        city: facility.city ?? '',
        state: facility.state ?? '',
        zip: facility.zip ?? '',
        phone: facility.phone ?? '',
        county: facility.county,
        fireDistrict: facility.fireDistrict,
        naicsCode: facility.naicsCode,
        dunsNumber: facility.dunsNumber,
        rmpFacilityId: facility.rmpFacilityId,
        triFacilityId: facility.triFacilityId,
        latitude: fromNumeric(facility.latitude),
        longitude: fromNumeric(facility.longitude),
        isManned: facility.isManned,
        maxOccupants: facility.maxOccupants,
        tier2RecordId: facility.tier2RecordId,
        extras: facility.tier2Extras,
        lastModified: isoDate(facility.updatedAt),
      },
      contacts,
      rows: result.rows,
      lines,
      certification: {
        name: certification?.name ?? '',
        title: certification?.title ?? '',
        dateSigned: certification?.date_signed ?? null,
      },
      subjectTo: subject.answers,
    },
    inventoryId,
    customerName: snapshot.customer.name,
    facilityName: snapshot.facility.name,
    warnings: [
      ...result.warnings.filter((w) => fileCodes.includes(w.code)).map((w) => w.message),
      ...subject.warnings,
    ],
  };
}

/** Recorded in the audit log like a generated report, once per facility-year the file holds. */
async function recordExport(
  db: Db,
  actor: Actor,
  query: Tier2ExportQueryValues,
  loaded: LoadedFacilityYear,
  customerWide: boolean,
) {
  await recordAudit(db, actor, {
    action: 'generate',
    entity: 'report',
    entityId: loaded.inventoryId,
    details: {
      type: 'tier2_t2s',
      format: 't2s',
      customer_id: query.customer_id,
      facility_id: loaded.facilityYear.facility.id,
      year: query.year,
      percent_basis: query.percent_basis,
      tier2_option: query.tier2_option,
      chemicals: loaded.facilityYear.rows.length,
      contacts: loaded.facilityYear.contacts.length,
      warnings: loaded.warnings,
      ...(customerWide ? { customer_wide: true } : {}),
    },
  });
}

function fileOf(
  fileName: string,
  dataset: Tier2Dataset,
  warnings: string[],
  leftOut: string[] | null,
): Tier2ExportFile {
  return { fileName, contentType: T2S_CONTENT_TYPE, body: writeTier2File(dataset), warnings, leftOut };
}

/**
 * Without a facility (issue 36): every active facility of the customer with an inventory that
 * year, in one file as Tier2 Submit writes a submission (`buildTier2Submission`); the facilities
 * without one are left out and named in the answer. 404 for an unknown customer, or when none of
 * its facilities has that year.
 */
async function exportCustomerTier2(db: Db, actor: Actor, query: Tier2ExportQueryValues) {
  const customerName = await findExportCustomerName(db, query.customer_id);
  if (customerName === undefined) throw notFound('Customer');
  const facilities = await selectCustomerFacilityYears(db, query.customer_id, query.year);
  const withYear = facilities.filter((facility) => facility.inventoryId !== null);
  if (withYear.length === 0) throw new AppError('NOT_FOUND', TIER2_EXPORT_MSG.noFacilityYear);
  // One after another: each runs the engine on its lines, and PGlite answers one query at a time.
  const loaded: LoadedFacilityYear[] = [];
  for (const facility of withYear) loaded.push(await loadFacilityYear(db, query, facility.id));
  const dataset = buildTier2Submission({
    year: query.year,
    facilities: loaded.map((item) => item.facilityYear),
  });
  const file = fileOf(
    tier2CustomerExportFileName(customerName, query.year),
    dataset,
    [...new Set(loaded.flatMap((item) => item.warnings))],
    facilities.filter((facility) => facility.inventoryId === null).map((facility) => facility.name),
  );
  for (const item of loaded) await recordExport(db, actor, query, item, true);
  return file;
}

/**
 * `GET /tier2/export`: the facility-year's Tier II as a `.t2s`, or, without a facility, every
 * facility-year of the customer's that year in one. 422 for a year before 2017 (the legacy
 * categories, which the standard cannot carry) and the report's 404s (customer, facility not the
 * customer's, no inventory that year). Recorded in the audit log like a generated report.
 */
async function exportTier2(db: Db, actor: Actor, query: Tier2ExportQueryValues): Promise<Tier2ExportFile> {
  if (!isTier2ExportYear(query.year)) throw fieldError('year', TIER2_EXPORT_MSG.legacyYear);
  if (query.facility_id === undefined) return exportCustomerTier2(db, actor, query);
  const loaded = await loadFacilityYear(db, query, query.facility_id);
  const file = fileOf(
    tier2ExportFileName(loaded.customerName, loaded.facilityName, query.year),
    buildTier2Dataset({ year: query.year, ...loaded.facilityYear }),
    loaded.warnings,
    null,
  );
  await recordExport(db, actor, query, loaded, false);
  return file;
}

export const tier2ExportService = { exportTier2 };
