import {
  type CopyInventoryProducts,
  INVENTORY_MSG,
  type InventoryAutocompleteItem,
  type InventoryAutocompleteQuery,
  type InventoryListQuery,
  type InventoryListRow,
  type InventoryResource,
  type InventoryYearFacts,
  type InventoryYearItem,
  inventoryYearFactIssues,
  isAllowed,
  type ListPage,
  type SaveInventoryRequestSchema,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflictWith, fieldError, forbidden, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { toListedPage, toPage } from '../../lib/list-query.ts';
import { toggleActive } from '../../lib/toggle-active.ts';
import { customerExists } from '../customers/customers.repository.ts';
import {
  checkInventoryVersion,
  copyLines,
  findFacilityOf,
  findInventoryRow,
  findSameYearInventory,
  hasLines,
  type InventoryRow,
  insertDuplicates,
  insertInventory,
  isAssignedOpenInventory,
  lockInventoryYear,
  replaceTechnicians,
  selectCustomerInventoryYears,
  selectDuplicateIds,
  selectEarlierInventoryIds,
  selectInventoryDuplicates,
  selectInventoryListRows,
  selectInventoryPickerRows,
  selectInventoryTechnicians,
  selectInventoryYears,
  selectTechnicianIds,
  setInventoryActive,
  updateInventoryCertification,
  updateInventoryRow,
} from './inventories.repository.ts';

type SaveInventory = z.output<typeof SaveInventoryRequestSchema>;
const ENTITY = 'inventory';

async function getInventory(db: Db | Tx, id: number): Promise<InventoryResource> {
  const row = await findInventoryRow(db, id);
  return toResource(db, row);
}

async function toResource(db: Db | Tx, row: InventoryRow): Promise<InventoryResource> {
  const [technicians, duplicates] = await Promise.all([
    selectInventoryTechnicians(db, row.inventory.id),
    selectInventoryDuplicates(db, row.inventory.id),
  ]);
  return {
    id: row.inventory.id,
    year: row.inventory.year,
    customer_id: row.customer.id,
    facility_id: row.facility.id,
    customer: row.customer,
    facility: row.facility,
    technicians: technicians.map((t) => ({
      id: t.id,
      profile: { first_name: t.firstName, last_name: t.lastName, full_name: `${t.firstName} ${t.lastName}` },
    })),
    duplicates,
    is_completed: row.inventory.isCompleted,
    is_active: row.inventory.isActive,
    certifier_name: row.inventory.certifierName,
    certifier_title: row.inventory.certifierTitle,
    date_signed: row.inventory.dateSigned,
    ehs_first_present_on: row.inventory.ehsFirstPresentOn,
    created_at: toIso(row.inventory.createdAt),
    updated_at: toIso(row.inventory.updatedAt),
  };
}

/**
 * Who sees every inventory ('inventories.read': staff and admins) and who only their own (a
 * technician: the active, open inventories assigned to them, issue 22). An inventory that is not
 * one's own is refused as forbidden whether it exists or not, so its existence is not told.
 */
function isScopedToOwn(viewer: Actor): boolean {
  return !isAllowed(viewer.role, 'inventories.read');
}

/** Refuses a technician an inventory that is not one of their own; staff and admins pass. */
async function requireInventoryAccess(db: Db | Tx, viewer: Actor, inventoryId: number): Promise<void> {
  if (!isScopedToOwn(viewer)) return;
  if (viewer.userId === undefined || !(await isAssignedOpenInventory(db, inventoryId, viewer.userId))) {
    throw forbidden();
  }
}

async function viewInventory(db: Db, id: number, viewer: Actor): Promise<InventoryResource> {
  await requireInventoryAccess(db, viewer, id);
  return getInventory(db, id);
}

async function listInventories(
  db: Db,
  query: InventoryListQuery,
  viewer: Actor,
): Promise<ListPage<InventoryListRow>> {
  // A viewer scoped to their own inventories with no account id sees none (-1 matches no one).
  const assignedTo = isScopedToOwn(viewer) ? (viewer.userId ?? -1) : undefined;
  const listed = await selectInventoryListRows(db, query, assignedTo);
  const items = listed.rows.map(
    (row): InventoryListRow => ({
      id: row.inventory.id,
      year: row.inventory.year,
      customer: row.customer,
      facility: row.facility,
      customer__name: row.customer.name,
      facility__name: row.facility.name,
      technician__names: row.technicianNames,
      is_completed: row.inventory.isCompleted,
      is_active: row.inventory.isActive,
      updated_at: toIso(row.inventory.updatedAt),
    }),
  );
  return toListedPage(items, listed, query.ipp);
}

async function autocompleteInventories(
  db: Db,
  query: InventoryAutocompleteQuery,
): Promise<ListPage<InventoryAutocompleteItem>> {
  const { rows, total } = await selectInventoryPickerRows(db, query);
  const items = rows.map((row) => ({
    id: row.inventory.id,
    name: `${row.inventory.year} - ${row.customer.name} - ${row.facility.name}`,
    year: row.inventory.year,
    customer: row.customer,
    facility: row.facility,
  }));
  return toPage(items, total, query.page, query.ipp);
}

/** Spec 02 §3 year items: the active inventories of one customer's facility, newest first. */
async function listYears(db: Db, customerId: number, facilityId: number): Promise<InventoryYearItem[]> {
  if (!(await customerExists(db, customerId))) throw notFound('Customer');
  if (!(await findFacilityOf(db, facilityId, customerId))) throw notFound('Facility');
  return selectInventoryYears(db, customerId, facilityId);
}

/** The years of all the customer's active facilities, newest first; 404 for no such customer. */
async function listCustomerYears(db: Db, customerId: number): Promise<number[]> {
  if (!(await customerExists(db, customerId))) throw notFound('Customer');
  return selectCustomerInventoryYears(db, customerId);
}

/**
 * The body's references, checked in the transaction of the write: the customer, a facility the
 * customer owns or shares, technicians, and earlier inventories of the same facility to copy.
 * Returns the facility's name, for the same-year question.
 */
async function checkReferences(tx: Tx, body: SaveInventory, duplicateIds: number[]): Promise<string> {
  if (!(await customerExists(tx, body.customer_id))) {
    throw fieldError('customer_id', INVENTORY_MSG.customerRequired);
  }
  const facility = await findFacilityOf(tx, body.facility_id, body.customer_id);
  if (!facility) throw fieldError('facility_id', INVENTORY_MSG.facilityRequired);
  if (!facility.belongs) throw fieldError('facility_id', INVENTORY_MSG.facilityNotOfCustomer);
  const technicians = await selectTechnicianIds(tx, body.technician_ids);
  if (technicians.length !== body.technician_ids.length) {
    throw fieldError('technician_ids', INVENTORY_MSG.technicianInvalid);
  }
  const earlier = await selectEarlierInventoryIds(tx, duplicateIds, body.facility_id, body.year);
  if (earlier.length !== duplicateIds.length) {
    throw fieldError('inventory_ids', INVENTORY_MSG.duplicateInvalid);
  }
  return facility.name;
}

/**
 * The facility-year's filing facts after a save: the body's where it gives them, else what is
 * stored (a body that leaves one out keeps it), checked together (a title sent alone needs the
 * stored name). 422 with each field's message.
 */
function yearFactsOf(body: SaveInventory, stored: InventoryYearFacts, year: number): InventoryYearFacts {
  const facts: InventoryYearFacts = {
    certifier_name: body.certifier_name ?? stored.certifier_name,
    certifier_title: body.certifier_title ?? stored.certifier_title,
    date_signed: body.date_signed === undefined ? stored.date_signed : body.date_signed,
    ehs_first_present_on:
      body.ehs_first_present_on === undefined ? stored.ehs_first_present_on : body.ehs_first_present_on,
  };
  const issues = inventoryYearFactIssues(facts, year);
  if (issues.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) errors[issue.field] = [...(errors[issue.field] ?? []), issue.message];
    throw new AppError('VALIDATION', issues[0]!.message, errors);
  }
  return facts;
}

