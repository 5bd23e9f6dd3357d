import {
  type AutocompleteQuery,
  type ChemicalComponentItem,
  COMPONENT_MSG,
  type ComponentListQuery,
  type ComponentResource,
  type ListPage,
  type SaveComponent,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { conflictWith, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { toPage } from '../../lib/list-query.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { isSameNameText } from '../../lib/same-name.ts';
import {
  type CatalogueEntry,
  deleteLink,
  ensureProduct,
  findCatalogueEntry,
  findLinkRow,
  findOtherLink,
  insertCatalogueEntry,
  insertLink,
  type LinkRow,
  type LinkValues,
  selectCataloguePickerRows,
  selectProductLinkRows,
  updateLink,
} from './chemical-components.repository.ts';

const ENTITY = 'product_chemical_component';

function toComponentResource(row: LinkRow): ComponentResource {
  const { link } = row;
  return {
    id: link.id,
    product_chemical_component_id: link.id,
    chemical_component_id: link.chemicalComponentId,
    name: row.name,
    number: row.number,
    percentage_weight: fromNumeric(link.percentageWeight),
    percentage_volume: fromNumeric(link.percentageVolume),
    regulations: link.regulations,
    restrictions: link.restrictions,
    reporting_requirements: link.reportingRequirements,
    created_at: toIso(link.createdAt),
    updated_at: toIso(link.updatedAt),
  };
}

/** Picker rows of the catalogue, searched by name or CAS #, ordered by name. */
export async function autocompleteChemicalComponents(
  db: Db,
  query: AutocompleteQuery,
): Promise<ListPage<ChemicalComponentItem>> {
  const { rows, total } = await selectCataloguePickerRows(db, query);
  return toPage(rows, total, query.page, query.ipp);
}

/** A product's components, heaviest first by default (the order SDS section 3 lists them in). */
export async function listProductComponents(
  db: Db,
  productId: number,
  query: ComponentListQuery,
): Promise<ListPage<ComponentResource>> {
  await ensureProduct(db, productId);
  const { rows, total } = await selectProductLinkRows(db, productId, query);
  return toPage(rows.map(toComponentResource), total, query.page, query.ipp);
}

/** One link of the product; 404 when the product or the link does not exist. */
export async function getProductComponent(
  db: Db | Tx,
  productId: number,
  linkId: number,
): Promise<ComponentResource> {
  await ensureProduct(db, productId);
  return toComponentResource(await findLinkRow(db, productId, linkId));
}

/**
 * The catalogue component a save means: the one picked (`chemical_component_id`), else the one
 * with this CAS #, else a new one with the given name. A CAS # names one substance, so it is
 * never entered twice.
 */
async function resolveCatalogueComponent(tx: Tx, body: SaveComponent): Promise<CatalogueEntry> {
  if (body.chemical_component_id) {
    const picked = await findCatalogueEntry(tx, { id: body.chemical_component_id });
    if (!picked) throw fieldError('chemical_component_id', COMPONENT_MSG.componentUnknown);
    return picked;
  }
  const existing = await findCatalogueEntry(tx, { number: body.number });
  if (existing) return existing;
  const entry =
    (await insertCatalogueEntry(tx, { name: body.name, number: body.number })) ??
    (await findCatalogueEntry(tx, { number: body.number }));
  if (!entry) throw new Error(`Chemical component ${body.number} vanished while being linked`);
  return entry;
}

/**
 * The catalogue keeps one name per CAS #, shared by every product. A save typing another name
 * would be stored under the catalogue's without a word, so it is refused with the name the CAS #
 * belongs to, unless the request chose that name (`use_catalog_name`).
 */
function refuseOtherName(entry: CatalogueEntry, body: SaveComponent): void {
  // Case and spacing aside ("SULFURIC  acid" is Sulfuric acid), it is the same name.
  if (body.use_catalog_name || isSameNameText(entry.name, body.name)) return;
  throw conflictWith(COMPONENT_MSG.casTaken(entry.number, entry.name), entry, 'name');
}

async function refuseDuplicate(
  tx: Tx,
  productId: number,
  componentId: number,
  exceptLinkId: number | null,
): Promise<void> {
  if ((await findOtherLink(tx, productId, componentId, exceptLinkId)) !== undefined) {
    throw fieldError('number', COMPONENT_MSG.alreadyOnProduct);
  }
}

function toLinkValues(body: SaveComponent): LinkValues {
  return {
    percentageWeight: toNumeric(body.percentage_weight),
    percentageVolume: toNumeric(body.percentage_volume),
    regulations: body.regulations ?? '',
    restrictions: body.restrictions ?? '',
    reportingRequirements: body.reporting_requirements ?? '',
  };
}

/**
 * Writes a link (a new one when `linkId` is null) to the catalogue component the body means,
 * with its audit row, in the caller's transaction.
 */
async function saveLink(
  tx: Tx,
  actor: Actor,
  productId: number,
  linkId: number | null,
  body: SaveComponent,
): Promise<ComponentResource> {
  const component = await resolveCatalogueComponent(tx, body);
  // Already on the product is the answer to give first: choosing the catalogue name would not help.
  await refuseDuplicate(tx, productId, component.id, linkId);
  refuseOtherName(component, body);
  const values = { chemicalComponentId: component.id, ...toLinkValues(body) };
  let id = linkId;
  if (id === null) id = await insertLink(tx, { productId, ...values });
  else await updateLink(tx, id, values);
  await recordAudit(tx, actor, {
    action: linkId === null ? 'create' : 'update',
    entity: ENTITY,
    entityId: id,
    details: { product_id: productId },
  });
  // The caller has checked the product in this transaction; only the link is read back.
  return toComponentResource(await findLinkRow(tx, productId, id));
}

/** Links a component to the product (creating the catalogue entry if needed). */
export async function createProductComponent(
  db: Db,
  actor: Actor,
  productId: number,
  body: SaveComponent,
): Promise<ComponentResource> {
  return db.transaction(async (tx) => {
    await ensureProduct(tx, productId);
    return saveLink(tx, actor, productId, null, body);
  });
}

export async function updateProductComponent(
  db: Db,
  actor: Actor,
  productId: number,
  linkId: number,
  body: SaveComponent,
): Promise<ComponentResource> {
  return db.transaction(async (tx) => {
    await getProductComponent(tx, productId, linkId);
    return saveLink(tx, actor, productId, linkId, body);
  });
}

/** Removes the link only: the catalogue component stays for other products and inventories. */
export async function unlinkProductComponent(
  db: Db,
  actor: Actor,
  productId: number,
  linkId: number,
): Promise<ComponentResource> {
  return db.transaction(async (tx) => {
    const resource = await getProductComponent(tx, productId, linkId);
    await deleteLink(tx, productId, linkId);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: linkId,
      details: { product_id: productId, chemical_component_id: resource.chemical_component_id },
    });
    return resource;
  });
}
