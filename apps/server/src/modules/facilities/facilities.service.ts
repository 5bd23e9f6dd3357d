import {
  type AutocompleteItem,
  CUSTOMER_MSG,
  type FacilityAutocompleteQuery,
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
import { toPage } from '../../lib/list-query.ts';
import { toggleActive } from '../../lib/toggle-active.ts';
import { saveAddress, toAddressResource } from '../addresses/addresses.service.ts';
import { customerExists } from '../customers/customers.repository.ts';
import {
  checkFacilityVersion,
  type FacilityReportInputs,
  type FacilityRow,
  findFacility,
  findFacilityRow,
  insertFacility,
  linkCustomer,
  selectFacilityListRows,
  selectFacilityPickerRows,
  selectSharedCustomers,
  setFacilityActive,
  updateFacilityRow,
} from './facilities.repository.ts';

type SaveFacility = z.output<typeof SaveFacilityRequestSchema>;
const ENTITY = 'facility';

function toResource(row: FacilityRow, sharedWith: { id: number; name: string }[]): FacilityResource {
  const address = toAddressResource(row.address);
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
    spcc_could_discharge: row.facility.spccCouldDischarge,
    is_active: row.facility.isActive,
    created_at: toIso(row.facility.createdAt),
    updated_at: toIso(row.facility.updatedAt),
  };
}

async function getFacility(db: Db | Tx, id: number): Promise<FacilityResource> {
  const row = await findFacilityRow(db, id);
  return toResource(row, await selectSharedCustomers(db, id));
}

/** The list leaves out each row's shared customers; the detail call has them. */
async function listFacilities(db: Db, query: FacilityListQuery): Promise<ListPage<FacilityResource>> {
  const { rows, total } = await selectFacilityListRows(db, query);
  return toPage(
    rows.map((row) => toResource(row, [])),
    total,
    query.page,
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
    const resource = await getFacility(tx, id);
    await recordAudit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, before, after: resource });
    return resource;
  });
}

/** The report inputs of issue 21; each omitted one (undefined) keeps what is stored, or the column's default. */
function facilityReportInputs(body: SaveFacility): FacilityReportInputs {
  return {
    emergencyCoordinatorName: body.emergency_coordinator_name,
    emergencyCoordinatorTitle: body.emergency_coordinator_title,
    emergencyCoordinatorPhone: body.emergency_coordinator_phone,
    isRetailGasStation: body.is_retail_gas_station,
    isUstCompliant: body.is_ust_compliant,
    spccCouldDischarge: body.spcc_could_discharge,
  };
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
