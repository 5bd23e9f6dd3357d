import {
  areNotesEditable,
  canEditInventoryLines,
  INVENTORY_PRODUCT_MSG,
  type InventoryProductResource,
  type InventoryResource,
  LINE_CATALOG_FIELD_LABELS,
  type SaveInventoryProduct,
  TEXTAREA_MAX,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DraftStatusNotice } from '../../components/draft-status.tsx';
import { HistoryLink } from '../../components/history-link.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { newIdempotencyKey } from '../../lib/drafts.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { toast } from '../../lib/toast.ts';
import { ChemicalComponentsTable } from '../chemical-components/chemical-components-table.tsx';
import { inventoriesApi } from '../inventories/api.ts';
import { useSpecificGravityCheck } from '../products/specific-gravity-check.tsx';
import { inventoryProductsApi, inventoryTitle } from './api.ts';
import { ID, InventoryProductFields, type LineFormLayout } from './inventory-product-fields.tsx';
import {
  canSaveLine,
  EMPTY_INVENTORY_PRODUCT_FORM,
  InventoryProductFormSchema,
  type InventoryProductFormValues,
  toInventoryProductForm,
} from './inventory-product-values.ts';
import { useLineSave } from './use-line-save.ts';

/**
 * Add or edit one line of an inventory (spec 02 §2, §4): the inventory (and the line) come from
 * the route's loader. On the staff layout an existing line lists its chemical components below
 * the form; the compact layout is a technician's quick form on My Inventories (issue 22), which
 * returns to the worklist.
 */
export function InventoryProductFormPage({
  inventoryId,
  lineId,
  layout = 'staff',
}: {
  inventoryId: number;
  lineId: number | undefined;
  layout?: LineFormLayout;
}) {
  return (
    <LoadedRecord options={inventoriesApi.detailOptions(inventoryId)}>
      {(inventory) =>
        lineId === undefined ? (
          <InventoryProductForm inventory={inventory} line={undefined} layout={layout} />
        ) : (
          <LoadedRecord options={inventoryProductsApi(inventoryId).detailOptions(lineId)}>
            {(line) => <InventoryProductForm inventory={inventory} line={line} layout={layout} />}
          </LoadedRecord>
        )
      }
    </LoadedRecord>
  );
}

/**
 * The line's copy of its product differs from the catalogue (issue 22 point 4): which fields,
 * and Refresh, which copies the catalogue onto the line (for who may edit the line).
 */
function CatalogNotice({
  line,
  canRefresh,
  isPending,
  onRefresh,
}: {
  line: InventoryProductResource;
  canRefresh: boolean;
  isPending: boolean;
  onRefresh: () => void;
}) {
  const fields = line.catalog_differences.map((field) => LINE_CATALOG_FIELD_LABELS[field] ?? field);
  return (
    <div
      role="note"
      aria-label="Catalogue"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>
        {INVENTORY_PRODUCT_MSG.catalogDiffers}: {fields.join(', ')}.
      </p>
      {canRefresh ? (
        <Button type="button" variant="secondary" disabled={isPending} onClick={onRefresh}>
          {INVENTORY_PRODUCT_MSG.refreshFromCatalog}
        </Button>
      ) : null}
    </div>
  );
}