const NO_YEAR_FACTS: InventoryYearFacts = {
  certifier_name: '',
  certifier_title: '',
  date_signed: null,
  ehs_first_present_on: null,
};

function yearFactColumns(facts: InventoryYearFacts) {
  return {
    certifierName: facts.certifier_name,
    certifierTitle: facts.certifier_title,
    dateSigned: facts.date_signed,
    ehsFirstPresentOn: facts.ehs_first_present_on,
  };
}

/** One inventory per customer, facility and year: reports pick an inventory by the three. */
async function refuseSameYear(tx: Tx, body: SaveInventory, facilityName: string, exceptId: number | null) {
  await lockInventoryYear(tx, body.customer_id, body.facility_id, body.year);
  const existing = await findSameYearInventory(
    tx,
    { customerId: body.customer_id, facilityId: body.facility_id, year: body.year },
    exceptId,
  );
  if (existing) {
    throw conflictWith(
      INVENTORY_MSG.exists(body.year, facilityName),
      {
        id: existing.inventory.id,
        year: existing.inventory.year,
        customer: existing.customer,
        facility: existing.facility,
        is_active: existing.inventory.isActive,
      },
      'year',
    );
  }
}

async function createInventory(db: Db, actor: Actor, body: SaveInventory): Promise<InventoryResource> {
  return db.transaction(async (tx) => {
    const duplicateIds = body.inventory_ids ?? [];
    const facts = yearFactsOf(body, NO_YEAR_FACTS, body.year);
    const facilityName = await checkReferences(tx, body, duplicateIds);
    await refuseSameYear(tx, body, facilityName, null);
    const id = await insertInventory(tx, {
      year: body.year,
      customerId: body.customer_id,
      facilityId: body.facility_id,
      isActive: body.is_active ?? true,
      ...yearFactColumns(facts),
    });
    await replaceTechnicians(tx, id, body.technician_ids);
    await insertDuplicates(tx, id, duplicateIds);
    const copiedLines = await copyLines(tx, id, duplicateIds);
    const resource = await getInventory(tx, id);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      ...(duplicateIds.length > 0
        ? { details: { copied_from: duplicateIds, copied_lines: copiedLines } }
        : {}),
      after: resource,
    });
    return resource;
  });
}

