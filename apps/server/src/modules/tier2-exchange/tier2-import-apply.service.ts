import {
  SaveComponentRequestSchema,
  SaveCustomerRequestSchema,
  SaveFacilityRequestSchema,
  SaveInventoryRequestSchema,
  SaveProductRequestSchema,
  type Tier2Chemical,
  type Tier2Facility,
  type Tier2ImportWritten,
} from '@chemtrack/domain';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit.ts';
import { productComponents } from '../chemical-components/chemical-components.service.ts';
import { type ImportedContact, importContacts, linkFacilityContacts } from '../contacts/contacts.service.ts';
import { customersService } from '../customers/customers.service.ts';
import { applyTier2Facility, facilitiesService } from '../facilities/facilities.service.ts';
import { inventoriesService } from '../inventories/inventories.service.ts';
import { type ImportedLine, insertImportedLines } from '../inventory-products/line-import.service.ts';
import { createProductForLine } from '../products/products.service.ts';
import { componentCas, contactName, fileHazards, linesOf, physicalStateOf } from './tier2-import-columns.ts';
import type { FacilityPlan, Plan } from './tier2-import-plan.service.ts';

/**
 * Applying a Tier II import plan: the customer, facilities, inventories, products, contacts and
 * lines written through the owning areas' services (their rules and audit rows apply), inside the
 * caller's transaction.
 */

/** Products a Tier II file creates name no manufacturer; the catalog requires one. */
export const IMPORTED_MFG_NAME = 'Unknown (Tier II import)';

export async function createCustomerFor(tx: Tx, actor: Actor, facility: Tier2Facility): Promise<number> {
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

/** The facility's links to the file's contacts, by the ids the contacts were matched or written with. */
function contactLinks(item: FacilityPlan, contactIds: ReadonlyMap<string, number>) {
  return item.facility.contactIds.flatMap((link) => {
    const contactId = contactIds.get(link.contactId);
    return contactId === undefined ? [] : [{ contactId, tier2LinkId: link.linkId }];
  });
}

async function createInventoryFor(
  tx: Tx,
  actor: Actor,
  year: number,
  customerId: number,
  facilityId: number,
) {
  const body = SaveInventoryRequestSchema.parse({
    year,
    customer_id: customerId,
    facility_id: facilityId,
    technician_ids: [],
  });
  return (await inventoriesService.create(tx, actor, body)).id;
}

/** A chemical's lines, one per storage location, as the inventory lines area writes them. */
function importedLines(chemical: Tier2Chemical, productId: number): ImportedLine[] {
  return linesOf(chemical).map((line) => ({
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
  }));
}

/**
 * The plan written for the customer `owner`: the contacts, then per facility its Tier II columns,
 * contact links, inventory of the year, the products it lacks and its lines. Answers the ids written.
 */
export async function writeTier2Plan(
  tx: Tx,
  actor: Actor,
  plan: Plan,
  owner: number,
): Promise<Tier2ImportWritten> {
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
    await linkFacilityContacts(tx, facilityId, contactLinks(item, contacts.ids));
    written.facility_ids.push(facilityId);

    const inventoryId =
      item.inventoryId ?? (await createInventoryFor(tx, actor, plan.dataset.reportYear, owner, facilityId));
    written.inventory_ids.push(inventoryId);
    // The file's certifier signed this year's form: the inventory keeps it (issue 36).
    const { certification } = item;
    if (certification.certifier_name !== '' || certification.date_signed !== null)
      await inventoriesService.applyTier2Certification(tx, actor, inventoryId, certification);

    const lines: ImportedLine[] = [];
    for (const chemical of item.facility.chemicals) {
      let productId = plan.products.get(chemical)?.id ?? productIds.get(chemical);
      if (productId === undefined) {
        productId = await createProductFor(tx, actor, chemical);
        written.product_ids.push(productId);
      }
      productIds.set(chemical, productId);
      lines.push(...importedLines(chemical, productId));
    }
    written.line_ids.push(...(await insertImportedLines(tx, actor, inventoryId, lines)));
  }
  return written;
}