function InventoryProductForm({
  inventory,
  line,
  layout,
}: {
  inventory: InventoryResource;
  line: InventoryProductResource | undefined;
  layout: LineFormLayout;
}) {
  const isNew = line === undefined;
  const isCompact = layout === 'compact';
  const lines = inventoryProductsApi(inventory.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inventoryParams = { inventoryId: String(inventory.id) };
  const listPath = isCompact ? `/my-inventories/${inventory.id}` : `/inventories/${inventory.id}/products`;
  const backToList = () =>
    void (isCompact
      ? navigate({ to: '/my-inventories/$inventoryId', params: inventoryParams })
      : navigate({ to: '/inventories/$inventoryId/products', params: inventoryParams, search: keepSearch }));
  const inventoryName = inventoryTitle({
    customer_name: inventory.customer.name,
    facility_name: inventory.facility.name,
    year: inventory.year,
  });

  const mayEditClosed = useCan('inventory-products.update-closed');
  const mayWrite = useCan(isNew ? 'inventory-products.create' : 'inventory-products.update');
  const canEdit = mayWrite && canEditInventoryLines(inventory, mayEditClosed);

  const title = isNew ? 'Add Inventory Product' : canEdit ? 'Edit Inventory Product' : 'Inventory Product';
  usePageMeta(title, [
    isCompact
      ? { name: 'My Inventories', path: '/my-inventories' }
      : { name: 'Inventories', path: '/inventories' },
    { name: inventoryName, path: listPath },
    { name: isNew ? 'Add New Product' : (line?.name ?? '') },
  ]);

  // A new line is one create however often it is sent (issue 22); a restored draft brings its own.
  const [createKey] = useState(newIdempotencyKey);
  const form = useForm<InventoryProductFormValues, unknown, SaveInventoryProduct>({
    resolver: zodResolver(InventoryProductFormSchema),
    mode: 'onTouched',
    defaultValues: line
      ? toInventoryProductForm(line)
      : { ...EMPTY_INVENTORY_PRODUCT_FORM, idempotency_key: createKey },
  });
  const { draft, save, isChecking, sendParsed, aggregation, cancelAggregation, aggregate } = useLineSave({
    inventory,
    line,
    form,
    canEdit,
    onDone: backToList,
  });
  const [isUploading, setUploading] = useState(false);
  const gravityCheck = useSpecificGravityCheck();
  const onSave = form.handleSubmit((parsed) =>
    gravityCheck.confirmThen(
      parsed.product_id ? null : parsed.specific_gravity,
      form.getFieldState('specific_gravity').isDirty,
      () => void sendParsed(parsed),
    ),
  );

  const resolve = useMutation({
    mutationFn: (id: number) => lines.resolveQuestion(id),
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Question resolved', description: result.message });
      queryClient.setQueryData(
        lines.keys.detail(result.resource.id),
        (old: { resource: InventoryProductResource } | undefined) =>
          old
            ? {
                ...old,
                resource: { ...old.resource, is_resolve_question: result.resource.is_resolve_question },
              }
            : old,
      );
      await queryClient.invalidateQueries({ queryKey: lines.keys.lists });
    },
  });

  const refresh = useMutation({
    mutationFn: (id: number) => lines.refreshFromCatalog(id),
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Refreshed from the catalogue', description: result.message });
      queryClient.setQueryData(lines.keys.detail(result.resource.id), { resource: result.resource });
      form.reset(toInventoryProductForm(result.resource));
      // Its components may have been copied again too: they are keyed under the lines.
      await queryClient.invalidateQueries({ queryKey: lines.keys.all });
    },
  });

  const { errors, isDirty, isValid } = form.formState;
  const isBusy = save.isPending || isChecking || refresh.isPending;
  // A carried-over line is confirmed by saving it as it is (issue 9 worklist).
  const isUnchecked = line?.is_unchecked_carry_over ?? false;
  // Values kept on the device for sending are not lost by leaving or reloading: no warning then.
  const isKeptForSending = draft.status.kind === 'kept' || draft.status.kind === 'sending';
  const notesEditable = line ? areNotesEditable(line) : true;
  const isQuestionOpen = line !== undefined && !line.is_resolve_question;

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesGuard
        isDirty={canEdit && isDirty && !save.isPending && !isKeptForSending}
        keepWithin={line && !isCompact ? `${listPath}/${line.id}` : undefined}
      />
      <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <form onSubmit={onSave} noValidate aria-label={title}>
          <fieldset disabled={isBusy || !canEdit} className="flex min-w-0 flex-col gap-6">
            {canEdit ? null : (
              <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
                {INVENTORY_PRODUCT_MSG.closedInventory}
              </p>
            )}
            {line?.catalog_differs ? (
              <CatalogNotice
                line={line}
                canRefresh={canEdit}
                isPending={refresh.isPending}
                onRefresh={() => refresh.mutate(line.id)}
              />
            ) : null}
            {canEdit ? <DraftStatusNotice status={draft.status} onDiscard={draft.discard} /> : null}
            <InventoryProductFields
              form={form}
              disabled={isBusy || !canEdit}
              layout={layout}
              onUploadingChange={setUploading}
            />
            <div className="flex flex-col gap-2">
              <Field
                id={`${ID}-notes`}
                label="Notes"
                hint="Notes are a question for the office until it is resolved."
                error={errors.notes?.message}
              >
                <Textarea
                  id={`${ID}-notes`}
                  maxLength={TEXTAREA_MAX}
                  disabled={!notesEditable}
                  aria-invalid={errors.notes ? true : undefined}
                  {...form.register('notes')}
                />
              </Field>
              {line ? (
                <div>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={!isQuestionOpen || resolve.isPending}
                    onClick={() => resolve.mutate(line.id)}
                  >
                    Resolve Question
                  </Button>
                </div>
              ) : null}
            </div>
          </fieldset>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {isCompact ? null : <HistoryLink entity="inventory_product" id={line?.id} />}
            <Button asChild variant="secondary">
              {isCompact ? (
                <Link
                  to="/my-inventories/$inventoryId"
                  params={inventoryParams}
                  onClick={canEdit ? draft.discardOnLeave : undefined}
                >
                  {canEdit ? 'Cancel' : 'Back'}
                </Link>
              ) : (
                <Link
                  to="/inventories/$inventoryId/products"
                  params={inventoryParams}
                  search={keepSearch}
                  // Cancel drops the changes, on the device too, once the page is left.
                  onClick={canEdit ? draft.discardOnLeave : undefined}
                >
                  {canEdit ? 'Cancel' : 'Back'}
                </Link>
              )}
            </Button>
            {canEdit ? (
              <Button
                type="submit"
                disabled={isUploading || !canSaveLine({ line, isBusy, isValid, isDirty })}
              >
                {isBusy
                  ? 'Saving changes...'
                  : isNew
                    ? 'Create Product'
                    : // The quick form says what a save of an unchanged carried-over line does.
                      isCompact && isUnchecked && !isDirty
                      ? 'Mark as Checked'
                      : 'Save Changes'}
              </Button>
            ) : null}
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={aggregation !== null}
        onOpenChange={(open) => {
          if (!open) cancelAggregation();
        }}
        title="Product Already in This Inventory"
        description={
          aggregation ? (
            <>
              {aggregation.message}
              {aggregation.target ? (
                <span className="mt-2 block">
                  That line holds {aggregation.target.container_quantity ?? 0}
                  {aggregation.target.location_stored ? ` at ${aggregation.target.location_stored}` : ''}.
                </span>
              ) : null}
            </>
          ) : null
        }
        confirmLabel="Proceed"
        isPending={save.isPending}
        onConfirm={aggregate}
      />
      {gravityCheck.dialog}
      {line && !isCompact ? (
        <ChemicalComponentsTable
          parent={{
            kind: 'line',
            inventoryId: inventory.id,
            lineId: line.id,
          }}
        />
      ) : null}
      <Outlet />
    </div>
  );
}