const sortedIds = (ids: number[]) => [...ids].sort((x, y) => x - y).join(',');
const sameIds = (a: number[], b: number[]) => sortedIds(a) === sortedIds(b);

async function updateInventory(
  db: Db,
  actor: Actor,
  id: number,
  body: SaveInventory,
): Promise<InventoryResource> {
  return db.transaction(async (tx) => {
    const { inventory } = await findInventoryRow(tx, id);
    await checkInventoryVersion(tx, { entity: ENTITY, id, readAt: body.updated_at });
    const before = await getInventory(tx, id);
    const facts = yearFactsOf(body, before, body.year);
    // Spec 02 §4 and §6: a completed inventory is read-only to staff, and only an admin completes.
    if (inventory.isCompleted && !isAllowed(actor.role, 'inventories.update-completed')) {
      throw forbidden(INVENTORY_MSG.completedLocked);
    }
    const isCompleted = body.is_completed ?? inventory.isCompleted;
    if (isCompleted !== inventory.isCompleted && !isAllowed(actor.role, 'inventories.complete')) {
      throw forbidden(INVENTORY_MSG.completeAdminOnly);
    }
    // The lines were copied when the inventory was made: the sources it names cannot change later.
    const duplicateIds = await selectDuplicateIds(tx, id);
    if (body.inventory_ids && !sameIds(body.inventory_ids, duplicateIds)) {
      throw fieldError('inventory_ids', INVENTORY_MSG.duplicatesFixed);
    }
    const facilityName = await checkReferences(tx, body, duplicateIds);
    await refuseSameYear(tx, body, facilityName, id);
    await updateInventoryRow(tx, id, {
      year: body.year,
      customerId: body.customer_id,
      facilityId: body.facility_id,
      isCompleted,
      ...yearFactColumns(facts),
    });
    await replaceTechnicians(tx, id, body.technician_ids);
    const resource = await getInventory(tx, id);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      ...(isCompleted !== inventory.isCompleted ? { details: { is_completed: isCompleted } } : {}),
      before,
      after: resource,
    });
    return resource;
  });
}

