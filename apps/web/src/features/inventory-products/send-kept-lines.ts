import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NetworkError } from '../../lib/api.ts';
import { type DraftStore, draftKey, drafts } from '../../lib/drafts.ts';
import { isDraftOpen } from '../../lib/use-form-draft.ts';
import { inventoryProductsApi } from './api.ts';
import {
  InventoryProductFormSchema,
  type InventoryProductFormValues,
  toInventoryProductBody,
} from './inventory-product-values.ts';

/** The line form's drafts: their form name and shape (raise the version when the values change shape). */
export const LINE_DRAFT_FORM = 'inventory-line';
export const LINE_DRAFT_VERSION = 1;

/** "12/new" or "12/34": the inventory and the line (undefined for a new line) a draft is of. */
function recordOf(record: string): { inventoryId: number; lineId: number | undefined } | null {
  const [inventory, line] = record.split('/');
  const inventoryId = Number(inventory);
  const lineId = line === 'new' ? undefined : Number(line);
  if (!Number.isInteger(inventoryId) || (lineId !== undefined && !Number.isInteger(lineId))) return null;
  return { inventoryId, lineId };
}

/**
 * Sends the line saves kept on this device while there was no connection, whose form is no longer
 * open (Cancel, another page, a reload elsewhere): issue 33 point 8, drafts send themselves when
 * the connection returns. A create carries its idempotency key, so a save that did reach the
 * server before is not made twice. A save the server refuses (a field, a newer version, a line to
 * aggregate) stays on the device as typing: the form shows it restored, with the answer, when
 * opened. Returns how many were sent.
 */
export async function sendKeptLines(
  userId: number,
  queryClient: QueryClient,
  store: DraftStore = drafts,
): Promise<number> {
  let sent = 0;
  for (const { ref, draft } of await store.queued(userId, LINE_DRAFT_FORM)) {
    const target = recordOf(ref.record);
    if (!target || draft.version !== LINE_DRAFT_VERSION || isDraftOpen(draftKey(ref))) continue;
    // The store holds what the line form kept under this form name and version: its values.
    const values = draft.values as InventoryProductFormValues;
    const parsed = InventoryProductFormSchema.safeParse(values);
    if (!parsed.success) {
      await store.keep(ref, LINE_DRAFT_VERSION, values, false);
      continue;
    }
    const lines = inventoryProductsApi(target.inventoryId);
    try {
      await lines.save(target.lineId, toInventoryProductBody(parsed.data), false, {
        version: values.updated_at,
        idempotencyKey: values.idempotency_key || undefined,
      });
    } catch (error) {
      // Still no connection: everything waits for the next time it comes back.
      if (error instanceof NetworkError) break;
      await store.keep(ref, LINE_DRAFT_VERSION, values, false);
      continue;
    }
    await store.discard(ref);
    await queryClient.invalidateQueries({ queryKey: lines.keys.all });
    sent += 1;
  }
  return sent;
}

/**
 * Sends the kept line saves of the signed-in user each time the connection returns, wherever the
 * user is in the app. Not when the app opens: a kept save is then sent by its form when opened,
 * which shows the server's answer (a newer version, a line to aggregate) where it can be acted on.
 */
export function useSendKeptLines(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    const send = () => void sendKeptLines(userId, queryClient);
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [userId, queryClient]);
}
