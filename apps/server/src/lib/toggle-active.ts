import type { Db, Tx } from '../db/client.ts';
import { type Actor, recordAudit } from './audit.ts';

/**
 * Archives an active record or unarchives an archived one, with its audit row, in one
 * transaction: the shape every area's `activate` call shares. Areas with rules of their own on
 * the way (a free name, open sessions) write their toggle themselves.
 */
export function toggleActive<TResource>(
  db: Db,
  actor: Actor,
  record: {
    entity: string;
    id: number;
    /** Reads the record's current state; throws its 404 when there is none. */
    isActive: (tx: Tx) => Promise<boolean>;
    setActive: (tx: Tx, isActive: boolean) => Promise<unknown>;
    /** The answer, read after the change. */
    read: (tx: Tx) => Promise<TResource>;
  },
): Promise<TResource> {
  return db.transaction(async (tx) => {
    const wasActive = await record.isActive(tx);
    await record.setActive(tx, !wasActive);
    await recordAudit(tx, actor, {
      action: wasActive ? 'archive' : 'unarchive',
      entity: record.entity,
      entityId: record.id,
      before: { is_active: wasActive },
      after: { is_active: !wasActive },
    });
    return record.read(tx);
  });
}
