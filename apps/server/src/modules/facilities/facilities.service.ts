import {
  type AutocompleteItem,
  CUSTOMER_MSG,
  contactName,
  FACILITY_MSG,
  type FacilityAutocompleteQuery,
  type FacilityContact,
  type FacilityListQuery,
  type FacilityResource,
  formatFullAddress,
  type ListPage,
  type SaveFacilityRequestSchema,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { toListedPage, toPage } from '../../lib/list-query.ts';
import { toggleActive } from '../../lib/toggle-active.ts';
import { saveAddress, toAddressResource } from '../addresses/addresses.service.ts';
import { selectCustomerContactIds, selectFacilityContacts } from '../contacts/contacts.repository.ts';
import { linkFacilityContacts } from '../contacts/contacts.service.ts';
import { customerExists } from '../customers/customers.repository.ts';
import {
  checkFacilityVersion,
  type FacilityReportInputs,
  type FacilityRow,
  type FacilityTier2Columns,
  findFacility,
  findFacilityRow,
  insertFacility,
  linkCustomer,
  selectFacilityListRows,
  selectFacilityPickerRows,
  selectSharedCustomers,
  setFacilityActive,
  updateFacilityRow,
  updateFacilityTier2Row,
} from './facilities.repository.ts';

type SaveFacility = z.output<typeof SaveFacilityRequestSchema>;
const ENTITY = 'facility';

function toResource(
  row: FacilityRow,
  sharedWith: { id: number; name: string }[],
  contacts: FacilityContact[],
): FacilityResource {
  const address = toAddressResource(row.address);
  const { facility } = row;
  return {
    id: row.facility.id,
    name: row.facility.name,
    customer_id: row.facility.customerId,
    customer: row.customer,
    customers: [row.customer, ...sharedWith.filter((c) => c.id !== row.customer.id)],
    address,
    full_address: formatFullAddress(address),
    county: row.facility.county,
    emergency_coordinator_name: row.facility.emergencyCoordinatorName,
    emergency_coordinator_title: row.facility.emergencyCoordinatorTitle,
    emergency_coordinator_phone: row.facility.emergencyCoordinatorPhone,
    is_retail_gas_station: row.facility.isRetailGasStation,
    is_ust_compliant: row.facility.isUstCompliant,
    is_retail_facility: row.facility.isRetailFacility,
    spcc_could_discharge: row.facility.spccCouldDischarge,
    naics_code: facility.naicsCode,
    duns_number: facility.dunsNumber,
    rmp_facility_id: facility.rmpFacilityId,
    tri_facility_id: facility.triFacilityId,
    latitude: facility.latitude === null ? null : Number(facility.latitude),
    longitude: facility.longitude === null ? null : Number(facility.longitude),
    fire_district: facility.fireDistrict,
    is_manned: facility.isManned,
    max_occupants: facility.maxOccupants,
    tier2_state_fields: (facility.tier2Extras.stateFields ?? []).map((field) => ({
      label: field.label,
      t2s_fieldname: field.t2sFieldname,
      data: field.data,
      required: field.required,
    })),
    contacts,
    is_active: row.facility.isActive,
    created_at: toIso(row.facility.createdAt),
    updated_at: toIso(row.facility.updatedAt),
  };
}

async function getFacility(db: Db | Tx, id: number): Promise<FacilityResource> {
  const row = await findFacilityRow(db, id);
  const [sharedWith, contacts] = await Promise.all([selectSharedCustomers(db, id), readContacts(db, id)]);
  return toResource(row, sharedWith, contacts);
}

/**
 * The contacts the facility names, in order, each with its 24-hour phone. Archived ones too: the
 * form sends back the ids it shows, and a save must not drop a link nobody removed.
 */
async function readContacts(db: Db | Tx, id: number): Promise<FacilityContact[]> {
  const rows = await selectFacilityContacts(db, id, { activeOnly: false });
  return rows.map((row) => ({
    id: row.id,
    name: contactName({ first_name: row.firstName, last_name: row.lastName }),
    contact_types: row.contactTypes,
    phone_24_hour: row.phone24Hour,
  }));
}

/**
 * A facility names only its customer's contacts (decision 018): the ids sent, or, when none are
 * sent, the ones it names now (a customer change must not leave another customer's behind).
 */
async function assertContacts(tx: Tx, customerId: number, contactIds: number[]): Promise<void> {
  const own = await selectCustomerContactIds(tx, customerId, contactIds);
  if (own.length !== contactIds.length) throw fieldError('contact_ids', FACILITY_MSG.contactsOfCustomer);
}

/** The form's links name no Tier II link id: each contact keeps the one it had. */
const toLinks = (contactIds: number[]) => contactIds.map((contactId) => ({ contactId }));

/** The list leaves out each row's shared customers and contacts; the detail call has them. */
async function listFacilities(db: Db, query: FacilityListQuery): Promise<ListPage<FacilityResource>> {
  const listed = await selectFacilityListRows(db, query);
  return toListedPage(
    listed.rows.map((row) => toResource(row, [], [])),
    listed,
    query.ipp,
  );
}

async function autocompleteFacilities(
  db: Db,
  query: FacilityAutocompleteQuery,
): Promise<ListPage<AutocompleteItem>> {
  const { rows, total } = await selectFacilityPickerRows(db, query);
  return toPage(rows, total, query.page, query.ipp);
}

async function assertCustomer(tx: Tx, id: number): Promise<void> {
  if (!(await customerExists(tx, id))) throw fieldError('customer_id', CUSTOMER_MSG.customerRequired);
}

async function createFacility(db: Db, actor: Actor, body: SaveFacility): Promise<FacilityResource> {
  return db.transaction(async (tx) => {
    await assertCustomer(tx, body.customer_id);
    const addressId = await saveAddress(tx, null, body.address, 'address');
    const id = await insertFacility(tx, {
      name: body.name,
      customerId: body.customer_id,
      addressId,
      isActive: body.is_active ?? true,
      ...facilityReportInputs(body),
      county: body.county ?? '',
    });
    await linkCustomer(tx, id, body.customer_id);
    if (body.contact_ids?.length) {
      await assertContacts(tx, body.customer_id, body.contact_ids);
      await linkFacilityContacts(tx, id, toLinks(body.contact_ids));
    }
    const resource = await getFacility(tx, id);
    await recordAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: resource });
    return resource;
  });
}

