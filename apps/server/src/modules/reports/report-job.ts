import {
  compliance,
  parseContainerPlacement,
  parseFireCodeUseMode,
  parseSpccExclusion,
  REGULATORY_LIST_TYPES,
  REPORT_MSG,
  type ReportRequestValues,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { fromNumeric } from '../../lib/numeric.ts';
import { permitAmountsInForce } from '../fire-code-permits/fire-code-permits.service.ts';
import { findFacilityOf } from '../inventories/inventories.repository.ts';
import { productReportInputs } from '../products/product-data.ts';
import {
  referenceEntriesInUse,
  referenceEntriesVersion,
} from '../reference-lists/reference-lists.service.ts';
import type { ReportInputs } from './documents/draw.ts';
import {
  findCustomerName,
  findFacilityAddress,
  findReportInventory,
  type ReportComponentRow,
  type ReportLineRow,
  selectListUploadDates,
  selectReportLines,
} from './reports.repository.ts';
import type { ReportLines } from './workers/index.ts';

/** Hazard classes named exactly as a Tier II category (rules §0.5) count as that category. */
const TIER2_CATEGORY_BY_NAME = new Map(
  compliance.TIER2_HAZARD_CATEGORIES.map((category) => [category.toLowerCase(), category]),
);

function toSnapshotLine(row: ReportLineRow): compliance.SnapshotLine {
  const categories = [...row.tier2HazardCategories, ...row.hazardNames]
    .map((name) => TIER2_CATEGORY_BY_NAME.get(name.trim().toLowerCase()))
    .filter((category): category is compliance.Tier2HazardCategory => category !== undefined);
  return {
    inventory_product_id: row.id,
    product_id: row.productId,
    product_name: row.name,
    physical_state: row.physicalState,
    container_name: row.containerName,
    unit_name: row.unitName,
    unit_type: row.unitType,
    container_size: fromNumeric(row.containerSize),
    container_quantity: fromNumeric(row.containerQuantity),
    max_gallons: fromNumeric(row.maxGallons),
    max_pounds: fromNumeric(row.maxPounds),
    pounds_per_gallon: fromNumeric(row.poundsPerGallon),
    specific_gravity: fromNumeric(row.specificGravity),
    density: fromNumeric(row.density),
    conversion_factor: fromNumeric(row.conversionFactor),
    is_sara_f: row.isSaraF,
    is_sara_p: row.isSaraP,
    is_sara_r: row.isSaraR,
    is_sara_a: row.isSaraA,
    is_sara_c: row.isSaraC,
    is_spcc: row.isSpcc,
    is_manufactured: row.isManufactured,
    is_processed: row.isProcessed,
    is_otherwise_used: row.isOtherwiseUsed,
    location_stored: row.locationStored,
    components: row.components.map(toSnapshotComponent),
    ...productReportInputs(row),
    nfpa: row.nfpa,
    hazard_categories: [...new Set(categories)],
    annual_pounds: {
      manufactured: fromNumeric(row.annualPoundsManufactured),
      processed: fromNumeric(row.annualPoundsProcessed),
      otherwise_used: fromNumeric(row.annualPoundsOtherwiseUsed),
    },
    meets_313_qualifier: row.meets313Qualifier,
    flash_point_f: row.flashPoints,
    is_fuel_use_only: row.isFuelUseOnly,
    is_atmospheric_storage: row.isAtmosphericStorage,
    mfg_name: row.mfgName,
    fire_code_use_mode: parseFireCodeUseMode(row.fireCodeUseMode),
    is_outdoor: row.isOutdoor,
    average_pounds: fromNumeric(row.averagePounds),
    days_on_site: row.daysOnSite,
    // '' is "not given": the engine reads null as unknown, not as a label.
    storage_type: row.storageType || null,
    storage_pressure: row.storagePressure || null,
    storage_temperature: row.storageTemperature || null,
    carried_over_from_year: row.isUncheckedCarryOver ? row.sourceYear : null,
    has_open_question: row.hasOpenQuestion,
    ...spccInputs(row),
  };
}

/** The SPCC columns of the line and its container type (rules §7), as the engine reads them. */
function spccInputs(row: ReportLineRow) {
  return {
    shell_capacity_gal: fromNumeric(row.shellCapacityGal),
    container_type_shell_capacity_gal: fromNumeric(row.containerShellCapacityGal),
    placement: parseContainerPlacement(row.placement),
    container_type_placement: parseContainerPlacement(row.containerPlacement),
    spcc_exclusion: parseSpccExclusion(row.spccExclusion),
  };
}

/**
 * A component's stored percent as the engine reads it (rules §0.1): a single figure (low = high)
 * as `percentage_weight`, a range as low and high only, so the engine picks its point per programme.
 */
function snapshotPercent(low: number | null, high: number | null) {
  return {
    percentage_weight: low !== null && low === high ? high : null,
    percentage_weight_low: low,
    percentage_weight_high: high,
  };
}

function toSnapshotComponent(row: ReportComponentRow): compliance.SnapshotComponent {
  return {
    chemical_component_id: row.chemicalComponentId,
    cas_number: row.casNumber,
    name: row.name,
    ...snapshotPercent(fromNumeric(row.percentageWeightLow), fromNumeric(row.percentageWeight)),
    percentage_volume: fromNumeric(row.percentageVolume),
    is_carcinogen: row.isCarcinogen,
  };
}

/** A number per database object, so lines kept in a worker never answer another database's report. */
const databaseKeys = new WeakMap<object, number>();
let nextDatabaseKey = 1;
function databaseKey(db: Db): number {
  let key = databaseKeys.get(db);
  if (key === undefined) {
    key = nextDatabaseKey++;
    databaseKeys.set(db, key);
  }
  return key;
}

/**
 * A report to draw: its inputs but the facility-year's lines, and the lines under a key naming
 * the database, the inventory and the versions of what they read (decision 022), read only when
 * the worker drawing the report does not keep them already.
 */
export interface ReportJob {
  /** The report's inputs, `snapshot.lines` empty: the lines come from `lines`. */
  inputs: ReportInputs;
  lines: ReportLines;
  /** The version of the inventory's lines read (issue 36: a filed report drawn before a change says so). */
  linesVersion: number;
  /**
   * The inventory and the versions of its lines, the catalogs they join and the reference lists,
   * as every process of the database reads them (issue 37: a preview's version).
   */
  dataKey: string;
}

/**
 * The facility-year the request names, loaded as the engine's inputs with the lines left to
 * `lines.load()`: plain data, drawn into the report in a worker thread (`workers/index.ts`). 422
 * for a type the engine has no rule for yet; 404 for a customer that does not exist, a facility
 * that is not the customer's, or a year with no inventory (spec 02 §8).
 */
export async function loadReportJob(db: Db, request: ReportRequestValues): Promise<ReportJob> {
  const { type } = request;
  if (!compliance.isReportAvailable(type)) throw fieldError('type', REPORT_MSG.notAvailable);
  // Asked together, answered in the spec's order of 404s.
  const [customerName, facility, inventory] = await Promise.all([
    findCustomerName(db, request.customer_id),
    findFacilityOf(db, request.facility_id, request.customer_id),
    findReportInventory(db, request.customer_id, request.facility_id, request.year),
  ]);
  if (customerName === undefined) throw notFound('Customer');
  if (!facility?.belongs) throw notFound('Facility');
  if (inventory === undefined) throw new AppError('NOT_FOUND', REPORT_MSG.noInventory);
  const inventoryId = inventory.id;

  const [facilityRow, entries, uploads, permitAmounts] = await Promise.all([
    findFacilityAddress(db, request.facility_id),
    referenceEntriesInUse(db),
    selectListUploadDates(db),
    permitAmountsInForce(db),
  ]);
  const tier2Contacts = facilityRow?.tier2Contacts;

  const snapshot: compliance.ComplianceSnapshot = {
    customer: { id: request.customer_id, name: customerName },
    facility: {
      id: facility.id,
      name: facility.name,
      address: facilityRow ?? null,
      emergency_coordinator: facilityRow?.emergencyCoordinatorName
        ? {
            name: facilityRow.emergencyCoordinatorName,
            title: facilityRow.emergencyCoordinatorTitle,
            phone: facilityRow.emergencyCoordinatorPhone,
          }
        : null,
      is_retail_gas_station: facilityRow?.isRetailGasStation ?? false,
      is_ust_compliant: facilityRow?.isUstCompliant ?? false,
      is_retail_facility: facilityRow?.isRetailFacility ?? false,
      spcc_could_discharge: facilityRow?.spccCouldDischarge ?? true,
      naics_code: facilityRow?.naicsCode ?? null,
      ...(type === 'epcra_311_312_tier2' && tier2Contacts ? { tier2_contacts: tier2Contacts } : {}),
    },
    year: request.year,
    inventory_id: inventoryId,
    certification: {
      name: inventory.certifierName,
      title: inventory.certifierTitle,
      date_signed: inventory.dateSigned,
    },
    lines: [],
  };
  const uploadedAt: Partial<Record<(typeof REGULATORY_LIST_TYPES)[number], string | null>> = {};
  const sampleRows: Partial<Record<(typeof REGULATORY_LIST_TYPES)[number], number>> = {};
  for (const listType of REGULATORY_LIST_TYPES) {
    const upload = uploads.get(listType);
    uploadedAt[listType] = upload?.updatedAt.toISOString() ?? null;
    if (upload?.isSample)
      sampleRows[listType] = entries.filter((entry) => entry.list_type === listType).length;
  }
  return {
    inputs: {
      type,
      snapshot,
      lists: {
        entries,
        uploaded_at: uploadedAt,
        sample_rows: sampleRows,
        fire_code_permit_amounts: permitAmounts,
      },
      options: {
        percent_basis: request.percent_basis,
        tier2_non_ehs_basis: request.tier2_option === 'component' ? 'component' : 'product',
      },
      inventoryId,
      generatedAt: new Date(),
    },
    linesVersion: Number(inventory.linesVersion),
    dataKey: `${inventoryId}:${inventory.linesVersion}:${inventory.catalogVersion}:${referenceEntriesVersion(entries) ?? ''}`,
    lines: {
      key: `${databaseKey(db)}:${inventoryId}:${inventory.linesVersion}:${inventory.catalogVersion}`,
      load: async () => (await selectReportLines(db, inventoryId)).map(toSnapshotLine),
    },
  };
}

/** A job's inputs with its lines read: a report drawn on this thread. */
export async function withLines({ inputs, lines }: ReportJob): Promise<ReportInputs> {
  return { ...inputs, snapshot: { ...inputs.snapshot, lines: await lines.load() } };
}

/** The facility-year's whole inputs, lines read (scripts, the Tier II export, tests of the figures). */
export async function loadReportInputs(db: Db, request: ReportRequestValues): Promise<ReportInputs> {
  return withLines(await loadReportJob(db, request));
}
