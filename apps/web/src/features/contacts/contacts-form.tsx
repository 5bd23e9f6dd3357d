import {
  AREA_ACTIONS,
  type AutocompleteItem,
  CONTACT_PHONE_TYPES,
  type ContactResource,
  formatTypedPhone,
  TIER2_CONTACT_TYPES,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FocusEvent, useState } from 'react';
import { Controller, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { useModalRoute } from '../../components/modal-form.tsx';
import { MultiPicker } from '../../components/multi-picker.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { RecordModalForm } from '../../components/record-modal-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { useCan } from '../../lib/permissions.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { customersApi, facilitiesApi, statesOptions } from '../customers/api.ts';
import { contactsApi } from './api.ts';
import {
  ContactFormSchema,
  type ContactFormValues,
  EMPTY_PHONE,
  emptyContactForm,
  type ParsedContactForm,
  toContactForm,
} from './contact-form.ts';

export function ContactModal({ id, customerId }: { id: number | undefined; customerId?: number }) {
  if (id === undefined)
    return <ContactFormModal id={undefined} contact={undefined} customerId={customerId} />;
  return (
    <LoadedRecord options={contactsApi.detailOptions(id)}>
      {(contact) => <ContactFormModal id={id} contact={contact} />}
    </LoadedRecord>
  );
}

const FACILITIES_LIST_PATH = '/facilities/list';

const TEXT_FIELDS = [
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name', required: true },
  { name: 'title', label: 'Title' },
  { name: 'email', label: 'Email' },
] as const;

const MAILING_FIELDS = [
  { name: 'mailing_street', label: 'Mailing Address', wide: true },
  { name: 'mailing_city', label: 'City' },
  { name: 'mailing_zip', label: 'ZIP Code' },
  { name: 'mailing_country', label: 'Country' },
] as const;

/** The phones as rows: number and type, added and removed; the server keeps their order. */
export function PhoneRows({
  form,
  disabled,
}: {
  form: ReturnType<typeof useForm<ContactFormValues, unknown, ParsedContactForm>>;
  disabled?: boolean;
}) {
  const phones = useFieldArray({ control: form.control, name: 'phones' });
  const errors = form.formState.errors as FieldErrors<ContactFormValues>;
  const listError = errors.phones?.message ?? errors.phones?.root?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">Phones</legend>
      {phones.fields.map((row, index) => (
        <div key={row.id} className="grid grid-cols-[1fr_10rem_auto] items-end gap-2">
          <Field
            id={`c-phone-${index}`}
            label={`Phone ${index + 1}`}
            error={errors.phones?.[index]?.phone_number?.message}
          >
            <Input
              id={`c-phone-${index}`}
              disabled={disabled}
              aria-invalid={errors.phones?.[index]?.phone_number ? true : undefined}
              placeholder="(000) 000-0000"
              {...form.register(`phones.${index}.phone_number`, {
                // Shown as every other phone once typed (issue 33 point 15); an extension or a
                // country code stays as typed.
                onBlur: (event: FocusEvent<HTMLInputElement>) =>
                  form.setValue(`phones.${index}.phone_number`, formatTypedPhone(event.target.value)),
              })}
            />
          </Field>
          <Field
            id={`c-phone-type-${index}`}
            label={`Phone ${index + 1} Type`}
            error={errors.phones?.[index]?.phone_type?.message}
          >
            <Select
              id={`c-phone-type-${index}`}
              disabled={disabled}
              {...form.register(`phones.${index}.phone_type`)}
            >
              {CONTACT_PHONE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={disabled}
            aria-label={`Remove phone ${index + 1}`}
            onClick={() => phones.remove(index)}
          >
            Remove
          </Button>
        </div>
      ))}
      {listError ? (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={disabled}
        onClick={() => phones.append({ ...EMPTY_PHONE, phone_type: 'Work' })}
      >
        + Add Phone
      </Button>
    </fieldset>
  );
}

/** The contact form (issue 25): who the customer's facilities name on Tier II, with phones. */
function ContactFormModal({
  id,
  contact,
  customerId,
}: {
  id: number | undefined;
  contact: ContactResource | undefined;
  customerId?: number;
}) {
  const navigate = useNavigate();
  const canUpdate = useCan(AREA_ACTIONS.contacts.update);
  const canArchive = useCan(AREA_ACTIONS.contacts.archive);
  const isReadOnly = id !== undefined && !canUpdate;
  const states = useQuery(statesOptions);
  // undefined until the user picks (or clears) a customer.
  const [picked, setCustomer] = useState<AutocompleteItem | null | undefined>(contact?.customer);
  // A new contact opened from a facility's form comes for that facility's customer: show its name.
  const preset = useQuery({
    ...customersApi.detailOptions(customerId ?? 0),
    enabled: contact === undefined && customerId !== undefined,
  });
  const customer =
    picked !== undefined
      ? picked
      : preset.data
        ? { id: preset.data.resource.id, name: preset.data.resource.name }
        : null;
  const { isOpen, close } = useModalRoute(() => void navigate({ to: '/contacts', search: keepSearch }));
  const [facilities, setFacilities] = useState<AutocompleteItem[]>(contact?.facilities ?? []);

  const form = useForm<ContactFormValues, unknown, ParsedContactForm>({
    resolver: zodResolver(ContactFormSchema),
    mode: 'onTouched',
    defaultValues: contact ? toContactForm(contact) : emptyContactForm(customerId),
  });

  const { save, toggle } = useRecordMutations<ContactResource, ContactFormValues, ParsedContactForm>({
    entity: 'Contact',
    isNew: id === undefined,
    nameOf: (c) => c.name,
    save: (parsed) => contactsApi.save(id, parsed, contact?.updated_at),
    toggle: contactsApi.toggle,
    invalidate: [contactsApi.keys.all, facilitiesApi.keys.all],
    setError: form.setError,
    onSaved: (c) => {
      form.reset(toContactForm(c));
      setFacilities(c.facilities);
    },
    onDone: close,
    reload: contact && {
      queryKey: contactsApi.keys.detail(contact.id),
      load: (c) => {
        form.reset(toContactForm(c));
        setFacilities(c.facilities);
      },
    },
  });
  const { errors, isDirty } = form.formState;

  return (
    <RecordModalForm
      open={isOpen}
      entity="Contact"
      auditEntity="contact"
      id={id}
      record={contact}
      archive={canArchive ? toggle : undefined}
      isDirty={isDirty}
      isSaving={save.isPending}
      isReadOnly={isReadOnly}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onClose={close}
    >
      <Field id="c-customer" label="Customer" required error={errors.customer_id?.message}>
        <Controller
          control={form.control}
          name="customer_id"
          render={({ field }) => (
            <PagedPicker
              id="c-customer"
              path={customersApi.autocompletePath}
              value={customer}
              invalid={Boolean(errors.customer_id)}
              disabled={isReadOnly || (contact !== undefined && contact.facilities.length > 0)}
              placeholder="Select a customer"
              onChange={(item) => {
                setCustomer(item);
                // A contact is named only by its customer's facilities: another customer starts with none.
                if (item?.id !== customer?.id) {
                  setFacilities([]);
                  form.setValue('facility_ids', [], { shouldDirty: true });
                }
                form.setValue('customer_id', item?.id ?? '', {
                  shouldDirty: true,
                  shouldTouch: true,
                  shouldValidate: true,
                });
              }}
              onBlur={field.onBlur}
            />
          )}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ name, label, ...rest }) => (
          <Field
            key={name}
            id={`c-${name}`}
            label={label}
            required={'required' in rest}
            error={errors[name]?.message}
          >
            <Input id={`c-${name}`} aria-invalid={errors[name] ? true : undefined} {...form.register(name)} />
          </Field>
        ))}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">Contact Types</legend>
        <Controller
          control={form.control}
          name="contact_types"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {TIER2_CONTACT_TYPES.map((type, index) => (
                <label
                  key={type}
                  htmlFor={`c-type-${index}`}
                  className="flex items-center gap-2 text-sm text-slate-700"
                >
                  <Checkbox
                    id={`c-type-${index}`}
                    checked={field.value.includes(type)}
                    disabled={isReadOnly}
                    onCheckedChange={(checked) => {
                      field.onChange(
                        checked === true ? [...field.value, type] : field.value.filter((t) => t !== type),
                      );
                      field.onBlur();
                    }}
                  />
                  {type}
                </label>
              ))}
            </div>
          )}
        />
        {errors.contact_types ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.contact_types.message ?? errors.contact_types.root?.message}
          </p>
        ) : null}
      </fieldset>
      <PhoneRows form={form} disabled={isReadOnly} />
      <div className="grid gap-4 sm:grid-cols-2">
        {MAILING_FIELDS.map(({ name, label, ...rest }) => (
          <div key={name} className={'wide' in rest ? 'sm:col-span-2' : undefined}>
            <Field id={`c-${name}`} label={label} error={errors[name]?.message}>
              <Input
                id={`c-${name}`}
                aria-invalid={errors[name] ? true : undefined}
                {...form.register(name)}
              />
            </Field>
          </div>
        ))}
        <Field id="c-mailing_state" label="State" error={errors.mailing_state?.message}>
          <Select id="c-mailing_state" {...form.register('mailing_state')}>
            <option value="">Select a state</option>
            {states.data?.resource.map((state) => (
              <option key={state.code} value={state.code}>
                {state.title}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field
        id="c-facilities"
        label="Facilities"
        hint="The facilities whose Tier II names this contact"
        error={errors.facility_ids?.message}
      >
        {customer ? (
          <MultiPicker
            id="c-facilities"
            path={FACILITIES_LIST_PATH}
            params={{ customer_id: customer.id, status: 'active' }}
            value={facilities}
            onChange={(items) => {
              setFacilities(items);
              form.setValue(
                'facility_ids',
                items.map((item) => item.id),
                { shouldDirty: true, shouldValidate: true },
              );
            }}
            placeholder="Add a facility"
            emptyText="No facilities for this customer yet"
            selectedLabel="Selected facilities"
            disabled={isReadOnly}
            invalid={Boolean(errors.facility_ids)}
          />
        ) : (
          <p className="text-sm text-slate-600">Choose the customer first.</p>
        )}
      </Field>
    </RecordModalForm>
  );
}