async function updateFacility(
  db: Db,
  actor: Actor,
  id: number,
  body: SaveFacility,
): Promise<FacilityResource> {
  return db.transaction(async (tx) => {
    const current = await findFacility(tx, id);
    await checkFacilityVersion(tx, { entity: ENTITY, id, readAt: body.updated_at });
    const before = await getFacility(tx, id);
    await assertCustomer(tx, body.customer_id);
    const addressId = await saveAddress(tx, current.addressId, body.address, 'address');
    // An omitted county (a client that predates it) is left as stored.
    await updateFacilityRow(tx, id, {
      name: body.name,
      customerId: body.customer_id,
      addressId,
      ...facilityReportInputs(body),
      county: body.county,
    });
    await linkCustomer(tx, id, body.customer_id);
    await assertContacts(tx, body.customer_id, body.contact_ids ?? before.contacts.map((c) => c.id));
    if (body.contact_ids) await linkFacilityContacts(tx, id, toLinks(body.contact_ids));
    const resource = await getFacility(tx, id);
    await recordAudit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after: resource });
    return resource;
  });
}

/** The report inputs of issue 21 and the Tier II identification of issue 25; each omitted one (undefined) keeps what is stored, or the column's default. */
function facilityReportInputs(body: SaveFacility): FacilityReportInputs {
  return {
    emergencyCoordinatorName: body.emergency_coordinator_name,
    emergencyCoordinatorTitle: body.emergency_coordinator_title,
    emergencyCoordinatorPhone: body.emergency_coordinator_phone,
    isRetailGasStation: body.is_retail_gas_station,
    isUstCompliant: body.is_ust_compliant,
    isRetailFacility: body.is_retail_facility,
    spccCouldDischarge: body.spcc_could_discharge,
    naicsCode: body.naics_code,
    dunsNumber: body.duns_number,
    rmpFacilityId: body.rmp_facility_id,
    triFacilityId: body.tri_facility_id,
    latitude: body.latitude,
    longitude: body.longitude,
    fireDistrict: body.fire_district,
    isManned: body.is_manned,
    maxOccupants: body.max_occupants,
  };
}

/**
 * Writes what a Tier II file says of a facility (the import, issue 25): its identification, record
 * id and state fields, which no form edits, with an update audit row marked as the import's.
 */
export async function applyTier2Facility(
  tx: Tx,
  actor: Actor,
  id: number,
  columns: FacilityTier2Columns,
): Promise<void> {
  const before = await getFacility(tx, id);
  await updateFacilityTier2Row(tx, id, columns);
  await recordAudit(tx, actor, {
    action: 'update',
    entity: ENTITY,
    entityId: id,
    details: {
      from_tier2_import: true,
      tier2_record_id: columns.tier2RecordId,
      tier2_extras: columns.tier2Extras,
    },
    before,
    after: await getFacility(tx, id),
  });
}

async function toggleFacility(db: Db, actor: Actor, id: number): Promise<FacilityResource> {
  return toggleActive(db, actor, {
    entity: ENTITY,
    id,
    isActive: async (tx) => (await findFacility(tx, id)).isActive,
    setActive: (tx, isActive) => setFacilityActive(tx, id, isActive),
    read: (tx) => getFacility(tx, id),
  });
}

export const facilitiesService = {
  list: listFacilities,
  autocomplete: autocompleteFacilities,
  get: getFacility,
  create: createFacility,
  update: updateFacility,
  toggle: toggleFacility,
} satisfies CrudService<FacilityResource, FacilityResource, FacilityListQuery, SaveFacility>;
