import {
  type AutocompleteItem,
  CALCULATION_WARNING_DURATION_MS,
  calculateContainer,
  containerPoundsHint,
  formatContainerFigure,
  type ProductListRow,
  TEXTAREA_MAX,
} from '@chemtrack/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { messageAt } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { containersApi, unitsApi } from '../containers/api.ts';
import { productsApi } from '../products/api.ts';
import {
  FireCodeHazardClassesField,
  FlashPointField,
  HazardClassesFormField,
  ManufacturerPhoneFields,
  ReportInputFields,
  SaraSpccFields,
  Tier2HazardCategoriesField,
} from '../products/product-data-fields.tsx';
import { toProductDataForm } from '../products/product-form.ts';
import { ProductMeasureFields } from '../products/product-measure-fields.tsx';
import { SdsFileField } from '../products/sds-file-field.tsx';
import { type InventoryProductFormMethods, unitTypeOf } from './inventory-product-values.ts';
import { ReportDataFields } from './report-data-fields.tsx';
import { SpccLineFields } from './spcc-line-fields.tsx';

/** The ids of the line form's fields. */
export const ID = 'ip';

/** A product picker row: a catalog product with its manufacturer, or the name typed for a new one. */
type ProductChoice = AutocompleteItem & Partial<Pick<ProductListRow, 'mfg_name'>> & { isNew?: boolean };

/**
 * `staff`: the whole line on the inventory's pages. `compact`: the technician's quick form on a
 * phone (issue 22), the same fields with the catalogue product's locked data folded away.
 */
export type LineFormLayout = 'staff' | 'compact';

/**
 * The fields of a line (spec 02 §3, §4): what a walk-through records first (quantity, size and
 * location: issue 22), then the product, its SARA and SPCC flags and Tier II hazard categories,
 * the containers and the line's report data. SARA, SPCC and the categories stay blocked while a
 * catalog product is chosen (its own flags are copied) and, for a new product, until it has a name.
 */
export function InventoryProductFields({
  form,
  disabled,
  layout = 'staff',
  onUploadingChange,
}: {
  form: InventoryProductFormMethods;
  disabled: boolean;
  layout?: LineFormLayout;
  /** Told when an SDS upload starts and ends: the form waits for it before saving. */
  onUploadingChange?: (isUploading: boolean) => void;
}) {
  const [productId, name] = useWatch({ control: form.control, name: ['product_id', 'name'] });
  const isLocked = productId !== null;
  const productDataBlocked = disabled || isLocked || name.trim() === '';
  const productData = (
    <>
      <ProductDataSection form={form} isLocked={isLocked} disabled={disabled} />
      <SaraSpccFields idPrefix={ID} disabled={productDataBlocked} />
      <Tier2HazardCategoriesField idPrefix={ID} disabled={productDataBlocked} />
      <FireCodeHazardClassesField idPrefix={ID} disabled={productDataBlocked} />
      <ReportInputFields idPrefix={ID} disabled={productDataBlocked} />
    </>
  );
  // The product-data fields, shared with the product form, read the form from its provider.
  return (
    <FormProvider {...form}>
      <QuickFields form={form} />
      <ProductNameField form={form} isLocked={isLocked} disabled={disabled} />
      {isLocked || name.trim() === '' ? null : (
        <NewProductSdsField form={form} disabled={disabled} onUploadingChange={onUploadingChange} />
      )}
      {layout === 'compact' && isLocked ? (
        // A catalogue product's data cannot be changed here: out of the way on a phone, one tap away.
        <details className="group min-w-0 rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">
            Product details (from the catalogue)
          </summary>
          <div className="flex min-w-0 flex-col gap-6 border-t border-slate-200 p-3">{productData}</div>
        </details>
      ) : (
        productData
      )}
      <ContainerSection form={form} disabled={disabled} />
      <SpccLineFields form={form} idPrefix={ID} disabled={disabled} />
      <ReportDataFields form={form} idPrefix={ID} disabled={disabled} />
    </FormProvider>
  );
}

/** What a technician counts and where: Quantity, Size and Location, first on every layout. */
function QuickFields({ form }: { form: InventoryProductFormMethods }) {
  const { errors } = form.formState;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-3">
      <Field id={`${ID}-container_quantity`} label="Quantity" error={errors.container_quantity?.message}>
        <Input
          id={`${ID}-container_quantity`}
          inputMode="decimal"
          aria-invalid={errors.container_quantity ? true : undefined}
          {...form.register('container_quantity')}
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
    </div>
  );
}

/**
 * The product: chosen from the catalog (its data filled in and locked: spec 02 §4) or typed as
 * a new name, which unlocks the manufacturer and product data for the new catalog product.
 */
