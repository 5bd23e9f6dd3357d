/**
 * What a Tier II filing would lack (issue 33 point 6): the facility's contacts that 40 CFR 370.42
 * asks for, and products whose hazards only the legacy SARA flags give (the `.t2s` carries the 23
 * GHS-based categories, so such a product goes out with no hazard). Warned on the Tier II report
 * and its preview, and answered with the `.t2s` export, with what to add and where.
 */
import { LEGACY_HAZARD_FLAGS, TIER2_GHS_FIRST_YEAR } from '../products/hazard-categories.ts';
import type { Tier2Row } from './tier2-types.ts';
import type { SnapshotFacility, SnapshotLine } from './types.ts';
import { type EngineWarning, lineWarning } from './warnings.ts';

/** The Tier II contact types, as the contacts record them (`TIER2_CONTACT_TYPES`). */
const OWNER_OPERATOR = 'Owner / Operator';
const INFORMATION_CONTACT = 'Tier II Information Contact';
const EMERGENCY_CONTACT = 'Emergency Contact';
const TWENTY_FOUR_HOUR = '24-hour';

/** Where a contact is added and linked: the contact form, which staff can use. */
const WHERE = 'Contacts → New Contact (or Edit), then choose this facility under Facilities';

export const TIER2_FILE_MSG = {
  noOwnerOperator: (facility: string) =>
    `${facility} has no Owner / Operator contact: the Tier II filing needs one. Add it in ${WHERE}.`,
  noEmergencyContact: (facility: string) =>
    `${facility} has no Emergency Contact with a 24-hour phone: the Tier II filing needs one. Add it (contact type Emergency Contact, a phone of type 24-hour) in ${WHERE}.`,
  noInformationContact: (facility: string) =>
    `${facility} has no Tier II Information Contact: the Tier II filing needs one. Add it in ${WHERE}.`,
  legacyHazardsOnly:
    'has only the legacy SARA hazard flags and no GHS hazard category: the .t2s will carry no hazard for it. Tick its Tier II Hazard Categories on the product.',
  missingStorage: (missing: readonly string[]) =>
    `has no ${[missing.slice(0, -1).join(', '), missing.at(-1)].filter(Boolean).join(' or ')} recorded: the Tier II filing gives each storage location of a reported chemical its storage type, pressure and temperature. Set them on the inventory line.`,
} as const;

/** The warnings about what the `.t2s` itself lacks, answered with the export. */
export const TIER2_FILE_WARNING_CODES = [
  'tier2_missing_contact',
  'tier2_legacy_hazards_only',
  'tier2_missing_storage',
  // The file cannot say that its figures rest on a partial sample list (decision 029).
  'sample_list',
] as const;

/** A warning about the facility, not a line: nothing in the inventory to fix. */
function facilityWarning(message: string): EngineWarning {
  return {
    code: 'tier2_missing_contact',
    severity: 'warning',
    message,
    inventory_product_id: null,
    product_id: null,
    product_name: '',
    location_stored: '',
  };
}

/**
 * The contacts 370.42 asks of a facility that the ones it names lack. Nothing when the snapshot
 * does not say (a report loaded without its contacts): absence is only warned when it is known.
 */
export function tier2ContactWarnings(facility: SnapshotFacility): EngineWarning[] {
  const contacts = facility.tier2_contacts;
  if (contacts === undefined) return [];
  const has = (type: string) => contacts.some((contact) => contact.contact_types.includes(type));
  const warnings: EngineWarning[] = [];
  if (!has(OWNER_OPERATOR)) warnings.push(facilityWarning(TIER2_FILE_MSG.noOwnerOperator(facility.name)));
  const emergencyReachable = contacts.some(
    (contact) =>
      contact.contact_types.includes(EMERGENCY_CONTACT) && contact.phone_types.includes(TWENTY_FOUR_HOUR),
  );
  if (!emergencyReachable) warnings.push(facilityWarning(TIER2_FILE_MSG.noEmergencyContact(facility.name)));
  if (!has(INFORMATION_CONTACT))
    warnings.push(facilityWarning(TIER2_FILE_MSG.noInformationContact(facility.name)));
  return warnings;
}

/** The lines that make up the reported rows, each once, in the rows' order: what the `.t2s` files. */
function reportedLines(
  rows: readonly Tier2Row[],
  lineById: ReadonlyMap<number, SnapshotLine>,
): SnapshotLine[] {
  const lines = new Map<number, SnapshotLine>();
  for (const row of rows) {
    if (!row.reportable) continue;
    for (const c of row.explanation.contributions) {
      const line = lineById.get(c.inventory_product_id);
      if (line && !lines.has(line.inventory_product_id)) lines.set(line.inventory_product_id, line);
    }
  }
  return [...lines.values()];
}

/**
 * One warning per product of a reported row whose lines record no GHS category (from 2017, when
 * the file carries only those): the row's legacy flags do not go into the `.t2s`.
 */
export function tier2LegacyHazardWarnings(
  rows: readonly Tier2Row[],
  lineById: ReadonlyMap<number, SnapshotLine>,
  year: number,
): EngineWarning[] {
  if (year < TIER2_GHS_FIRST_YEAR) return [];
  const warned = new Set<number>();
  const warnings: EngineWarning[] = [];
  for (const line of reportedLines(rows, lineById)) {
    if (warned.has(line.product_id) || (line.hazard_categories ?? []).length > 0) continue;
    // A line with no flag at all has the engine's own warning (no hazard category recorded).
    if (!LEGACY_HAZARD_FLAGS.some((flag) => line[flag])) continue;
    // Lines of one product share its categories: the first line found stands for the product.
    warned.add(line.product_id);
    warnings.push(lineWarning(line, 'tier2_legacy_hazards_only', TIER2_FILE_MSG.legacyHazardsOnly));
  }
  return warnings;
}

/** A line's storage conditions as the Tier II form names them, in its order. */
const STORAGE_CONDITIONS = [
  ['storage_type', 'storage type'],
  ['storage_pressure', 'storage pressure'],
  ['storage_temperature', 'storage temperature'],
] as const;

/**
 * One warning per line of a reported row that lacks a storage condition (rules §3: each storage
 * location with storage type, pressure and temperature): the report and the `.t2s` would file the
 * location without it, and nothing else says so.
 */
export function tier2StorageWarnings(
  rows: readonly Tier2Row[],
  lineById: ReadonlyMap<number, SnapshotLine>,
): EngineWarning[] {
  return reportedLines(rows, lineById).flatMap((line) => {
    const missing = STORAGE_CONDITIONS.filter(([field]) => !line[field]?.trim()).map(([, label]) => label);
    return missing.length === 0
      ? []
      : [lineWarning(line, 'tier2_missing_storage', TIER2_FILE_MSG.missingStorage(missing))];
  });
}
