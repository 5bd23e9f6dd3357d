import {
  AREA_ACTIONS,
  type AutocompleteItem,
  type InventoryConflict,
  InventoryConflictSchema,
  type InventoryResource,
  inventoryYears,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { ModalForm, useModalRoute } from '../../components/modal-form.tsx';
import { MultiPicker } from '../../components/multi-picker.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { ApiError } from '../../lib/api.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { useCan } from '../../lib/permissions.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { customersApi, facilitiesApi } from '../customers/api.ts';
import { techniciansApi } from '../technicians/api.ts';
import { inventoriesApi } from './api.ts';
import { DuplicatesField } from './duplicates-field.tsx';
import { inventoryName } from './inventories-columns.tsx';
import { InventoryFilingFields } from './inventory-filing-fields.tsx';
import {
  EMPTY_INVENTORY_FORM,
  filingFactsBody,
  InventoryFormSchema,
  type InventoryFormValues,
  type ParsedInventoryForm,
  toInventoryForm,
} from './inventory-form.ts';

const technicianChips = (inventory: InventoryResource | undefined): AutocompleteItem[] =>
  inventory?.technicians.map((technician) => ({ id: technician.id, name: technician.profile.full_name })) ??
  [];

const EDITED = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;

/** Create New Inventory / Inventory Details (spec 02 §2, §4 and §5). */
export function InventoryModal({ id }: { id: number | undefined }) {
  if (id === undefined) return <InventoryForm id={undefined} inventory={undefined} />;
  return (
    <LoadedRecord options={inventoriesApi.detailOptions(id)}>
      {(inventory) => <InventoryForm id={id} inventory={inventory} />}
    </LoadedRecord>
  );
}

/** The form of InventoryModal, from the inventory the route loaded (none when creating). */
function InventoryForm({
  id,
  inventory,
}: {
  id: number | undefined;
  inventory: InventoryResource | undefined;
}) {
  const navigate = useNavigate();
  const isNew = inventory === undefined;
  const canUpdate = useCan(AREA_ACTIONS.inventories.update);
  const canArchive = useCan(AREA_ACTIONS.inventories.archive);
  const canComplete = useCan('inventories.complete');
  const canUpdateCompleted = useCan('inventories.update-completed');
  // Spec 02 §4 and §6: a completed inventory is an admin's to change; the server answers staff 403.
  const isReadOnly = !isNew && (!canUpdate || (inventory.is_completed && !canUpdateCompleted));
  const { isOpen, close } = useModalRoute(() => void navigate({ to: '/inventories', search: keepSearch }));

  const [customer, setCustomer] = useState<AutocompleteItem | null>(inventory?.customer ?? null);
  const [facility, setFacility] = useState<AutocompleteItem | null>(inventory?.facility ?? null);
  const [technicians, setTechnicians] = useState<AutocompleteItem[]>(() => technicianChips(inventory));

  const form = useForm<InventoryFormValues, unknown, ParsedInventoryForm>({
    resolver: zodResolver(InventoryFormSchema),
    mode: 'onTouched',
    defaultValues: inventory ? toInventoryForm(inventory) : EMPTY_INVENTORY_FORM,
  });

  // Issue 33 point 10: the inventory a create ran into (409), linked under the year.
  const [sameYear, setSameYear] = useState<InventoryConflict | null>(null);
  const { save, toggle } = useRecordMutations<InventoryResource, InventoryFormValues, ParsedInventoryForm>({
    entity: 'Inventory',
    isNew,
    nameOf: inventoryName,
    save: (values) =>
      inventoriesApi.save(
        id,
        {
          year: values.year,
          customer_id: values.customer_id,
          facility_id: values.facility_id,
          technician_ids: values.technician_ids,
          ...filingFactsBody(values),
          // The copied-from inventories are chosen once, when the inventory is made (the server
          // keeps them on update); completion is an admin's, so only an admin's form sends it.
          ...(isNew ? { inventory_ids: values.inventory_ids } : {}),
          ...(!isNew && canComplete ? { is_completed: values.is_completed } : {}),
        },
        inventory?.updated_at,
      ),
    toggle: inventoriesApi.toggle,
    invalidate: [inventoriesApi.keys.all],
    // Field errors (the 409's "An inventory of … for … already exists." included, which the
    // server gives under `year`) go under their fields; the 409's inventory is linked there too.
    setError: form.setError,
    onSaveError: (error) => {
      const existing =
        error instanceof ApiError && error.status === 409
          ? InventoryConflictSchema.safeParse(error.body.existing)
          : undefined;
      setSameYear(existing?.success ? existing.data : null);
      return false;
    },
    onSaved: (saved) => {
      form.reset(toInventoryForm(saved));
    },
    onDone: close,
    reload: inventory && {
      queryKey: inventoriesApi.keys.detail(inventory.id),
      load: (reloaded) => {
        form.reset(toInventoryForm(reloaded));
        setCustomer(reloaded.customer);
        setFacility(reloaded.facility);
        setTechnicians(technicianChips(reloaded));
      },
    },
  });

  const { errors, isDirty } = form.formState;
  const year = form.watch('year');
  const customerId = form.watch('customer_id');
  const facilityId = form.watch('facility_id');

  const chooseCustomer = (item: AutocompleteItem | null) => {
    if (item?.id !== customer?.id) {
      // Spec 02 §4: changing the customer clears the facility (and so the years to copy from).
      setFacility(null);
      form.setValue('facility_id', '', { shouldDirty: true });
      form.setValue('inventory_ids', [], { shouldDirty: true });
    }
    setCustomer(item);
    form.setValue('customer_id', item?.id ?? '', EDITED);
  };
  const chooseFacility = (item: AutocompleteItem | null) => {
    if (item?.id !== facility?.id) form.setValue('inventory_ids', [], { shouldDirty: true });
    setFacility(item);
    form.setValue('facility_id', item?.id ?? '', EDITED);
  };

  return (
    <ModalForm
      open={isOpen}
      history={{ entity: 'inventory', id: inventory?.id }}
      title={isNew ? 'Create New Inventory' : 'Inventory Details'}
      isDirty={isDirty}
      isSaving={save.isPending}
      isReadOnly={isReadOnly}
      saveLabel={isNew ? 'Create Inventory' : 'Save Changes'}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onClose={close}
      extraActions={
        inventory && canArchive ? (
          <ArchiveToggle
            asText
            entity="Inventory"
            name={inventoryName(inventory)}
            isActive={inventory.is_active}
            isPending={toggle.isPending}
            onConfirm={() => toggle.mutate(inventory.id)}
          />
        ) : null
      }
    >
      {inventory?.is_completed && !canUpdateCompleted ? (
        <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          This inventory is completed: only an admin can change it.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="inv-year" label="Year" required error={errors.year?.message}>
          <Select
            id="inv-year"
            aria-invalid={errors.year ? true : undefined}
            {...form.register('year', {
              setValueAs: (value: string | number) => (value === '' ? '' : Number(value)),
              // The inventories to copy from must be earlier than the year: a new year chooses again.
              onChange: () => form.setValue('inventory_ids', [], { shouldDirty: true }),
            })}
          >
            <option value="">Select year</option>
            {inventoryYears().map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </Select>
          {sameYear && errors.year ? (
            <Link
              to="/inventories/$inventoryId/products"
              params={{ inventoryId: String(sameYear.id) }}
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Open the {sameYear.year} inventory of {sameYear.facility.name}
            </Link>
          ) : null}
        </Field>
        <Field id="inv-customer" label="Customer" required error={errors.customer_id?.message}>
          <Controller
            control={form.control}
            name="customer_id"
            render={({ field }) => (
              <PagedPicker
                id="inv-customer"
                path={customersApi.autocompletePath}
                value={customer}
                invalid={Boolean(errors.customer_id)}
                disabled={isReadOnly}
                placeholder="Select a customer"
                onChange={chooseCustomer}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
        <Field
          id="inv-facility"
          label="Facility"
          required
          error={errors.facility_id?.message}
          hint={customer ? undefined : 'Choose a customer first.'}
        >
          <Controller
            control={form.control}
            name="facility_id"
            render={({ field }) => (
              <PagedPicker
                id="inv-facility"
                path={facilitiesApi.autocompletePath}
                // The customer's own and shared facilities (the server checks the pair again).
                params={customer ? { customer_id: customer.id } : {}}
                value={facility}
                invalid={Boolean(errors.facility_id)}
                disabled={isReadOnly || !customer}
                placeholder="Select a facility"
                onChange={chooseFacility}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
        <Field id="inv-technicians" label="Technicians" error={errors.technician_ids?.message}>
          <MultiPicker
            id="inv-technicians"
            path={techniciansApi.autocompletePath}
            value={technicians}
            placeholder="Add a technician"
            selectedLabel="Selected technicians"
            disabled={isReadOnly}
            invalid={Boolean(errors.technician_ids)}
            onChange={(items) => {
              setTechnicians(items);
              form.setValue(
                'technician_ids',
                items.map((item) => item.id),
                EDITED,
              );
            }}
          />
        </Field>
      </div>
      {isNew ? (
        <Controller
          control={form.control}
          name="inventory_ids"
          render={({ field }) => (
            <DuplicatesField
              customerId={customerId === '' ? undefined : customerId}
              facilityId={facilityId === '' ? undefined : facilityId}
              year={year === '' ? undefined : year}
              value={field.value}
              error={errors.inventory_ids?.message}
              onChange={(ids) => form.setValue('inventory_ids', ids, EDITED)}
            />
          )}
        />
      ) : (
        <CopiedFrom inventory={inventory} error={errors.inventory_ids?.message} />
      )}
      <InventoryFilingFields control={form.control} register={form.register} errors={errors} />
      {!isNew && canComplete ? (
        <Controller
          control={form.control}
          name="is_completed"
          render={({ field }) => (
            <label htmlFor="inv-completed" className="flex items-center gap-2 text-sm text-slate-700">
              <Checkbox
                id="inv-completed"
                checked={field.value}
                onCheckedChange={(checked) => form.setValue('is_completed', checked === true, EDITED)}
              />
              Completed
            </label>
          )}
        />
      ) : null}
    </ModalForm>
  );
}

/**
 * An existing inventory's sources: chosen when it was made, shown, not changed. The server's
 * answer about them (a year moved to before a source's) shows here.
 */
function CopiedFrom({ inventory, error }: { inventory: InventoryResource; error: string | undefined }) {
  if (inventory.duplicates.length === 0 && !error) return null;
  return (
    <div className="flex flex-col gap-1">
      {inventory.duplicates.length > 0 ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Copied products from: </span>
          {inventory.duplicates.map((duplicate) => duplicate.year).join(', ')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
