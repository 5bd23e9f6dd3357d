import {
  TIER2_IMPORT_MSG,
  type Tier2Chemical,
  type Tier2Dataset,
  type Tier2Facility,
  type Tier2ImportPlan,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflictWith } from '../../lib/app-error.ts';
import { customerExists, findCustomer } from '../customers/customers.repository.ts';
import type { FacilityTier2Columns } from '../facilities/facilities.repository.ts';
import {
  findYearInventory,
  type ImportFacilityRow,
  type ProductCandidate,
  selectCustomerContacts,
  selectCustomerFacilities,
  selectProductCandidates,
} from './tier2-import.repository.ts';
import {
  amountOf,
  certificationOf,
  componentCas,
  contactName,
  coordinatorColumns,
  facilityChanges,
  facilityColumns,
  fileHazards,
  type ImportedCertification,
  key,
  linesOf,
  productCasNumbers,
} from './tier2-import-columns.ts';
import { readTier2File } from './tier2-reader.ts';

/**
 * Reading and planning a Tier II import: the uploaded file read, its facilities, chemicals and
 * contacts matched to what the customer holds, and the plan the preview shows and the write follows.
 * Reads only.
 */

/** The bytes of an upload as the dataset; the reader's refusal as the HTTP answer. */
export function readUploadedFile(bytes: Uint8Array): Tier2Dataset {
  const result = readTier2File(bytes);
  if (result.ok) return result.dataset;
  const code =
    result.status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : result.status === 415
        ? 'UNSUPPORTED_MEDIA_TYPE'
        : 'VALIDATION';
  throw new AppError(code, result.message, { file: [result.message] });
}

/** "99.5%", as the reason prints a percent. */
const percentText = (percent: number | null) => (percent === null ? 'no stated percent' : `${percent}%`);

/**
 * The catalog product a chemical is, and why (issue 33 point 7: import without bending): a pure
 * chemical by its CAS at 100% (a 99.5% product would shrink the file's pounds), a mixture by its
 * name and the CAS numbers of its components (the same set), a chemical with no CAS by its name
 * alone; in every case with the file's hazard categories, which the line's product carries.
 */
function matchProduct(
  chemical: Tier2Chemical,
  candidates: readonly ProductCandidate[],
): { product: ProductCandidate | undefined; reason: string } {
  const sameName = (candidate: ProductCandidate) => key(candidate.name) === key(chemical.chemName);
  const sorted = (list: readonly string[]) => [...new Set(list)].sort().join(',');
  const hazards = sorted(fileHazards(chemical));
  const sameHazards = (candidate: ProductCandidate) => sorted(candidate.tier2HazardCategories) === hazards;
  const pick = (found: ProductCandidate[], reason: string) => {
    const product = found.filter(sameHazards).find(sameName) ?? found.find(sameHazards);
    if (product) return { product, reason };
    const other = found.find(sameName) ?? found[0];
    return {
      product: undefined,
      reason: other ? TIER2_IMPORT_MSG.otherHazards(other.name) : TIER2_IMPORT_MSG.noMatch,
    };
  };
  if (chemical.mixtureComponents.length > 0) {
    const wanted = sorted(productCasNumbers(chemical));
    return pick(
      candidates.filter((candidate) => sameName(candidate) && sorted(candidate.casNumbers) === wanted),
      TIER2_IMPORT_MSG.matchedMixture,
    );
  }
  if (chemical.casNumber !== '') {
    const single = candidates.filter(
      (candidate) => candidate.casNumbers.length === 1 && candidate.casNumbers[0] === chemical.casNumber,
    );
    const pure = single.filter((candidate) => candidate.percents[0] === 100);
    if (pure.length === 0 && single.length > 0) {
      const near = single.find(sameName) ?? single[0]!;
      return {
        product: undefined,
        reason: TIER2_IMPORT_MSG.notPure(
          near.name,
          chemical.casNumber,
          percentText(near.percents[0] ?? null),
        ),
      };
    }
    return pick(pure, TIER2_IMPORT_MSG.matchedPure(chemical.casNumber));
  }
  return pick(
    candidates.filter((candidate) => sameName(candidate) && candidate.casNumbers.length === 0),
    TIER2_IMPORT_MSG.matchedByName,
  );
}

