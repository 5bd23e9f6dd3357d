import {
  compliance,
  SaveComponentRequestSchema,
  SaveCustomerRequestSchema,
  SaveFacilityRequestSchema,
  SaveInventoryRequestSchema,
  SaveProductRequestSchema,
  TIER2_IMPORT_MSG,
  type Tier2Chemical,
  type Tier2Contact,
  type Tier2Dataset,
  type Tier2Facility,
  type Tier2FacilityExtras,
  type Tier2ImportPlan,
  type Tier2ImportWritten,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflictWith } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { productComponents } from '../chemical-components/chemical-components.service.ts';
import { type ImportedContact, importContacts, linkImportedContacts } from '../contacts/contacts.service.ts';
import { customerExists, findCustomer } from '../customers/customers.repository.ts';
import { customersService } from '../customers/customers.service.ts';
import type { FacilityTier2Columns } from '../facilities/facilities.repository.ts';
import { applyTier2Facility, facilitiesService } from '../facilities/facilities.service.ts';
import { inventoriesService } from '../inventories/inventories.service.ts';
import { type ImportedLine, insertImportedLines } from '../inventory-products/line-import.service.ts';
import { createProductForLine } from '../products/products.service.ts';
import {
  findYearInventory,
  type ImportFacilityRow,
  type ProductCandidate,
  selectCustomerContacts,
  selectCustomerFacilities,
  selectProductCandidates,
} from './tier2-import.repository.ts';
import { readTier2File } from './tier2-reader.ts';

/** Products a Tier II file creates name no manufacturer; the catalog requires one. */
export const IMPORTED_MFG_NAME = 'Unknown (Tier II import)';
/** The engine knows water by its CAS (`NOT_HAZARDOUS_COMPONENTS`); Tier2 Submit often leaves its CAS empty. */

const POUNDS_PER_KILOGRAM = 2.20462262185;
/** The Tier II contact type of the facility emergency coordinator (40 CFR 355.20(b)). */
const COORDINATOR_TYPE = 'Fac. Emergency Coordinator';

