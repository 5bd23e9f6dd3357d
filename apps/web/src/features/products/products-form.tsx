import {
  ProductDuplicateSchema,
  type ProductResource,
  type SameNameProduct,
  type SaveProduct,
  SDS_STATUSES,
  type SdsStatus,
  type StoredFile,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { HistoryLink } from '../../components/history-link.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { useSameNameQuestion } from '../../components/same-name-question.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { saveBlob } from '../../lib/download.ts';
import { messageAt } from '../../lib/form-errors.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { toast } from '../../lib/toast.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { ChemicalComponentsTable } from '../chemical-components/chemical-components-table.tsx';
import { useSdsReading } from '../sds-reading/api.ts';
import { SdsProposalSection } from '../sds-reading/sds-proposal-section.tsx';
import { deleteProductSds, downloadProductSds, productsApi } from './api.ts';
import {
  FireCodeHazardClassesField,
  FlashPointField,
  HazardClassesFormField,
  ManufacturerPhoneFields,
  ReportInputFields,
  SaraSpccFields,
  Tier2HazardCategoriesField,
} from './product-data-fields.tsx';
import {
  EMPTY_PRODUCT_FORM,
  ProductFormSchema,
  type ProductFormValues,
  toProductBody,
  toProductForm,
} from './product-form.ts';
import { ProductMeasureFields } from './product-measure-fields.tsx';
import { ProductReviewNotes } from './product-status-cell.tsx';
import { SdsFileField } from './sds-file-field.tsx';
import { useSpecificGravityCheck } from './specific-gravity-check.tsx';

const SDS_STATUS_OPTIONS: Record<SdsStatus, string> = {
  sds: 'SDS',
  pending: 'Pending',
  update: 'Update Required',
};

/** A value the SDS proposed and the user chose to use: a change of the form like a typed one. */
const SET_FROM_SDS = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;

/**
 * Create or edit a product on its own page (spec 02 §2, §4). An existing product also lists
 * its chemical components below the form; their modals open on top of it.
 */
export function ProductFormPage({ productId }: { productId: number | undefined }) {
  if (productId === undefined) return <ProductForm productId={undefined} product={undefined} />;
  return (
    <LoadedRecord options={productsApi.detailOptions(productId)}>
      {(product) => <ProductForm productId={productId} product={product} />}
    </LoadedRecord>
  );
}

/**
 * The product form, filled once from the product the route loaded; a later copy of it (after
 * the SDS was deleted) updates only its own fields.
 */
function ProductForm({
  productId,
  product,
}: {
  productId: number | undefined;
  product: ProductResource | undefined;
}) {
  const isNew = productId === undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const backToList = () => void navigate({ to: '/products', search: keepSearch });

  usePageMeta(isNew ? 'Create New Product' : 'Edit Product', [
    { name: 'Product Management', path: '/products' },
    { name: isNew ? 'Add New Product' : (product?.name ?? 'Loading...') },
  ]);

  const form = useForm<ProductFormValues, unknown, SaveProduct>({
    resolver: zodResolver(ProductFormSchema),
    mode: 'onTouched',
    defaultValues: product ? toProductForm(product) : EMPTY_PRODUCT_FORM,
  });

  // A second product of one name and manufacturer: the server asks first, and this holds the question.
  const sameName = useSameNameQuestion<SameNameProduct, SaveProduct>({
    conflict: ProductDuplicateSchema,
    isNew,
    title: 'Product Already in Catalogue',
    question: {
      create: 'Create another product with the same name and manufacturer?',
      save: 'Save this product with the same name and manufacturer?',
    },
    resend: (parsed) => save.mutate(parsed),
  });
  const { save, toggle } = useRecordMutations<ProductResource, ProductFormValues, SaveProduct>({
    entity: 'Product',
    isNew,
    onSaveError: sameName.onSaveError,
    nameOf: (p) => p.name,
    save: (parsed) =>
      productsApi.save(
        productId,
        toProductBody(parsed, {
          savedFile: product?.sds_file,
          isStatusChosen: parsed.sds_status !== (product?.sds_status ?? null),
        }),
        product?.updated_at,
      ),
    toggle: productsApi.toggle,
    invalidate: [productsApi.keys.all],
    setError: form.setError,
    onSaved: (saved) => form.reset(toProductForm(saved)),
    onDone: backToList,
    reload: product && {
      queryKey: productsApi.keys.detail(product.id),
      load: (reloaded) => form.reset(toProductForm(reloaded)),
    },
  });

  const deleteSds = useMutation({
    mutationFn: (id: number) => deleteProductSds(id),
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'SDS file deleted', description: 'SDS file deleted successfully.' });
      // The file is gone and the server may have changed the status; other edits stay as typed.
      form.resetField('sds', { defaultValue: null });
      if (form.getValues('sds_status') === (product?.sds_status ?? ''))
        form.resetField('sds_status', { defaultValue: result.resource.sds_status });
      queryClient.setQueryData(productsApi.keys.detail(result.resource.id), { resource: result.resource });
      await queryClient.invalidateQueries({ queryKey: productsApi.keys.lists });
    },
  });
  const download = useMutation({
    mutationFn: (id: number) => downloadProductSds(id),
    onSuccess: ({ blob, filename }) =>
      saveBlob(blob, filename ?? product?.sds_file?.original_name ?? 'sds.pdf'),
  });

  // The SDS chosen on the form is read for its components (issue 35); nothing is saved from it
  // until the user accepts rows. The saved SDS of a product can be read again on demand.
  const sdsReading = useSdsReading();
  const readSavedSds = useMutation({
    mutationFn: async (id: number) => {
      const { blob, filename } = await downloadProductSds(id);
      const name = filename ?? product?.sds_file?.original_name ?? 'sds.pdf';
      return new File([blob], name, { type: 'application/pdf' });
    },
    onSuccess: (file) => sdsReading.mutate(file),
  });
  const [specificGravity, physicalState] = useWatch({
    control: form.control,
    name: ['specific_gravity', 'physical_state'],
  });
  // "Use" fills a field only while it is empty: a value the form has is never overwritten.
  const isEmptyField = (name: 'specific_gravity' | 'physical_state') =>
    String(form.getValues(name) ?? '').trim() === '';

  const [isUploading, setUploading] = useState(false);
  const { errors, isDirty, isValid } = form.formState;
  const isBusy = save.isPending;
  const gravityCheck = useSpecificGravityCheck();
  const onSubmit = form.handleSubmit((parsed) =>
    gravityCheck.confirmThen(parsed.specific_gravity, form.getFieldState('specific_gravity').isDirty, () =>
      save.mutate(parsed),
    ),
  );

  const removeSds = (file: StoredFile | null, isSaved: boolean) => {
    // What the removed file proposed no longer stands.
    sdsReading.reset();
    if (isSaved && product) deleteSds.mutate(product.id);
    else if (file) form.setValue('sds', null, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesGuard
        isDirty={isDirty && !save.isPending}
        keepWithin={isNew ? undefined : `/products/${productId}`}
      />
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-sm font-bold uppercase tracking-wide text-slate-700">Product Information</h2>
        {/* The product-data fields, shared with the line form, read the form from here. */}
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate aria-label={isNew ? 'Create New Product' : 'Edit Product'}>
            {product ? (
              <ProductReviewNotes
                needsReview={product.needs_review}
                isLabelPhoto={product.sds_is_label_photo}
              />
            ) : null}
            <fieldset disabled={isBusy} className="grid gap-4 md:grid-cols-2">
              <Field id="p-name" label="Product Name" required error={errors.name?.message}>
                <Input id="p-name" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
              </Field>
              <Field id="p-mfg_name" label="Manufacturer Name" required error={errors.mfg_name?.message}>
                <Input
                  id="p-mfg_name"
                  aria-invalid={errors.mfg_name ? true : undefined}
                  {...form.register('mfg_name')}
                />
              </Field>
              <Field
                id="p-mfg_product_number"
                label="Manufacturer Product Number"
                error={errors.mfg_product_number?.message}
              >
                <Input
                  id="p-mfg_product_number"
                  aria-invalid={errors.mfg_product_number ? true : undefined}
                  {...form.register('mfg_product_number')}
                />
              </Field>
              <Field id="p-nfpa" label="NFPA" error={errors.nfpa?.message}>
                <Input id="p-nfpa" aria-invalid={errors.nfpa ? true : undefined} {...form.register('nfpa')} />
              </Field>
              <ManufacturerPhoneFields />
              <MaskedField
                id="p-sds_date"
                label="SDS Date"
                error={errors.sds_date?.message}
                invalid={Boolean(errors.sds_date)}
                control={form.control}
                name="sds_date"
                input={DateInput}
              />
              <Field id="p-sds_status" label="SDS Status" error={errors.sds_status?.message}>
                <Select
                  id="p-sds_status"
                  aria-invalid={errors.sds_status ? true : undefined}
                  {...form.register('sds_status')}
                >
                  <option value="">Select SDS status</option>
                  {SDS_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {SDS_STATUS_OPTIONS[status]}
                    </option>
                  ))}
                </Select>
              </Field>
              <FlashPointField />
              <ProductMeasureFields />
              <HazardClassesFormField disabled={isBusy} marksInvalid />
              <SaraSpccFields className="md:col-span-2" />
              <Tier2HazardCategoriesField className="md:col-span-2" />
              <FireCodeHazardClassesField className="md:col-span-2" />
              <ReportInputFields className="md:col-span-2" />
              <div className="md:col-span-2">
                <Controller
                  control={form.control}
                  name="sds"
                  render={({ field }) => {
                    const isSaved =
                      field.value !== null && product?.sds_file?.filepath === field.value.filepath;
                    return (
                      <SdsFileField
                        id="p-sds"
                        file={field.value}
                        isSaved={isSaved}
                        disabled={isBusy}
                        error={messageAt(errors, 'sds', 'sds.filepath', 'sds.original_name')}
                        onUploadingChange={setUploading}
                        onUploaded={(file, chosen) => {
                          field.onChange(file);
                          form.clearErrors('sds');
                          sdsReading.mutate(chosen);
                        }}
                        onRemove={() => removeSds(field.value, isSaved)}
                        isRemoving={deleteSds.isPending}
                        onDownload={product ? () => download.mutate(product.id) : undefined}
                        isDownloading={download.isPending}
                      />
                    );
                  }}
                />
              </div>
            </fieldset>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <HistoryLink entity="product" id={product?.id} />
              <Button asChild variant="secondary">
                <Link to="/products" search={keepSearch}>
                  Cancel
                </Link>
              </Button>
              {product ? (
                <ArchiveToggle
                  asText
                  entity="Product"
                  name={product.name}
                  isActive={product.is_active}
                  confirm={false}
                  isPending={toggle.isPending}
                  onConfirm={() => toggle.mutate(product.id)}
                />
              ) : null}
              <Button type="submit" disabled={isBusy || isUploading || !isValid || (!isNew && !isDirty)}>
                {save.isPending ? 'Saving changes...' : isNew ? 'Create Product' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </FormProvider>
      </section>
      {gravityCheck.dialog}
      {sameName.dialog}
      <SdsProposalSection
        productId={product?.id}
        reading={sdsReading}
        isFetchingSaved={readSavedSds.isPending}
        fields={{ specific_gravity: specificGravity, physical_state: physicalState }}
        onUseSpecificGravity={(value) => {
          if (isEmptyField('specific_gravity')) form.setValue('specific_gravity', value, SET_FROM_SDS);
        }}
        onUsePhysicalState={(value) => {
          if (isEmptyField('physical_state')) form.setValue('physical_state', value, SET_FROM_SDS);
        }}
        onReadSaved={product?.sds_file ? () => readSavedSds.mutate(product.id) : undefined}
      />
      {product ? <ChemicalComponentsTable parent={{ kind: 'product', productId: product.id }} /> : null}
      <Outlet />
    </div>
  );
}
