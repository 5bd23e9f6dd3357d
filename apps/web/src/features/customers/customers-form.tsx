import {
  AREA_ACTIONS,
  CustomerDuplicateSchema,
  type CustomerResource,
  type SameNameCustomer,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useController, useForm } from 'react-hook-form';
import { DateInput } from '../../components/date-input.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { useModalRoute } from '../../components/modal-form.tsx';
import { RecordModalForm } from '../../components/record-modal-form.tsx';
import { useSameNameQuestion } from '../../components/same-name-question.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { useCan } from '../../lib/permissions.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { AddressFields } from './address-fields.tsx';
import { customersApi, withCurrentState } from './api.ts';
import {
  CustomerFormSchema,
  type CustomerFormValues,
  EMPTY_ADDRESS,
  EMPTY_CUSTOMER_FORM,
  type ParsedCustomerForm,
  toCustomerBody,
  toCustomerForm,
} from './customer-form.ts';

export function CustomerModal({ id }: { id: number | undefined }) {
  if (id === undefined) return <CustomerForm id={undefined} customer={undefined} />;
  return (
    <LoadedRecord options={customersApi.detailOptions(id)}>
      {(customer) => <CustomerForm id={id} customer={customer} />}
    </LoadedRecord>
  );
}

/** The form of CustomerModal, from the customer the route loaded (none when creating). */
function CustomerForm({ id, customer }: { id: number | undefined; customer: CustomerResource | undefined }) {
  const navigate = useNavigate();
  const canUpdate = useCan(AREA_ACTIONS.customers.update);
  const canArchive = useCan(AREA_ACTIONS.customers.archive);
  const isReadOnly = id !== undefined && !canUpdate;
  const { isOpen, close } = useModalRoute(
    () => void navigate({ to: '/customers-facilities-mgmt', search: keepSearch }),
  );

  const form = useForm<CustomerFormValues, unknown, ParsedCustomerForm>({
    // The request schema checks the form as sent; billing rules are its own.
    resolver: zodResolver(CustomerFormSchema),
    mode: 'onTouched',
    defaultValues: customer ? toCustomerForm(customer) : EMPTY_CUSTOMER_FORM,
  });

  const companyPhone = useController({ control: form.control, name: 'address.phone' });
  const isSame = form.watch('is_same_billing_address');
  const onSameChange = (checked: boolean) => {
    form.setValue('is_same_billing_address', checked, { shouldDirty: true });
    // Checking copies the company address to billing; unchecking clears it.
    const { phone: _phone, ...company } = form.getValues('address');
    form.setValue('billing_address', checked ? { ...company, phone: '' } : EMPTY_ADDRESS, {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  // Two companies may share a name: the server asks first, and this holds the question.
  const sameName = useSameNameQuestion<SameNameCustomer, ParsedCustomerForm>({
    conflict: CustomerDuplicateSchema,
    isNew: id === undefined,
    title: 'Customer Name Already Used',
    question: {
      create: 'Create another customer with the same name?',
      save: 'Save this customer with the same name?',
    },
    resend: (values) => save.mutate(values),
  });
  const { save, toggle } = useRecordMutations<CustomerResource, CustomerFormValues, ParsedCustomerForm>({
    entity: 'Customer',
    isNew: id === undefined,
    onSaveError: sameName.onSaveError,
    nameOf: (c) => c.name,
    save: (parsed) =>
      customersApi.save(id, withCurrentState(toCustomerBody(parsed), customer), customer?.updated_at),
    toggle: customersApi.toggle,
    invalidate: [customersApi.keys.all],
    setError: form.setError,
    onSaved: (c) => form.reset(toCustomerForm(c)),
    onDone: close,
    reload: customer && {
      queryKey: customersApi.keys.detail(customer.id),
      load: (c) => form.reset(toCustomerForm(c)),
    },
  });
  const { errors, isDirty } = form.formState;

  return (
    <RecordModalForm
      open={isOpen}
      entity="Customer"
      auditEntity="customer"
      id={id}
      record={customer}
      archive={canArchive ? toggle : undefined}
      isDirty={isDirty}
      isSaving={save.isPending}
      isReadOnly={isReadOnly}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onClose={close}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="c-name" label="Customer Name" required error={errors.name?.message}>
          <Input id="c-name" aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
        </Field>
        <MaskedField
          id="c-prepared_at"
          label="Questionnaire Prepared"
          error={errors.prepared_at?.message}
          invalid={Boolean(errors.prepared_at)}
          control={form.control}
          name="prepared_at"
          input={DateInput}
        />
      </div>
      <h3 className="text-sm font-semibold text-slate-800">Company Address</h3>
      <AddressFields
        idPrefix="c-address"
        register={(field) => form.register(`address.${field}`)}
        phone={companyPhone.field}
        errors={errors.address}
        isRequired
      />
      <label htmlFor="c-same" className="flex items-center gap-2 text-sm text-slate-700">
        <Controller
          control={form.control}
          name="is_same_billing_address"
          render={({ field }) => (
            <Checkbox id="c-same" checked={field.value} onCheckedChange={(v) => onSameChange(v === true)} />
          )}
        />
        Billing address same as company address
      </label>
      <h3 className="text-sm font-semibold text-slate-800">Billing Address</h3>
      <fieldset disabled={isSame}>
        <AddressFields
          idPrefix="c-billing"
          register={(field) => form.register(`billing_address.${field}`)}
          errors={errors.billing_address}
          isRequired={false}
        />
      </fieldset>
      {sameName.dialog}
    </RecordModalForm>
  );
}
