import {
  type AutocompleteQuery,
  type ChemicalComponentItem,
  COMPONENT_MSG,
  type ComponentListQuery,
  type ComponentResource,
  type ListPage,
  type SaveComponent,
  savedPercentRange,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { conflictWith, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { toPage } from '../../lib/list-query.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { isSameNameText } from '../../lib/same-name.ts';
import {
  type CatalogEntry,
  checkLinkVersion,
  deleteLink,
  ensureProduct,
  findCatalogEntry,
  findLinkRow,
  findOtherLink,
  insertCatalogEntry,
  insertLink,
  type LinkKind,
  type LinkOwnerRef,
  type LinkRow,
  type LinkValues,
  selectCatalogPickerRows,
  selectLinkRows,
  updateLink,
} from './chemical-components.repository.ts';

/**
 * Where a list of components lives: a catalog product's, or an inventory line's copy of it.
 * The rules (one catalog entry per CAS #, one name per CAS #, no component twice on one owner)
 * and the SQL are the same for both; the owner says which link table, how to check the owner
 * and who may change it now.
 */
export interface ComponentLinkOwner<Owner> {
  /** The audit entity of a link. */
  entity: string;
  /** The link table (chemical-components.repository's LINK_TABLES). */
  kind: LinkKind;
  /** The id the link table's owner column holds. */
  idOf(owner: Owner): number;
  /** 404 unless the owner exists. */
  ensureOwner(db: Db | Tx, owner: Owner): Promise<void>;
  /** 404 unless it exists, 403 when the actor may not change it now (a closed inventory). */
  ensureWritable(tx: Tx, actor: Actor, owner: Owner): Promise<void>;
  /** What the audit row says the link belongs to. */
  auditDetails(owner: Owner): Record<string, unknown>;
}

function toComponentResource(row: LinkRow): ComponentResource {
  const { link } = row;
  return {
    id: link.id,
    product_chemical_component_id: link.id,
    chemical_component_id: link.chemicalComponentId,
    name: row.name,
    number: row.number,
    // The stored high bound is the one figure clients before ranges read (percentage_weight).
    percentage_weight: fromNumeric(link.percentageWeight),
    percentage_weight_low: fromNumeric(link.percentageWeightLow),
    percentage_weight_high: fromNumeric(link.percentageWeight),
    percentage_volume: fromNumeric(link.percentageVolume),
    regulations: link.regulations,
    restrictions: link.restrictions,
    reporting_requirements: link.reportingRequirements,
    is_carcinogen: link.isCarcinogen,
    created_at: toIso(link.createdAt),
    updated_at: toIso(link.updatedAt),
  };
}

/** Picker rows of the catalog, searched by name or CAS #, ordered by name. */
export async function autocompleteChemicalComponents(
  db: Db,
  query: AutocompleteQuery,
): Promise<ListPage<ChemicalComponentItem>> {
  const { rows, total } = await selectCatalogPickerRows(db, query);
  return toPage(rows, total, query.page, query.ipp);
}

/**
 * The catalog component a save means: the one picked (`chemical_component_id`), else the one
 * with this CAS #, else a new one with the given name. A CAS # names one substance, so it is
 * never entered twice.
 */
async function resolveCatalogComponent(tx: Tx, body: SaveComponent): Promise<CatalogEntry> {
  if (body.chemical_component_id) {
    const picked = await findCatalogEntry(tx, { id: body.chemical_component_id });
    if (!picked) throw fieldError('chemical_component_id', COMPONENT_MSG.componentUnknown);
    return picked;
  }
  const existing = await findCatalogEntry(tx, { number: body.number });
  if (existing) return existing;
  const entry =
    (await insertCatalogEntry(tx, { name: body.name, number: body.number })) ??
    (await findCatalogEntry(tx, { number: body.number }));
  if (!entry) throw new Error(`Chemical component ${body.number} vanished while being linked`);
  return entry;
}

/**
 * The catalog keeps one name per CAS #, shared by every product. A save typing another name
 * would be stored under the catalog's without a word, so it is refused with the name the CAS #
 * belongs to, unless the request chose that name (`use_catalog_name`).
 */
function refuseOtherName(entry: CatalogEntry, body: SaveComponent): void {
  // Case and spacing aside ("SULFURIC  acid" is Sulfuric acid), it is the same name.
  if (body.use_catalog_name || isSameNameText(entry.name, body.name)) return;
  throw conflictWith(COMPONENT_MSG.casTaken(entry.number, entry.name), entry, 'name');
}

function toLinkValues(body: SaveComponent): LinkValues {
  const range = savedPercentRange(body);
  return {
    // The high bound in the column clients before ranges read and sort by, the low bound beside it.
    percentageWeight: toNumeric(range.high),
    percentageWeightLow: toNumeric(range.low),
    percentageVolume: toNumeric(body.percentage_volume),
    regulations: body.regulations ?? '',
    restrictions: body.restrictions ?? '',
    reportingRequirements: body.reporting_requirements ?? '',
    // Omitted keeps the stored flag on update (undefined is not written) and false on insert.
    isCarcinogen: body.is_carcinogen,
  };
}

/** The list, get, create, update and unlink of components over one kind of owner. */
export function createComponentLinks<Owner>(store: ComponentLinkOwner<Owner>) {
  const ref = (owner: Owner): LinkOwnerRef => ({ kind: store.kind, ownerId: store.idOf(owner) });

  /** The owner's components, heaviest first by default (the order SDS section 3 lists them in). */
  async function list(db: Db, owner: Owner, query: ComponentListQuery): Promise<ListPage<ComponentResource>> {
    await store.ensureOwner(db, owner);
    const { rows, total } = await selectLinkRows(db, ref(owner), query);
    return toPage(rows.map(toComponentResource), total, query.page, query.ipp);
  }

  /** One link of the owner; 404 when the owner or the link does not exist. */
  async function get(db: Db | Tx, owner: Owner, linkId: number): Promise<ComponentResource> {
    await store.ensureOwner(db, owner);
    return toComponentResource(await findLinkRow(db, ref(owner), linkId));
  }

  /** Writes a link (a new one when `linkId` is null) with its audit row, in the caller's transaction. */
  async function saveLink(
    tx: Tx,
    actor: Actor,
    owner: Owner,
    linkId: number | null,
    body: SaveComponent,
  ): Promise<ComponentResource> {
    const component = await resolveCatalogComponent(tx, body);
    // Already on the owner is the answer to give first: choosing the catalog name would not help.
    if ((await findOtherLink(tx, ref(owner), component.id, linkId)) !== undefined) {
      throw fieldError('number', COMPONENT_MSG.alreadyOnProduct);
    }
    refuseOtherName(component, body);
    const values = { chemicalComponentId: component.id, ...toLinkValues(body) };
    let id = linkId;
    const before = id === null ? undefined : toComponentResource(await findLinkRow(tx, ref(owner), id));
    if (id === null) id = await insertLink(tx, ref(owner), values);
    else await updateLink(tx, ref(owner), id, values);
    // The caller has checked the owner in this transaction; only the link is read back.
    const resource = toComponentResource(await findLinkRow(tx, ref(owner), id));
    await recordAudit(tx, actor, {
      action: linkId === null ? 'create' : 'update',
      entity: store.entity,
      entityId: id,
      details: store.auditDetails(owner),
      before,
      after: resource,
    });
    return resource;
  }

  /** Links a component (creating the catalog entry if needed). */
  async function create(db: Db, actor: Actor, owner: Owner, body: SaveComponent): Promise<ComponentResource> {
    return db.transaction(async (tx) => {
      await store.ensureWritable(tx, actor, owner);
      return saveLink(tx, actor, owner, null, body);
    });
  }

  async function update(
    db: Db,
    actor: Actor,
    owner: Owner,
    linkId: number,
    body: SaveComponent,
  ): Promise<ComponentResource> {
    return db.transaction(async (tx) => {
      await store.ensureWritable(tx, actor, owner);
      await findLinkRow(tx, ref(owner), linkId);
      await checkLinkVersion[store.kind](tx, { entity: store.entity, id: linkId, readAt: body.updated_at });
      return saveLink(tx, actor, owner, linkId, body);
    });
  }

  /** Removes the link only: the catalog component stays for other products and inventories. */
  async function unlink(db: Db, actor: Actor, owner: Owner, linkId: number): Promise<ComponentResource> {
    return db.transaction(async (tx) => {
      await store.ensureWritable(tx, actor, owner);
      const resource = toComponentResource(await findLinkRow(tx, ref(owner), linkId));
      await deleteLink(tx, ref(owner), linkId);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: store.entity,
        entityId: linkId,
        details: { ...store.auditDetails(owner), chemical_component_id: resource.chemical_component_id },
        before: resource,
      });
      return resource;
    });
  }

  return { list, get, create, update, unlink };
}

/** The list, get, create, update and unlink of one kind of owner's components. */
export type ComponentLinks<Owner> = ReturnType<typeof createComponentLinks<Owner>>;

/** A catalog product's components. */
export const productComponents = createComponentLinks<number>({
  entity: 'product_chemical_component',
  kind: 'product',
  idOf: (productId) => productId,
  ensureOwner: ensureProduct,
  ensureWritable: (tx, _actor, productId) => ensureProduct(tx, productId),
  auditDetails: (productId) => ({ product_id: productId }),
});
