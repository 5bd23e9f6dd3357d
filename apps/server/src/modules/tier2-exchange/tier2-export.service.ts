import {
  buildTier2Dataset,
  compliance,
  isTier2ExportYear,
  T2S_CONTENT_TYPE,
  TIER2_EXPORT_MSG,
  type Tier2ExportContact,
  type Tier2ExportLine,
  type Tier2ExportQueryValues,
  tier2ExportFileName,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { fromNumeric } from '../../lib/numeric.ts';
import { reportsService } from '../reports/reports.service.ts';
import {
  findExportFacility,
  selectContactPhones,
  selectFacilityContacts,
  selectLineRecordIds,
} from './tier2-export.repository.ts';
import { writeTier2File } from './tier2-writer.ts';

/** YYYY-MM-DD of a stored timestamp (UTC), as the standard's `lastModified` and `dateSigned` are written. */
function isoDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

async function loadContacts(db: Db, facilityId: number): Promise<Tier2ExportContact[]> {
  const rows = await selectFacilityContacts(db, facilityId);
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
}

/**
 * `GET /tier2/export`: the facility-year's Tier II as a `.t2s`. 422 for a year before 2017 (the
 * legacy categories, which the standard cannot carry) and the report's 404s (customer, facility
 * not the customer's, no inventory that year). Recorded in the audit log like a generated report.
 */
async function exportTier2(db: Db, actor: Actor, query: Tier2ExportQueryValues): Promise<Tier2ExportFile> {
  if (!isTier2ExportYear(query.year)) throw fieldError('year', TIER2_EXPORT_MSG.legacyYear);
  const { result, snapshot, inventoryId } = await reportsService.tier2Figures(db, query);
  const [facility, contacts, recordIds] = await Promise.all([
    findExportFacility(db, query.facility_id),
    loadContacts(db, query.facility_id),
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
  const dataset = buildTier2Dataset({
    year: query.year,
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
  });
  const body = writeTier2File(dataset);
  const fileCodes: readonly string[] = compliance.TIER2_FILE_WARNING_CODES;
  const warnings = result.warnings.filter((w) => fileCodes.includes(w.code)).map((w) => w.message);
  await recordAudit(db, actor, {
    action: 'generate',
    entity: 'report',
    entityId: inventoryId,
    details: {
      type: 'tier2_t2s',
      format: 't2s',
      customer_id: query.customer_id,
      facility_id: query.facility_id,
      year: query.year,
      percent_basis: query.percent_basis,
      tier2_option: query.tier2_option,
      chemicals: result.rows.length,
      contacts: contacts.length,
      warnings,
    },
  });
  return {
    fileName: tier2ExportFileName(snapshot.customer.name, snapshot.facility.name, query.year),
    contentType: T2S_CONTENT_TYPE,
    body,
    warnings,
  };
}

export const tier2ExportService = { exportTier2 };
