import {
  AREA_ACTIONS,
  type AutocompleteItem,
  FACILITY_FIELD_LABELS,
  type FacilityResource,
  SaveFacilityRequestSchema,
  SPCC_LABELS,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { useModalRoute } from '../../components/modal-form.tsx';
import { MultiPicker } from '../../components/multi-picker.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { RecordModalForm } from '../../components/record-modal-form.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { useCan } from '../../lib/permissions.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { AddressFields, type AddressValues } from './address-fields.tsx';
import { customersApi, facilitiesApi, withCurrentState } from './api.ts';
import {
  EMPTY_TIER2,
  FacilityTier2Fields,
  type FacilityTier2Values,
  toTier2Values,
} from './facility-tier2-fields.tsx';

interface FacilityForm extends FacilityTier2Values {
  name: string;
  customer_id: number | '';
  address: AddressValues;
  county: string;
  emergency_coordinator_name: string;
  emergency_coordinator_title: string;
  emergency_coordinator_phone: string;
  is_retail_gas_station: boolean;
  is_ust_compliant: boolean;
  is_retail_facility: boolean;
  spcc_could_discharge: boolean;
  /** The customer's contacts the facility names, in order (decision 018). */
  contact_ids: number[];
}

const EMPTY: FacilityForm = {
  name: '',
  customer_id: '',
  address: { address: '', city: '', state: '', zip: '', phone: '' },
  county: '',
  emergency_coordinator_name: '',
  emergency_coordinator_title: '',
  emergency_coordinator_phone: '',
  is_retail_gas_station: false,
  is_ust_compliant: false,
  is_retail_facility: false,
  // 40 CFR 112 applies unless the facility says otherwise (rules §7).
  spcc_could_discharge: true,
  ...EMPTY_TIER2,
  contact_ids: [],
};

/** The domain's save rules, typed by the form's values (which are what the rules read). */
const FacilityFormSchema = z.preprocess((values: FacilityForm) => values, SaveFacilityRequestSchema);
type ParsedFacilityForm = z.output<typeof SaveFacilityRequestSchema>;

function toForm(f: FacilityResource): FacilityForm {
  return {
    name: f.name,
    customer_id: f.customer_id,
    address: f.address,
    county: f.county,
    emergency_coordinator_name: f.emergency_coordinator_name,
    emergency_coordinator_title: f.emergency_coordinator_title,
    emergency_coordinator_phone: f.emergency_coordinator_phone,
    is_retail_gas_station: f.is_retail_gas_station,
    is_ust_compliant: f.is_ust_compliant,
    is_retail_facility: f.is_retail_facility,
    spcc_could_discharge: f.spcc_could_discharge,
    ...toTier2Values(f),
    contact_ids: f.contacts.map((contact) => contact.id),
  };
}

/** 40 CFR 370.10(a)(2): with both, Tier II tests gasoline and diesel in gallons. */
const RETAIL_STATION_FLAGS = [
  { name: 'is_retail_gas_station', label: 'Retail station selling gasoline or diesel mainly to the public' },
  { name: 'is_ust_compliant', label: 'Underground tanks compliant all of the preceding year' },
] as const;

/** The emergency coordinator's name and title (40 CFR 355.20(b)); the 24-hour phone has its own input. */
const COORDINATOR_TEXT_FIELDS = [
  { name: 'emergency_coordinator_name', id: 'f-coordinator-name', label: 'Name' },
  { name: 'emergency_coordinator_title', id: 'f-coordinator-title', label: 'Title' },
] as const;

/** A picked customer: picker rows carry the city; a saved facility's owner comes without it. */
type CustomerChoice = AutocompleteItem & { city?: string };

export function FacilityModal({ id }: { id: number | undefined }) {
  if (id === undefined) return <FacilityFormModal id={undefined} facility={undefined} />;
  return (
    <LoadedRecord options={facilitiesApi.detailOptions(id)}>
      {(facility) => <FacilityFormModal id={id} facility={facility} />}
    </LoadedRecord>
  );
}

/** The form of FacilityModal, from the facility the route loaded (none when creating). */
function FacilityFormModal({
  id,
  facility,
}: {
  id: number | undefined;
  facility: FacilityResource | undefined;
}) {
  const navigate = useNavigate();
  const canUpdate = useCan(AREA_ACTIONS.facilities.update);
  const canArchive = useCan(AREA_ACTIONS.facilities.archive);
  const isReadOnly = id !== undefined && !canUpdate;
  const [customer, setCustomer] = useState<CustomerChoice | null>(facility?.customer ?? null);
  const [contacts, setContacts] = useState<AutocompleteItem[]>(
    facility?.contacts.map(({ id, name }) => ({ id, name })) ?? [],
  );
  const pickContacts = (items: AutocompleteItem[]) => {
    setContacts(items);
    form.setValue(
      'contact_ids',
      items.map((item) => item.id),
      { shouldDirty: true, shouldValidate: true },
    );
  };
  const { isOpen, close } = useModalRoute(
    () => void navigate({ to: '/customers-facilities-mgmt', search: keepSearch }),
  );

  const form = useForm<FacilityForm, unknown, ParsedFacilityForm>({
    resolver: zodResolver(FacilityFormSchema),
    mode: 'onTouched',
    defaultValues: facility ? toForm(facility) : EMPTY,
  });

  const { save, toggle } = useRecordMutations<FacilityResource, FacilityForm, ParsedFacilityForm>({
    entity: 'Facility',
    isNew: id === undefined,
    nameOf: (f) => f.name,
    save: (parsed) => facilitiesApi.save(id, withCurrentState(parsed, facility), facility?.updated_at),
    toggle: facilitiesApi.toggle,
    invalidate: [customersApi.keys.all, facilitiesApi.keys.all],
    setError: form.setError,
    onSaved: (f) => {
      form.reset(toForm(f));
      setContacts(f.contacts.map(({ id, name }) => ({ id, name })));
    },
    onDone: close,
    reload: facility && {
      queryKey: facilitiesApi.keys.detail(facility.id),
      load: (f) => {
        form.reset(toForm(f));
        setContacts(f.contacts.map(({ id, name }) => ({ id, name })));
      },
    },
  });
  const phone = useController({ control: form.control, name: 'address.phone' });
  const { errors, isDirty } = form.formState;

  return (
    <RecordModalForm
      open={isOpen}
      entity="Facility"
      auditEntity="facility"
      id={id}
      record={facility}
      archive={canArchive ? toggle : undefined}
      isDirty={isDirty}
      isSaving={save.isPending}
      isReadOnly={isReadOnly}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onClose={close}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="f-name" label="Facility Name" required error={errors.name?.message}>
          <Input id="f-name" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
        </Field>
        <Field id="f-customer" label="Customer" required error={errors.customer_id?.message}>
          <Controller
            control={form.control}
            name="customer_id"
            render={({ field }) => (
              <PagedPicker<CustomerChoice>
                id="f-customer"
                path={customersApi.autocompletePath}
                value={customer}
                invalid={Boolean(errors.customer_id)}
                disabled={isReadOnly}
                placeholder="Select a customer"
                // Two customers may share a name: the city tells them apart.
                describe={(item) => item.city}
                onChange={(item) => {
                  // A facility names only its customer's contacts: another customer starts with none.
                  if (item?.id !== customer?.id) pickContacts([]);
                  setCustomer(item);
                  form.setValue('customer_id', item?.id ?? '', {
                    shouldDirty: true,
                    shouldTouch: true,
                    shouldValidate: true,
                  });
                }}
                // The picker is a button, not an input: leaving it marks the field touched, so its
                // rule shows like every other field's.
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
      </div>
      <AddressFields
        idPrefix="f-address"
        register={(field) => form.register(`address.${field}`)}
        phone={phone.field}
        errors={errors.address}
        isRequired
      />
      <Field id="f-county" label="County" hint="Shown in the reports' header" error={errors.county?.message}>
        <Input id="f-county" aria-invalid={errors.county ? true : undefined} {...form.register('county')} />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-slate-700">
          Facility Emergency Coordinator (EPCRA 302)
        </legend>
        <div className="grid gap-4 md:grid-cols-3">
          {COORDINATOR_TEXT_FIELDS.map(({ name, id, label }) => (
            <Field key={name} id={id} label={label} error={errors[name]?.message}>
              <Input id={id} aria-invalid={errors[name] ? true : undefined} {...form.register(name)} />
            </Field>
          ))}
          <MaskedField
            id="f-coordinator-phone"
            label="24-Hour Phone"
            error={errors.emergency_coordinator_phone?.message}
            control={form.control}
            name="emergency_coordinator_phone"
            input={PhoneInput}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          Retail Gas Station (Tier II, 40 CFR 370.10(a)(2))
        </legend>
        <div className="mt-2 flex flex-wrap gap-5">
          {RETAIL_STATION_FLAGS.map((flag) => (
            <Controller
              key={flag.name}
              control={form.control}
              name={flag.name}
              render={({ field }) => <CheckboxField id={`f-${flag.name}`} label={flag.label} field={field} />}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Process safety (RMP, PSM)</legend>
        <div className="mt-2">
          <Controller
            control={form.control}
            name="is_retail_facility"
            render={({ field }) => (
              <CheckboxField
                id="f-is_retail_facility"
                label={FACILITY_FIELD_LABELS.is_retail_facility}
                title="OSHA PSM does not apply to retail facilities (29 CFR 1910.119(a)(2)(i)); RMP leaves out flammables held for sale as fuel (40 CFR 68.126)"
                field={field}
              />
            )}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">SPCC (40 CFR 112)</legend>
        <div className="mt-2">
          <Controller
            control={form.control}
            name="spcc_could_discharge"
            render={({ field }) => (
              <CheckboxField
                id="f-spcc_could_discharge"
                label={SPCC_LABELS.spcc_could_discharge}
                field={field}
              />
            )}
          />
        </div>
      </fieldset>
      <FacilityTier2Fields register={(field) => form.register(field)} errors={errors} disabled={isReadOnly} />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">Contacts</legend>
        <Field
          id="f-contacts"
          label="Contacts"
          hint="The customer's owner/operator, Tier II information and emergency contacts"
          error={errors.contact_ids?.message}
        >
          {customer ? (
            <MultiPicker
              id="f-contacts"
              path="/contacts/list"
              params={{ customer_id: customer.id, status: 'active' }}
              value={contacts}
              onChange={pickContacts}
              placeholder="Add a contact"
              emptyText="No contacts for this customer yet"
              selectedLabel="Selected contacts"
              disabled={isReadOnly}
              invalid={Boolean(errors.contact_ids)}
            />
          ) : (
            <p className="text-sm text-slate-600">Choose the customer first.</p>
          )}
        </Field>
        {customer && !isReadOnly ? (
          <Link
            to="/contacts/create"
            search={{ customer_id: customer.id }}
            target="_blank"
            className="self-start text-sm text-brand-700 underline"
          >
            + Add New Contact
          </Link>
        ) : null}
      </fieldset>
      {facility && facility.customers.length > 1 ? (
        <p className="text-xs text-slate-600">
          Shared with:{' '}
          {facility.customers
            .slice(1)
            .map((c) => c.name)
            .join(', ')}
        </p>
      ) : null}
    </RecordModalForm>
  );
}
