import {
  type AggregationTarget,
  type AutocompleteItem,
  areNotesEditable,
  CALCULATION_WARNING_DURATION_MS,
  calculateContainer,
  canEditInventoryLines,
  formatContainerFigure,
  INVENTORY_PRODUCT_MSG,
  type InventoryProductResource,
  type InventoryResource,
  type ProductListRow,
  type SaveInventoryProduct,
  TEXTAREA_MAX,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Controller,
  type FieldError,
  type FieldErrors,
  get,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, showApiError } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { toast } from '../../lib/toast.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { containersApi, unitsApi } from '../containers/api.ts';
import { productsApi } from '../products/api.ts';
import { HazardClassesField } from '../products/hazard-classes-field.tsx';
import { FlashPointField, SaraSpccFields } from '../products/product-data-fields.tsx';
import { toProductDataForm } from '../products/product-form.ts';
import { ProductMeasureFields } from '../products/product-measure-fields.tsx';
import { inventoriesApi } from './api.ts';
import { InventoryProductComponentsTable } from './inventory-product-components.tsx';
import {
  EMPTY_INVENTORY_PRODUCT_FORM,
  InventoryProductFormSchema,
  type InventoryProductFormValues,
  toInventoryProductBody,
  toInventoryProductForm,
  unitTypeOf,
} from './inventory-product-values.ts';
import { type InventoryProductBody, inventoryProductsApi, inventoryTitle } from './inventory-products-api.ts';

const ID = 'ip';

/**
 * The first message at one of these paths: the domain's rules and the server name some fields
 * by the request's words (container_id, hazard_ids) where the form holds the picked item.
 */
function messageAt(errors: FieldErrors<InventoryProductFormValues>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const message = (get(errors, path) as FieldError | undefined)?.message;
    if (message) return message;
  }
  return undefined;
}
const keepSearch = (s: Record<string, unknown>) => s;

/** A product picker row: a catalogue product with its manufacturer, or the name typed for a new one. */
type ProductChoice = AutocompleteItem & Partial<Pick<ProductListRow, 'mfg_name'>> & { isNew?: boolean };

/** The refusal of a save that would leave two lines of one combination (a save racing another). */
const AGGREGATION_SUFFIX = INVENTORY_PRODUCT_MSG.needsAggregation('');
function isAggregationRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.body.message ?? '').endsWith(AGGREGATION_SUFFIX)
  );
}

/**
 * Add or edit one line of an inventory (spec 02 §2, §4): the inventory (and the line) come from
 * the route's loader. An existing line lists its chemical components below the form.
 */
export function InventoryProductFormPage({
  inventoryId,
  lineId,
}: {
  inventoryId: number;
  lineId: number | undefined;
}) {
  return (
    <LoadedRecord options={inventoriesApi.detailOptions(inventoryId)}>
      {(inventory) =>
        lineId === undefined ? (
          <InventoryProductForm inventory={inventory} line={undefined} />
        ) : (
          <LoadedRecord options={inventoryProductsApi(inventoryId).detailOptions(lineId)}>
            {(line) => <InventoryProductForm inventory={inventory} line={line} />}
          </LoadedRecord>
        )
      }
    </LoadedRecord>
  );
}

interface PendingAggregation {
  body: InventoryProductBody;
  target: AggregationTarget | null;
  message: string;
}