/** The chemical's key in the plan: its facility's and its own place in the file, from 1. */
const chemicalKey = (facilityIndex: number, chemicalIndex: number) =>
  `${facilityIndex + 1}-${chemicalIndex + 1}`;

export interface FacilityPlan {
  facility: Tier2Facility;
  columns: FacilityTier2Columns;
  match: ImportFacilityRow | undefined;
  inventoryId: number | null;
  /** The facility-year's certifier and date signed, for its inventory (issue 36). */
  certification: ImportedCertification;
}

export interface Plan {
  dataset: Tier2Dataset;
  customerId: number | null;
  customerName: string;
  facilities: FacilityPlan[];
  /** Chemical (by facility and index) → the product it uses, if any (none: a new product). */
  products: Map<Tier2Chemical, ProductCandidate | undefined>;
  contacts: Map<string, number | undefined>;
  view: Tier2ImportPlan;
}

export async function makePlan(
  db: Db | Tx,
  dataset: Tier2Dataset,
  customerId: number | null,
  newProducts: ReadonlySet<string> = new Set(),
): Promise<Plan> {
  const first = dataset.facilities[0];
  let customerName = first?.facilityName ?? '';
  if (customerId !== null) {
    if (!(await customerExists(db, customerId)))
      throw new AppError('NOT_FOUND', TIER2_IMPORT_MSG.customerNotFound);
    customerName = (await findCustomer(db, customerId)).customer.name;
  }
  const existing = customerId === null ? [] : await selectCustomerFacilities(db, customerId);
  const warnings: string[] = [];
  const facilities: FacilityPlan[] = [];
  for (const facility of dataset.facilities) {
    const match = existing.find(
      (row) =>
        key(row.name) === key(facility.facilityName) &&
        key(row.street) === key(facility.streetAddress.street),
    );
    let inventoryId: number | null = null;
    if (match && customerId !== null) {
      const inventory = await findYearInventory(db, {
        customerId,
        facilityId: match.id,
        year: dataset.reportYear,
      });
      if (inventory && inventory.lines > 0) {
        throw conflictWith(TIER2_IMPORT_MSG.inventoryNotEmpty(dataset.reportYear, match.name), {
          inventory_id: inventory.id,
          facility_id: match.id,
          year: dataset.reportYear,
        });
      }
      inventoryId = inventory?.id ?? null;
    }
    const certified = certificationOf(facility, dataset.reportYear);
    warnings.push(...certified.warnings);
    facilities.push({
      facility,
      columns: { ...facilityColumns(facility), ...coordinatorColumns(facility, dataset.contacts) },
      match,
      inventoryId,
      certification: certified.certification,
    });
  }

  const chemicals = dataset.facilities.flatMap((facility) => facility.chemicals);
  const candidates = await selectProductCandidates(
    db,
    chemicals.map((chemical) => chemical.chemName),
    chemicals.flatMap((chemical) => (chemical.casNumber === '' ? [] : [chemical.casNumber])),
  );
  const keys = new Map<Tier2Chemical, string>();
  for (const [f, facility] of dataset.facilities.entries()) {
    for (const [c, chemical] of facility.chemicals.entries()) keys.set(chemical, chemicalKey(f, c));
  }
  const unknown = [...newProducts].filter((wanted) => ![...keys.values()].includes(wanted));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION', TIER2_IMPORT_MSG.newProductsField, {
      new_products: [TIER2_IMPORT_MSG.newProductsField],
    });
  }
  const products = new Map<Tier2Chemical, ProductCandidate | undefined>();
  const reasons = new Map<Tier2Chemical, string>();
  for (const chemical of chemicals) {
    const found = matchProduct(chemical, candidates);
    // "Create a new product", chosen in the preview, wins over a match.
    const chosenNew = found.product !== undefined && newProducts.has(keys.get(chemical)!);
    products.set(chemical, chosenNew ? undefined : found.product);
    reasons.set(chemical, chosenNew ? TIER2_IMPORT_MSG.chosenNew : found.reason);
  }

  const stored = customerId === null ? [] : await selectCustomerContacts(db, customerId);
  const contacts = new Map<string, number | undefined>();
  for (const contact of dataset.contacts) {
    const match =
      stored.find((row) => row.tier2RecordId !== null && row.tier2RecordId === contact.recordId) ??
      stored.find((row) => key(contactName(row)) === key(contactName(contact)));
    contacts.set(contact.recordId, match?.id);
  }

  for (const chemical of chemicals) {
    for (const component of chemical.mixtureComponents) {
      if (componentCas(component.componentName, component.casNumber) === '') {
        warnings.push(
          `${chemical.chemName}: the component ${component.componentName} has no CAS number and is not added to the product.`,
        );
      }
    }
    for (const location of chemical.storageLocations) {
      if (amountOf(location).gallons !== null) {
        warnings.push(
          `${chemical.chemName} at ${location.locationDescription}: the amount is in gallons; the line keeps the gallons and the product needs a density for pounds.`,
        );
      }
    }
  }

  const view: Tier2ImportPlan = {
    year: dataset.reportYear,
    customer: { id: customerId, name: customerName, status: customerId === null ? 'new' : 'matched' },
    facilities: facilities.map(({ facility, columns, match, inventoryId, certification }) => ({
      name: facility.facilityName,
      street: facility.streetAddress.street,
      city: facility.streetAddress.city,
      state: facility.streetAddress.state,
      zip: facility.streetAddress.zipcode,
      record_id: facility.recordId,
      status: match ? 'matched' : 'new',
      facility_id: match?.id ?? null,
      changes: match ? facilityChanges(match, columns) : {},
      year: dataset.reportYear,
      inventory: { status: inventoryId === null ? 'new' : 'empty', inventory_id: inventoryId },
      certification,
    })),
    chemicals: dataset.facilities.flatMap((facility) =>
      facility.chemicals.map((chemical) => {
        const product = products.get(chemical);
        return {
          key: keys.get(chemical)!,
          facility: facility.facilityName,
          name: chemical.chemName,
          cas_number: chemical.casNumber,
          is_mixture: chemical.mixture === true || chemical.mixtureComponents.length > 0,
          status: product ? ('matched' as const) : ('new' as const),
          product_id: product?.id ?? null,
          product_name: product?.name ?? null,
          product_mfg_name: product?.mfgName ?? null,
          product_cas_numbers: product?.casNumbers ?? [],
          reason: reasons.get(chemical)!,
          hazard_categories: fileHazards(chemical),
          components: chemical.mixtureComponents.length,
          max_amount_lb: chemical.maxAmount,
          max_amount_code: chemical.maxAmountCode,
          locations: chemical.storageLocations.length,
        };
      }),
    ),
    contacts: dataset.contacts.map((contact) => ({
      record_id: contact.recordId,
      name: contactName(contact),
      types: contact.contactTypes,
      status: contacts.get(contact.recordId) === undefined ? ('new' as const) : ('matched' as const),
      contact_id: contacts.get(contact.recordId) ?? null,
    })),
    lines: dataset.facilities.flatMap((facility) =>
      facility.chemicals.flatMap((chemical) =>
        linesOf(chemical).map((line) => ({
          facility: facility.facilityName,
          chemical: chemical.chemName,
          location: line.location.locationDescription,
          storage_type: line.location.storageType,
          pounds: line.pounds,
          average_pounds: line.averagePounds,
          days_on_site: line.daysOnSite,
        })),
      ),
    ),
    notes: [
      TIER2_IMPORT_MSG.notCarried,
      TIER2_IMPORT_MSG.linesComeIn,
      TIER2_IMPORT_MSG.hazardsFromFile,
      TIER2_IMPORT_MSG.coordinator,
    ],
    warnings,
  };
  return { dataset, customerId, customerName, facilities, products, contacts, view };
}
