import type { LookupListQuery, LookupResource, ReadVersion } from '@chemtrack/domain';
import type { Tx } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import type { LookupRepository, LookupRow, LookupValues } from './lookups.repository.ts';

export function toLookupResource(row: LookupRow): LookupResource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

/** The columns every lookup body gives: is_active only when the body says it. */
export function lookupValues(
  body: ReadVersion & {
    name: string;
    description?: string | undefined;
    is_active?: boolean | undefined;
  },
) {
  return {
    name: body.name,
    description: body.description ?? '',
    ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
  };
}

export interface LookupArea<TRow extends LookupRow, TResource, TBody> {
  repository: LookupRepository<TRow>;
  /** The `entity` of its audit rows. */
  entity: string;
  /** The 422 on `name` when another active record has the name, given that record's name. */
  duplicateMessage: (name: string) => string;
  /** Body → columns; `isActive` only when the body says it. */
  toValues: (body: TBody) => LookupValues<TRow>;
  toResource: (row: TRow) => TResource;
  /** Throws when the record may not be deleted. Runs in the delete's transaction, the row locked. */
  deleteGuard?: (tx: Tx, id: number) => Promise<void>;
}

/**
 * The rules of hazard classes, container types and container units: one active record per name
 * (case and spacing ignored; archived records may share one, and rows saved before the rule may
 * too, so it is no unique index), is_active changed only by activate, and every write in one
 * transaction with its audit row.
 */
export function createLookupService<TRow extends LookupRow, TResource, TBody extends ReadVersion>(
  area: LookupArea<TRow, TResource, TBody>,
): CrudService<TResource, TResource, LookupListQuery, TBody> {
  const { repository, entity, toResource } = area;

  /** Two "Flammable" classes would split the products between them. */
  async function refuseSameName(tx: Tx, name: string, exceptId: number | null): Promise<void> {
    await repository.lockName(tx, name);
    const other = await repository.findActiveNamed(tx, name, exceptId);
    if (other !== undefined) throw fieldError('name', area.duplicateMessage(other));
  }

  const service: CrudService<TResource, TResource, LookupListQuery, TBody> = {
    async list(db, query) {
      const page = await repository.list(db, query);
      return { items: page.items.map(toResource), meta: page.meta };
    },

    async autocomplete(db, query) {
      const page = await repository.list(db, { ...query, order_by: 'name' }, true);
      return { items: page.items.map((row) => ({ id: row.id, name: row.name })), meta: page.meta };
    },

    async get(db, id) {
      return toResource(await repository.find(db, id));
    },

    create(db, actor, body) {
      return db.transaction(async (tx) => {
        const values = area.toValues(body);
        if (values.isActive !== false) await refuseSameName(tx, values.name, null);
        const row = await repository.insert(tx, values);
        const resource = toResource(row);
        await recordAudit(tx, actor, {
          action: 'create',
          entity,
          entityId: row.id,
          after: resource as object,
        });
        return resource;
      });
    },

    update(db, actor, id, body) {
      return db.transaction(async (tx) => {
        const current = await repository.find(tx, id);
        await repository.checkVersion(tx, { entity, id, readAt: body.updated_at });
        const { isActive: _onlyThroughActivate, ...values } = area.toValues(body);
        if (current.isActive) await refuseSameName(tx, values.name, id);
        const row = await repository.update(tx, id, values as Partial<LookupValues<TRow>>);
        const resource = toResource(row);
        await recordAudit(tx, actor, {
          action: 'update',
          entity,
          entityId: row.id,
          before: toResource(current) as object,
          after: resource as object,
        });
        return resource;
      });
    },

    /** An archived record comes back only while its name is free. */
    toggle(db, actor, id) {
      return db.transaction(async (tx) => {
        const current = await repository.find(tx, id);
        const isActive = !current.isActive;
        if (isActive) await refuseSameName(tx, current.name, id);
        const row = await repository.update(tx, id, { isActive } as Partial<LookupValues<TRow>>);
        const resource = toResource(row);
        await recordAudit(tx, actor, {
          action: isActive ? 'unarchive' : 'archive',
          entity,
          entityId: row.id,
          before: toResource(current) as object,
          after: resource as object,
        });
        return resource;
      });
    },
  };

  const { deleteGuard } = area;
  if (deleteGuard) {
    service.remove = (db, actor, id) =>
      db.transaction(async (tx) => {
        const row = await repository.find(tx, id, { forUpdate: true });
        await deleteGuard(tx, id);
        await repository.remove(tx, id);
        await recordAudit(tx, actor, {
          action: 'delete',
          entity,
          entityId: row.id,
          details: { name: row.name },
          before: toResource(row) as object,
        });
        return toResource(row);
      });
  }
  return service;
}