function InventoryProductForm({
  inventory,
  line,
}: {
  inventory: InventoryResource;
  line: InventoryProductResource | undefined;
}) {
  const isNew = line === undefined;
  const lines = inventoryProductsApi(inventory.id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listPath = `/inventories/${inventory.id}/products`;
  const backToList = () =>
    void navigate({
      to: '/inventories/$inventoryId/products',
      params: { inventoryId: String(inventory.id) },
      search: keepSearch,
    });

  const mayEditClosed = useCan('inventory-products.update-closed');
  const mayWrite = useCan(isNew ? 'inventory-products.create' : 'inventory-products.update');
  const canEdit = mayWrite && canEditInventoryLines(inventory, mayEditClosed);

  const title = isNew ? 'Add Inventory Product' : canEdit ? 'Edit Inventory Product' : 'Inventory Product';
  usePageMeta(title, [
    { name: 'Inventories', path: '/inventories' },
    {
      name: inventoryTitle({
        customer_name: inventory.customer.name,
        facility_name: inventory.facility.name,
        year: inventory.year,
      }),
      path: listPath,
    },
    { name: isNew ? 'Add New Product' : (line?.name ?? '') },
  ]);

  const form = useForm<InventoryProductFormValues, unknown, SaveInventoryProduct>({
    resolver: zodResolver(InventoryProductFormSchema),
    mode: 'onTouched',
    defaultValues: line ? toInventoryProductForm(line) : EMPTY_INVENTORY_PRODUCT_FORM,
  });

  const [aggregation, setAggregation] = useState<PendingAggregation | null>(null);
  const { save } = useRecordMutations<
    InventoryProductResource,
    InventoryProductFormValues,
    { body: InventoryProductBody; aggregate: boolean }
  >({
    entity: 'Inventory product',
    isNew,
    nameOf: (saved) => saved.name,
    save: ({ body, aggregate }) => lines.save(line?.id, body, aggregate),
    // A new name adds a product to the catalogue in the same save.
    invalidate: [lines.keys.all, productsApi.keys.all],
    setError: form.setError,
    onSaved: (saved) => form.reset(toInventoryProductForm(saved)),
    onDone: backToList,
    onSaveError: (error, { body, aggregate }) => {
      if (aggregate || !isAggregationRefusal(error)) return false;
      setAggregation({ body, target: null, message: error.message });
      return true;
    },
  });
  const check = useMutation({
    mutationFn: lines.checkExisting,
    meta: { handlesErrors: true },
  });

  const onSubmit = form.handleSubmit(async (parsed) => {
    const body = toInventoryProductBody(parsed);
    // Only a catalogue product can already have a line: a new name is a new product.
    if (body.product_id) {
      try {
        const { resource } = await check.mutateAsync({
          product_id: body.product_id,
          container_id: body.container_id ?? null,
          container_unit_id: body.container_unit_id ?? null,
          container_size: body.container_size,
          inventory_product_id: line?.id ?? null,
        });
        if (resource.is_need_aggregation) {
          const target = resource.inventory_product;
          setAggregation({
            body,
            target,
            message: INVENTORY_PRODUCT_MSG.needsAggregation(target?.name ?? form.getValues('name')),
          });
          return;
        }
      } catch (error) {
        showApiError(error);
        return;
      }
    }
    save.mutate({ body, aggregate: false });
  });

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

  const { errors, isDirty, isValid } = form.formState;
  const isBusy = save.isPending || check.isPending;
  const productId = useWatch({ control: form.control, name: 'product_id' });
  const name = useWatch({ control: form.control, name: 'name' });
  const isLocked = productId !== null;
  const notesEditable = line ? areNotesEditable(line) : true;
  const isQuestionOpen = line !== undefined && !line.is_resolve_question;

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesGuard
        isDirty={canEdit && isDirty && !save.isPending}
        keepWithin={line ? `${listPath}/${line.id}` : undefined}
      />
      <section className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <fieldset disabled={isBusy || !canEdit} className="flex min-w-0 flex-col gap-6">
            {canEdit ? null : (
              <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
                {INVENTORY_PRODUCT_MSG.closedInventory}
              </p>
            )}
            <ProductSection form={form} isLocked={isLocked} disabled={isBusy || !canEdit} />
            <SaraSpccFields
              form={form}
              idPrefix={ID}
              disabled={isBusy || !canEdit || isLocked || name.trim() === ''}
            />
            <ContainerSection form={form} disabled={isBusy || !canEdit} />
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
            <Button asChild variant="secondary">
              <Link
                to="/inventories/$inventoryId/products"
                params={{ inventoryId: String(inventory.id) }}
                search={keepSearch}
              >
                {canEdit ? 'Cancel' : 'Back'}
              </Link>
            </Button>
            {canEdit ? (
              <Button type="submit" disabled={isBusy || !isValid || (!isNew && !isDirty)}>
                {isBusy ? 'Saving changes...' : isNew ? 'Create Product' : 'Save Changes'}
              </Button>
            ) : null}
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={aggregation !== null}
        onOpenChange={(open) => {
          if (!open) setAggregation(null);
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
        onConfirm={() => {
          if (!aggregation) return;
          save.mutate({ body: aggregation.body, aggregate: true });
          setAggregation(null);
        }}
      />
      {line ? <InventoryProductComponentsTable inventoryId={inventory.id} lineId={line.id} /> : null}
      <Outlet />
    </div>
  );
}

type LineForm = UseFormReturn<InventoryProductFormValues, unknown, SaveInventoryProduct>;

/**
 * The product: chosen from the catalogue (its data filled in and locked: spec 02 §4) or typed as
 * a new name, which unlocks the manufacturer and product data for the new catalogue product.
 */
function ProductSection({
  form,
  isLocked,
  disabled,
}: {
  form: LineForm;
  isLocked: boolean;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const { errors } = form.formState;
  const [productId, name, mfgName] = useWatch({
    control: form.control,
    name: ['product_id', 'name', 'mfg_name'],
  });
  const choice: ProductChoice | null =
    productId !== null
      ? { id: productId, name, mfg_name: mfgName }
      : name
        ? { id: 0, name, isNew: true }
        : null;
  const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;

  const pickProduct = useMutation({
    mutationFn: (id: number) => queryClient.fetchQuery(productsApi.detailOptions(id)),
    onSuccess: ({ resource: product }) => {
      form.setValue('product_id', product.id, options);
      form.setValue('name', product.name, options);
      for (const [key, value] of Object.entries(toProductDataForm(product))) {
        form.setValue(key as keyof ReturnType<typeof toProductDataForm>, value as never, options);
      }
      form.clearErrors();
    },
  });
  const nameNewProduct = (text: string) => {
    form.setValue('product_id', null, options);
    form.setValue('name', text, options);
  };

  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-2">
      <div className="md:col-span-2">
        <Field
          id={`${ID}-name`}
          label="Product Name"
          required
          hint={
            isLocked
              ? 'From the product catalogue: its data below is locked.'
              : 'Choose a product, or type a new name.'
          }
          error={messageAt(errors, 'name', 'product_id')}
        >
          <PagedPicker<ProductChoice>
            id={`${ID}-name`}
            path="/products/list"
            params={{ status: 'active' }}
            value={choice}
            placeholder="Select or type a product"
            emptyText="No products match your search criteria."
            disabled={disabled || pickProduct.isPending}
            invalid={Boolean(errors.name)}
            describe={(item) => (item.isNew ? 'new product' : item.mfg_name)}
            onChange={(item) => {
              if (item && !item.isNew) pickProduct.mutate(item.id);
            }}
            onBlur={() => void form.trigger('name')}
            create={{ label: (text) => `Add "${text}" as a new product`, onCreate: nameNewProduct }}
          />
        </Field>
      </div>
      <fieldset disabled={disabled || isLocked} className="grid min-w-0 gap-4 md:col-span-2 md:grid-cols-2">
        <legend className="sr-only">Manufacturer and product data</legend>
        <Field id={`${ID}-mfg_name`} label="Manufacturer Name" required error={errors.mfg_name?.message}>
          <Input
            id={`${ID}-mfg_name`}
            aria-invalid={errors.mfg_name ? true : undefined}
            {...form.register('mfg_name')}
          />
        </Field>
        <Field
          id={`${ID}-mfg_product_number`}
          label="Manufacturer Product Number"
          error={errors.mfg_product_number?.message}
        >
          <Input id={`${ID}-mfg_product_number`} {...form.register('mfg_product_number')} />
        </Field>
        {(['mfg_phone', 'mfg_emergency_phone'] as const).map((field) => (
          <Field
            key={field}
            id={`${ID}-${field}`}
            label={field === 'mfg_phone' ? 'Manufacturer Phone' : 'Manufacturer Emergency Phone'}
            error={errors[field]?.message}
          >
            <Controller
              control={form.control}
              name={field}
              render={({ field: input }) => (
                <PhoneInput
                  id={`${ID}-${field}`}
                  aria-invalid={errors[field] ? true : undefined}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  ref={input.ref}
                />
              )}
            />
          </Field>
        ))}
        <Field id={`${ID}-nfpa`} label="NFPA" error={errors.nfpa?.message}>
          <Input id={`${ID}-nfpa`} {...form.register('nfpa')} />
        </Field>
        <FlashPointField form={form} idPrefix={ID} />
        <ProductMeasureFields form={form} idPrefix={ID} />
        <div className="md:col-span-2">
          <Field
            id={`${ID}-hazards`}
            label="Hazard Classes"
            error={messageAt(errors, 'hazards', 'hazard_ids')}
          >
            <Controller
              control={form.control}
              name="hazards"
              render={({ field }) => (
                <HazardClassesField
                  id={`${ID}-hazards`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={disabled || isLocked}
                />
              )}
            />
          </Field>
        </div>
      </fieldset>
    </div>
  );
}

const ACTIVITIES = [
  { name: 'is_processed', label: 'Processed' },
  { name: 'is_manufactured', label: 'Manufactured' },
  { name: 'is_otherwise_used', label: 'Otherwise Used' },
] as const;

/**
 * Where and how much: container and unit pickers, size and quantity, and the max gallons and
 * pounds they make, computed live by the same function the server runs on save (spec 02 §9).
 */
function ContainerSection({ form, disabled }: { form: LineForm; disabled: boolean }) {
  const { errors } = form.formState;
  const [state, unit, size, quantity, poundsPerGallon, conversionFactor] = useWatch({
    control: form.control,
    name: [
      'physical_state',
      'container_unit',
      'container_size',
      'container_quantity',
      'pounds_per_gallon',
      'conversion_factor',
    ],
  });
  const figures = useMemo(
    () =>
      calculateContainer({
        physical_state: state || null,
        unit_type: unitTypeOf(unit),
        unit_name: unit?.name ?? null,
        container_size: size,
        container_quantity: quantity,
        pounds_per_gallon: poundsPerGallon,
        conversion_factor: conversionFactor,
      }),
    [state, unit, size, quantity, poundsPerGallon, conversionFactor],
  );
  // A warning is shown when it appears, not on every keystroke, and not for the line as it loaded.
  const warningKey = figures.warning ? `${figures.warning.title}|${figures.warning.description}` : '';
  const shownWarning = useRef(warningKey);
  useEffect(() => {
    if (warningKey === shownWarning.current) return;
    shownWarning.current = warningKey;
    if (figures.warning)
      toast({ variant: 'warning', ...figures.warning, duration: CALCULATION_WARNING_DURATION_MS });
  }, [warningKey, figures.warning]);

  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-2">
      <Field id={`${ID}-container`} label="Container" error={messageAt(errors, 'container', 'container_id')}>
        <Controller
          control={form.control}
          name="container"
          render={({ field }) => (
            <PagedPicker
              id={`${ID}-container`}
              path={containersApi.autocompletePath}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Select container"
              disabled={disabled}
            />
          )}
        />
      </Field>
      <Field
        id={`${ID}-container_unit`}
        label="Unit"
        error={messageAt(errors, 'container_unit', 'container_unit_id')}
      >
        <Controller
          control={form.control}
          name="container_unit"
          render={({ field }) => (
            <PagedPicker
              id={`${ID}-container_unit`}
              path={unitsApi.autocompletePath}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Select unit"
              disabled={disabled}
            />
          )}
        />
      </Field>
      <Field id={`${ID}-container_size`} label="Size" error={errors.container_size?.message}>
        <Input
          id={`${ID}-container_size`}
          inputMode="decimal"
          aria-invalid={errors.container_size ? true : undefined}
          {...form.register('container_size')}
        />
      </Field>
      <Field id={`${ID}-container_quantity`} label="Quantity" error={errors.container_quantity?.message}>
        <Input
          id={`${ID}-container_quantity`}
          inputMode="decimal"
          aria-invalid={errors.container_quantity ? true : undefined}
          {...form.register('container_quantity')}
        />
      </Field>
      <Field id={`${ID}-max_gallons`} label="Max Gallons">
        <Input
          id={`${ID}-max_gallons`}
          readOnly
          tabIndex={-1}
          className="bg-slate-100"
          value={formatContainerFigure(figures.max_gallons)}
        />
      </Field>
      <Field id={`${ID}-max_pounds`} label="Max Pounds">
        <Input
          id={`${ID}-max_pounds`}
          readOnly
          tabIndex={-1}
          className="bg-slate-100"
          value={formatContainerFigure(figures.max_pounds)}
        />
      </Field>
      <Field id={`${ID}-location_stored`} label="Location" error={errors.location_stored?.message}>
        <Controller
          control={form.control}
          name="location_stored"
          render={({ field }) => (
            <Input
              id={`${ID}-location_stored`}
              autoCapitalize="characters"
              aria-invalid={errors.location_stored ? true : undefined}
              value={field.value}
              // Spec 02 §5: the location is stored upper-cased, so it is shown so as it is typed.
              onChange={(event) => field.onChange(event.target.value.toUpperCase())}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </Field>
      <Field id={`${ID}-sds_no`} label="SDS No" error={errors.sds_no?.message}>
        <Input id={`${ID}-sds_no`} {...form.register('sds_no')} />
      </Field>
      <div className="md:col-span-2">
        <Field id={`${ID}-container_info`} label="Container Info" error={errors.container_info?.message}>
          <Textarea
            id={`${ID}-container_info`}
            maxLength={TEXTAREA_MAX}
            {...form.register('container_info')}
          />
        </Field>
      </div>
      <fieldset className="md:col-span-2">
        <legend className="text-sm font-medium text-slate-700">Activity</legend>
        <div className="mt-2 flex flex-wrap gap-5">
          {ACTIVITIES.map((activity) => {
            const id = `${ID}-${activity.name}`;
            return (
              <Controller
                key={activity.name}
                control={form.control}
                name={activity.name}
                render={({ field }) => (
                  <label htmlFor={id} className="flex items-center gap-2 py-1 text-sm text-slate-700">
                    <Checkbox
                      id={id}
                      checked={field.value}
                      disabled={disabled}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                    {activity.label}
                  </label>
                )}
              />
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