/**
 * `POST /inventories/{id}/copy-products` (issue 33 point 10): an inventory made without "copy
 * from" and still empty takes an earlier year's lines as the create form would have copied them
 * (carried over, unchecked). Only into an empty inventory: copying beside lines already typed
 * would double them. A completed inventory stays an admin's to change.
 */
async function copyProducts(
  db: Db,
  actor: Actor,
  id: number,
  body: CopyInventoryProducts,
): Promise<InventoryResource> {
  return db.transaction(async (tx) => {
    const { inventory } = await findInventoryRow(tx, id);
    if (inventory.isCompleted && !isAllowed(actor.role, 'inventories.update-completed')) {
      throw forbidden(INVENTORY_MSG.completedLocked);
    }
    // The same lock as a save of this year: two copies at once cannot both find the inventory empty.
    await lockInventoryYear(tx, inventory.customerId, inventory.facilityId, inventory.year);
    if (await hasLines(tx, id)) throw conflictWith(INVENTORY_MSG.copyIntoEmptyOnly, { id });
    const sources = body.inventory_ids;
    const earlier = await selectEarlierInventoryIds(tx, sources, inventory.facilityId, inventory.year);
    if (earlier.length !== sources.length) throw fieldError('inventory_ids', INVENTORY_MSG.duplicateInvalid);
    const before = await getInventory(tx, id);
    const recorded = new Set(await selectDuplicateIds(tx, id));
    await insertDuplicates(
      tx,
      id,
      sources.filter((source) => !recorded.has(source)),
    );
    const copiedLines = await copyLines(tx, id, sources);
    const resource = await getInventory(tx, id);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      details: { copied_from: sources, copied_lines: copiedLines },
      before,
      after: resource,
    });
    return resource;
  });
}

/**
 * The certifier and date signed a Tier II import read for the facility-year (issue 36), written
 * over what the inventory holds, in the import's transaction, with an audit row marked
 * `from_tier2_import`. The plan checked them with the form's rules (`certificationOf`).
 */
async function applyTier2Certification(
  tx: Tx,
  actor: Actor,
  id: number,
  certification: Pick<InventoryYearFacts, 'certifier_name' | 'certifier_title' | 'date_signed'>,
): Promise<void> {
  const before = await getInventory(tx, id);
  await updateInventoryCertification(tx, id, {
    certifierName: certification.certifier_name,
    certifierTitle: certification.certifier_title,
    dateSigned: certification.date_signed,
  });
  await recordAudit(tx, actor, {
    action: 'update',
    entity: ENTITY,
    entityId: id,
    details: { from_tier2_import: true },
    before,
    after: await getInventory(tx, id),
  });
}

async function toggleInventory(db: Db, actor: Actor, id: number): Promise<InventoryResource> {
  return toggleActive(db, actor, {
    entity: ENTITY,
    id,
    isActive: async (tx) => (await findInventoryRow(tx, id)).inventory.isActive,
    setActive: (tx, isActive) => setInventoryActive(tx, id, isActive),
    read: (tx) => getInventory(tx, id),
  });
}

/**
 * Staff list, view, add and edit inventories; archiving, the Completed toggle and editing a
 * completed inventory are an admin's (spec 02 §6).
 */
export const inventoriesService = {
  list: listInventories,
  autocomplete: autocompleteInventories,
  get: viewInventory,
  requireAccess: requireInventoryAccess,
  create: createInventory,
  update: updateInventory,
  toggle: toggleInventory,
  years: listYears,
  customerYears: listCustomerYears,
  copyProducts,
  applyTier2Certification,
} satisfies CrudService<InventoryListRow, InventoryResource, InventoryListQuery, SaveInventory> & {
  years: typeof listYears;
  customerYears: typeof listCustomerYears;
  copyProducts: typeof copyProducts;
  requireAccess: typeof requireInventoryAccess;
  applyTier2Certification: typeof applyTier2Certification;
};