function ProductNameField({
  form,
  isLocked,
  disabled,
}: {
  form: InventoryProductFormMethods;
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
    // The catalog's data replaces the product part of the form in one go; the line's own fields
    // stay as typed, and dirtiness is still judged against the line as it loaded.
    onSuccess: ({ resource: product }) =>
      form.reset(
        { ...form.getValues(), product_id: product.id, name: product.name, ...toProductDataForm(product) },
        { keepDefaultValues: true },
      ),
  });
  const nameNewProduct = (text: string) => {
    form.setValue('product_id', null, options);
    form.setValue('name', text, options);
  };

  return (
    <div className="min-w-0">
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
  );
}

/**
 * The SDS of the new product the line names (issue 22): a PDF, or a photo of the label taken on
 * the spot, uploaded at once and attached to the product when the line is saved. Removing it
 * only forgets the upload (nothing is saved yet; the server sweeps unattached uploads).
 */
function NewProductSdsField({
  form,
  disabled,
  onUploadingChange,
}: {
  form: InventoryProductFormMethods;
  disabled: boolean;
  onUploadingChange: ((isUploading: boolean) => void) | undefined;
}) {
  const { errors } = form.formState;
  return (
    <Controller
      control={form.control}
      name="sds"
      render={({ field }) => (
        <SdsFileField
          id={`${ID}-sds`}
          kind="sds-photo"
          file={field.value ?? null}
          isSaved={false}
          disabled={disabled}
          error={messageAt(errors, 'sds', 'sds.filepath')}
          onUploadingChange={onUploadingChange}
          onUploaded={(file) => {
            form.clearErrors('sds');
            form.setValue('sds', file, { shouldDirty: true, shouldValidate: true });
          }}
          onRemove={() => form.setValue('sds', null, { shouldDirty: true, shouldValidate: true })}
        />
      )}
    />
  );
}

/** The manufacturer and product data: the catalogue's (locked) or the new product's. */
function ProductDataSection({
  form,
  isLocked,
  disabled,
}: {
  form: InventoryProductFormMethods;
  isLocked: boolean;
  disabled: boolean;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
      <fieldset
        disabled={disabled || isLocked}
        className="grid min-w-0 grid-cols-1 gap-4 md:col-span-2 md:grid-cols-2"
      >
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
        <ManufacturerPhoneFields idPrefix={ID} />
        <Field id={`${ID}-nfpa`} label="NFPA" error={errors.nfpa?.message}>
          <Input id={`${ID}-nfpa`} {...form.register('nfpa')} />
        </Field>
        <FlashPointField idPrefix={ID} />
        <ProductMeasureFields idPrefix={ID} />
        <HazardClassesFormField idPrefix={ID} disabled={disabled || isLocked} />
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
 * The containers: container and unit pickers, and the max gallons and pounds they make with the
 * size and quantity above, computed live by the same function the server runs on save (spec 02 §9).
 */
function ContainerSection({ form, disabled }: { form: InventoryProductFormMethods; disabled: boolean }) {
  const { errors } = form.formState;
  const [state, unit, size, quantity, poundsPerGallon, specificGravity, conversionFactor] = useWatch({
    control: form.control,
    name: [
      'physical_state',
      'container_unit',
      'container_size',
      'container_quantity',
      'pounds_per_gallon',
      'specific_gravity',
      'conversion_factor',
    ],
  });
  const { figures, poundsHint } = useMemo(() => {
    const input = {
      physical_state: state || null,
      unit_type: unitTypeOf(unit),
      unit_name: unit?.name ?? null,
      container_size: size,
      container_quantity: quantity,
      pounds_per_gallon: poundsPerGallon,
      specific_gravity: specificGravity,
      conversion_factor: conversionFactor,
    };
    const calculated = calculateContainer(input);
    // Why Max Pounds stay N/A (a solid in gallons, a liquid without density): a hint under the
    // figure, where the spec's notices cover only an unknown unit and a broken figure.
    return { figures: calculated, poundsHint: containerPoundsHint(input, calculated) };
  }, [state, unit, size, quantity, poundsPerGallon, specificGravity, conversionFactor]);
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
    <div className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
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
      <Field id={`${ID}-max_gallons`} label="Max Gallons">
        <Input
          id={`${ID}-max_gallons`}
          readOnly
          tabIndex={-1}
          className="bg-slate-100"
          value={formatContainerFigure(figures.max_gallons)}
        />
      </Field>
      <Field id={`${ID}-max_pounds`} label="Max Pounds" hint={poundsHint}>
        <Input
          id={`${ID}-max_pounds`}
          readOnly
          tabIndex={-1}
          className="bg-slate-100"
          value={formatContainerFigure(figures.max_pounds)}
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
                  <CheckboxField id={id} label={activity.label} disabled={disabled} field={field} />
                )}
              />
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