/** Case and spacing aside: "GREEN  valley" is Green Valley. */
function key(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

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

// ——— what the file says, in the app's columns ———

function facilityIdOf(facility: Tier2Facility, type: string): string {
  return facility.facilityIds.find((id) => key(id.type) === key(type))?.id ?? '';
}

/** The facility's Tier II columns from the file, and everything else it says kept in the extras. */
function facilityColumns(facility: Tier2Facility): FacilityTier2Columns {
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
function facilityChanges(
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
function physicalStateOf(chemical: Tier2Chemical) {
  if (chemical.gas && chemical.liquid) return 'liquified gas' as const;
  if (chemical.gas) return 'compressed gas' as const;
  if (chemical.liquid) return 'liquid' as const;
  if (chemical.solid) return 'solid' as const;
  return null;
}

/** A component's CAS: the file's, or water's when the file names water without one. */
function componentCas(name: string, cas: string): string {
  if (cas !== '') return cas;
  return key(name) === 'water' ? compliance.WATER_CAS : '';
}

/** The CAS numbers a new product of this chemical would hold: its components', or its own when pure. */
function productCasNumbers(chemical: Tier2Chemical): string[] {
  if (chemical.mixtureComponents.length > 0) {
    return chemical.mixtureComponents
      .map((component) => componentCas(component.componentName, component.casNumber))
      .filter((cas) => cas !== '');
  }
  return chemical.casNumber === '' ? [] : [chemical.casNumber];
}

/** The file's hazard categories of a chemical: the 23 standard ones marked true. */
function fileHazards(chemical: Tier2Chemical): string[] {
  return chemical.hazards
    .filter((hazard) => hazard.value)
    .map((hazard) => hazard.category)
    .filter(compliance.isTier2HazardCategory);
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

/** The phone an emergency coordinator is reached on: the 24-hour one, else the first; digits. */
function coordinatorPhone(contact: Tier2Contact): string {
  const phone = contact.phones.find((p) => p.phoneType === '24-hour') ?? contact.phones[0];
  return (phone?.phoneNumber ?? '').replace(/\D/g, '').slice(0, 20);
}

/** The facility's "Fac. Emergency Coordinator" in the file, as the facility's coordinator columns. */
function coordinatorColumns(facility: Tier2Facility, contacts: readonly Tier2Contact[]) {
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

function contactName(contact: Pick<Tier2Contact, 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName].filter((part) => part !== '').join(' ');
}

/** The location's amount in pounds (kilograms converted) or gallons, as the `unit` says (pounds when absent). */
function amountOf(location: { amount: number | null; amountUnit: string | null }) {
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
function linesOf(chemical: Tier2Chemical) {
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

// ——— the plan ———

interface FacilityPlan {
  facility: Tier2Facility;
  columns: FacilityTier2Columns;
  match: ImportFacilityRow | undefined;
  inventoryId: number | null;
}

interface Plan {
  dataset: Tier2Dataset;
  customerId: number | null;
  customerName: string;
  facilities: FacilityPlan[];
  /** Chemical (by facility and index) → the product it uses, if any (none: a new product). */
  products: Map<Tier2Chemical, ProductCandidate | undefined>;
  contacts: Map<string, number | undefined>;
  view: Tier2ImportPlan;
}

async function makePlan(
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
    facilities.push({
      facility,
      columns: { ...facilityColumns(facility), ...coordinatorColumns(facility, dataset.contacts) },
      match,
      inventoryId,
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
    facilities: facilities.map(({ facility, columns, match, inventoryId }) => ({
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

/** `POST /tier2/import?dry_run=1`: what the file would write; reads only. */
export async function previewTier2Import(
  db: Db,
  bytes: Uint8Array,
  customerId: number | null,
  newProducts: ReadonlySet<string> = new Set(),
) {
  return (await makePlan(db, readUploadedFile(bytes), customerId, newProducts)).view;
}

// ——— applying the plan, in one transaction ———

async function createCustomerFor(tx: Tx, actor: Actor, facility: Tier2Facility): Promise<number> {
  const body = SaveCustomerRequestSchema.parse({
    name: facility.facilityName.slice(0, 150),
    address: {
      address: facility.streetAddress.street,
      city: facility.streetAddress.city,
      state: facility.streetAddress.state,
      zip: facility.streetAddress.zipcode.replace(/\D/g, '').slice(0, 5),
    },
    // The import always makes a new customer unless told which one: a same-named one is not merged.
    confirm_duplicate: true,
  });
  return (await customersService.create(tx, actor, body)).id;
}

async function createFacilityFor(tx: Tx, actor: Actor, customerId: number, facility: Tier2Facility) {
  const body = SaveFacilityRequestSchema.parse({
    name: facility.facilityName.slice(0, 150),
    customer_id: customerId,
    address: {
      address: facility.streetAddress.street,
      city: facility.streetAddress.city,
      state: facility.streetAddress.state,
      zip: facility.streetAddress.zipcode.replace(/\D/g, '').slice(0, 5),
    },
    county: facility.county.slice(0, 100),
  });
  return (await facilitiesService.create(tx, actor, body)).id;
}

async function createProductFor(tx: Tx, actor: Actor, chemical: Tier2Chemical): Promise<number> {
  const categories = fileHazards(chemical);
  const body = SaveProductRequestSchema.parse({
    name: chemical.chemName.slice(0, 200),
    mfg_name: IMPORTED_MFG_NAME,
    physical_state: physicalStateOf(chemical),
    is_spcc: false,
    is_sara_f: false,
    is_sara_p: false,
    is_sara_r: false,
    is_sara_a: false,
    is_sara_c: false,
    tier2_hazard_categories: categories,
    hazard_ids: [],
  });
  const { productId } = await createProductForLine(tx, actor, body);
  const components =
    chemical.mixtureComponents.length > 0
      ? chemical.mixtureComponents.map((component) => ({
          name: component.componentName,
          cas: componentCas(component.componentName, component.casNumber),
          percent: component.componentPercentage,
          isVolume: component.weightOrVolume === 'volume',
        }))
      : chemical.casNumber === ''
        ? []
        : [{ name: chemical.chemName, cas: chemical.casNumber, percent: 100, isVolume: false }];
  for (const component of components) {
    if (component.cas === '') continue;
    const link = SaveComponentRequestSchema.parse({
      name: component.name.slice(0, 255),
      number: component.cas,
      percentage_weight: component.isVolume ? null : component.percent,
      percentage_volume: component.isVolume ? component.percent : null,
      // The catalog keeps one name per CAS: a known CAS keeps the catalog's name.
      use_catalog_name: true,
    });
    await productComponents.create(tx, actor, productId, link);
  }
  return productId;
}

/** The file's contacts: the matched ones' ids, the new ones written through the contacts area. */
async function writeContacts(tx: Tx, actor: Actor, customerId: number, plan: Plan) {
  const fresh: ImportedContact[] = plan.dataset.contacts
    .filter((contact) => plan.contacts.get(contact.recordId) === undefined)
    .map((contact) => ({
      recordId: contact.recordId,
      name: contactName(contact),
      values: {
        firstName: contact.firstName.slice(0, 100),
        lastName: (contact.lastName || contact.firstName).slice(0, 100),
        title: contact.title.slice(0, 100),
        email: contact.email.slice(0, 150),
        mailingStreet: contact.mailingAddress?.street.slice(0, 200) ?? '',
        mailingCity: contact.mailingAddress?.city.slice(0, 100) ?? '',
        mailingState: /^[A-Z]{2}$/.test(contact.mailingAddress?.state ?? '')
          ? contact.mailingAddress!.state
          : null,
        mailingZip: contact.mailingAddress?.zipcode.slice(0, 10) ?? '',
        mailingCountry: contact.mailingAddress?.country?.slice(0, 50) ?? '',
        contactTypes: contact.contactTypes.map((type) => type.slice(0, 60)),
        tier2RecordId: contact.recordId.slice(0, 40),
      },
      phones: contact.phones.map((phone) => ({
        phoneNumber: phone.phoneNumber.slice(0, 30),
        phoneType: phone.phoneType.slice(0, 30),
        tier2RecordId: phone.recordId?.slice(0, 40) ?? null,
      })),
    }));
  const written = await importContacts(tx, actor, customerId, fresh);
  const createdIds = new Map(written.map((contact) => [contact.recordId, contact.id]));
  const ids = new Map<string, number>();
  for (const contact of plan.dataset.contacts) {
    const id = plan.contacts.get(contact.recordId) ?? createdIds.get(contact.recordId);
    if (id !== undefined) ids.set(contact.recordId, id);
  }
  return { ids, created: written.map((contact) => contact.id) };
}

/** `POST /tier2/import`: the plan written in one transaction; answers the plan and what was written. */
export async function applyTier2Import(
  db: Db,
  actor: Actor,
  bytes: Uint8Array,
  customerId: number | null,
  newProducts: ReadonlySet<string> = new Set(),
) {
  const dataset = readUploadedFile(bytes);
  return db.transaction(async (tx) => {
    // Planned again inside the transaction, so what is written is what the database holds now.
    const plan = await makePlan(tx, dataset, customerId, newProducts);
    const first = dataset.facilities[0];
    const owner = customerId ?? (first ? await createCustomerFor(tx, actor, first) : null);
    if (owner === null)
      throw new AppError(
        'VALIDATION',
        TIER2_IMPORT_MSG.required('facility', '/epcraTier2Dataset/dataset/facilities'),
      );
    const written: Tier2ImportWritten = {
      customer_id: owner,
      facility_ids: [],
      inventory_ids: [],
      product_ids: [],
      contact_ids: [],
      line_ids: [],
    };
    const contacts = await writeContacts(tx, actor, owner, plan);
    written.contact_ids = contacts.created;
    const productIds = new Map<Tier2Chemical, number>();
    for (const item of plan.facilities) {
      const facilityId = item.match?.id ?? (await createFacilityFor(tx, actor, owner, item.facility));
      await applyTier2Facility(tx, actor, facilityId, item.columns);
      await linkImportedContacts(
        tx,
        facilityId,
        item.facility.contactIds.flatMap((link) => {
          const contactId = contacts.ids.get(link.contactId);
          return contactId === undefined ? [] : [{ contactId, tier2LinkId: link.linkId }];
        }),
      );
      written.facility_ids.push(facilityId);

      const inventoryId =
        item.inventoryId ??
        (
          await inventoriesService.create(
            tx,
            actor,
            SaveInventoryRequestSchema.parse({
              year: dataset.reportYear,
              customer_id: owner,
              facility_id: facilityId,
              technician_ids: [],
            }),
          )
        ).id;
      written.inventory_ids.push(inventoryId);

      const lines: ImportedLine[] = [];
      for (const chemical of item.facility.chemicals) {
        let productId = plan.products.get(chemical)?.id ?? productIds.get(chemical);
        if (productId === undefined) {
          productId = await createProductFor(tx, actor, chemical);
          written.product_ids.push(productId);
        }
        productIds.set(chemical, productId);
        for (const line of linesOf(chemical)) {
          lines.push({
            productId,
            locationStored: line.location.locationDescription.slice(0, 255),
            pounds: line.pounds,
            gallons: line.gallons,
            averagePounds: line.averagePounds,
            daysOnSite: line.daysOnSite,
            storageType: line.location.storageType || null,
            storagePressure: line.location.pressure || null,
            storageTemperature: line.location.temperature || null,
            chemicalRecordId: chemical.recordId,
            locationRecordId: line.location.recordId,
            casNumber: chemical.casNumber,
            componentRecordIds: chemical.mixtureComponents.flatMap((component) =>
              component.recordId === null
                ? []
                : [
                    {
                      recordId: component.recordId.slice(0, 40),
                      casNumber: component.casNumber,
                      componentName: component.componentName,
                    },
                  ],
            ),
          });
        }
      }
      written.line_ids.push(...(await insertImportedLines(tx, actor, inventoryId, lines)));
    }
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'tier2_import',
      details: {
        year: dataset.reportYear,
        customer_id: owner,
        facilities: written.facility_ids.length,
        lines: written.line_ids.length,
        products_created: written.product_ids.length,
        contacts_created: written.contact_ids.length,
      },
    });
    return { plan: plan.view, written };
  });
}
