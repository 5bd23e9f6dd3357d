import {
  type AggregationTarget,
  INVENTORY_PRODUCT_MSG,
  type InventoryProductResource,
  type InventoryResource,
  type SaveInventoryProduct,
} from '@chemtrack/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError, NetworkError, showApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { productsApi } from '../products/api.ts';
import { type InventoryProductBody, inventoryProductsApi } from './api.ts';
import {
  type InventoryProductFormValues,
  toInventoryProductBody,
  toInventoryProductForm,
} from './inventory-product-values.ts';
import { LINE_DRAFT_FORM, LINE_DRAFT_VERSION } from './send-kept-lines.ts';

/** The refusal of a save that would leave two lines of one combination (a save racing another). */
const AGGREGATION_SUFFIX = INVENTORY_PRODUCT_MSG.needsAggregation('');
function isAggregationRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.body.message ?? '').endsWith(AGGREGATION_SUFFIX)
  );
}

/** A save held back because the line's combination is already in the inventory. */
export interface PendingAggregation {
  body: InventoryProductBody;
  target: AggregationTarget | null;
  message: string;
}

/**
 * How a line form saves (spec 02 §4, issue 22): the draft kept on the device until the server
 * answers, the check for a line of the same combination first (which asks to aggregate), and the
 * save itself with its conflict, reload and lost-connection handling. The form page draws what
 * this returns: the draft's status, the pending aggregation and its Proceed.
 */
export function useLineSave({
  inventory,
  line,
  form,
  canEdit,
  onDone,
}: {
  inventory: InventoryResource;
  line: InventoryProductResource | undefined;
  form: UseFormReturn<InventoryProductFormValues, unknown, SaveInventoryProduct>;
  canEdit: boolean;
  onDone: () => void;
}) {
  const lines = inventoryProductsApi(inventory.id);
  /** What a save sends besides the body: the version the values were typed over, the create's key. */
  const sentWith = () => {
    const { updated_at: version, idempotency_key: key } = form.getValues();
    return { version, idempotencyKey: key || undefined };
  };

  const userId = useSession((s) => s.user?.id);
  const draft = useFormDraft({
    ref:
      userId === undefined || !canEdit
        ? null
        : { userId, form: LINE_DRAFT_FORM, record: `${inventory.id}/${line?.id ?? 'new'}` },
    version: LINE_DRAFT_VERSION,
    form,
    send: () => void onSubmit(),
  });

  const [aggregation, setAggregation] = useState<PendingAggregation | null>(null);
  const { save } = useRecordMutations<
    InventoryProductResource,
    InventoryProductFormValues,
    { body: InventoryProductBody; aggregate: boolean; sent: ReturnType<typeof sentWith> }
  >({
    entity: 'Inventory product',
    isNew: line === undefined,
    nameOf: (saved) => saved.name,
    // The version is the form's (a restored draft's), not the line as it loads now: a draft typed
    // over an older version gets the conflict notice rather than overwriting the newer line.
    save: ({ body, aggregate, sent }) => lines.save(line?.id, body, aggregate, sent),
    // A new name adds a product to the catalog in the same save.
    invalidate: [lines.keys.all, productsApi.keys.all],
    setError: form.setError,
    onSaved: (saved) => {
      draft.sent();
      form.reset(toInventoryProductForm(saved));
    },
    onDone,
    // The notice is up and the values stay in the form and on the device, as typing to review.
    onStaleSave: () => draft.refused(),
    reload: line && {
      queryKey: lines.keys.detail(line.id),
      // Reload takes the line as it now is: the draft typed over the older version goes.
      load: (reloaded) => {
        draft.discard();
        form.reset(toInventoryProductForm(reloaded));
      },
    },
    onSaveError: (error, { body, aggregate }) => {
      if (error instanceof NetworkError) {
        void draft.lostConnection();
        return true;
      }
      draft.refused();
      if (aggregate || !isAggregationRefusal(error)) return false;
      setAggregation({ body, target: null, message: error.message });
      return true;
    },
  });
  const check = useMutation({
    mutationFn: lines.checkExisting,
    meta: { handlesErrors: true },
  });

  const sendParsed = async (parsed: SaveInventoryProduct) => {
    const body = toInventoryProductBody(parsed);
    // Kept on the device before anything goes out: only the server's answer lets go of it.
    await draft.sending(form.getValues());
    // Only a catalog product can already have a line: a new name is a new product.
    if (body.product_id) {
      try {
        const { resource } = await check.mutateAsync({
          product_id: body.product_id,
          container_id: body.container_id ?? null,
          container_unit_id: body.container_unit_id ?? null,
          container_size: body.container_size,
          inventory_product_id: line?.id ?? null,
          idempotencyKey: sentWith().idempotencyKey,
        });
        if (resource.is_need_aggregation) {
          draft.refused();
          const target = resource.inventory_product;
          setAggregation({
            body,
            target,
            message: INVENTORY_PRODUCT_MSG.needsAggregation(target?.name ?? form.getValues('name')),
          });
          return;
        }
      } catch (error) {
        if (error instanceof NetworkError) void draft.lostConnection();
        else {
          draft.refused();
          showApiError(error);
        }
        return;
      }
    }
    save.mutate({ body, aggregate: false, sent: sentWith() });
  };
  // A draft sent again when the connection returns was asked about when it was saved.
  const onSubmit = form.handleSubmit(sendParsed);

  return {
    draft,
    save,
    isChecking: check.isPending,
    sendParsed,
    aggregation,
    cancelAggregation: () => setAggregation(null),
    /** Proceed: the held-back save goes out, adding to the existing line. */
    aggregate: () => {
      if (!aggregation) return;
      save.mutate({ body: aggregation.body, aggregate: true, sent: sentWith() });
      setAggregation(null);
    },
  };
}
