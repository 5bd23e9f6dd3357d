import { useQuery } from '@tanstack/react-query';
import type { ControllerRenderProps, FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { statesOptions } from './api.ts';

export interface AddressValues {
  address: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
}

/** The text fields of an address, which the form registers as they are typed. */
export type AddressTextField = Exclude<keyof AddressValues, 'phone'>;

/**
 * Address, city, state, ZIP (and phone) for a company, facility or billing address. The form
 * binds its own paths: `register` registers one of the address's text fields under the form's
 * path for it (`address.city`), `phone` is the controlled phone field when the address has one.
 */
export function AddressFields({
  register,
  phone,
  errors,
  isRequired,
  idPrefix,
}: {
  register: (field: AddressTextField) => UseFormRegisterReturn;
  phone?: Pick<ControllerRenderProps<{ phone?: string }, 'phone'>, 'value' | 'onChange' | 'onBlur' | 'ref'>;
  errors: FieldErrors<{ address: AddressValues }>['address'] | undefined;
  isRequired: boolean;
  idPrefix: string;
}) {
  const states = useQuery(statesOptions);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id={id('address')} label="Address" required={isRequired} error={errors?.address?.message}>
          <Input
            id={id('address')}
            aria-invalid={errors?.address ? true : undefined}
            {...register('address')}
          />
        </Field>
      </div>
      <Field id={id('city')} label="City" required={isRequired} error={errors?.city?.message}>
        <Input id={id('city')} aria-invalid={errors?.city ? true : undefined} {...register('city')} />
      </Field>
      <Field id={id('state')} label="State" required={isRequired} error={errors?.state?.message}>
        <Select id={id('state')} aria-invalid={errors?.state ? true : undefined} {...register('state')}>
          <option value="">Select a state</option>
          {states.data?.resource.map((state) => (
            <option key={state.code} value={state.code}>
              {state.title}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id('zip')} label="ZIP Code" required={isRequired} error={errors?.zip?.message}>
        <Input
          id={id('zip')}
          inputMode="numeric"
          maxLength={5}
          aria-invalid={errors?.zip ? true : undefined}
          {...register('zip')}
        />
      </Field>
      {phone ? (
        <Field id={id('phone')} label="Phone" error={errors?.phone?.message}>
          <PhoneInput
            id={id('phone')}
            value={phone.value ?? ''}
            onChange={phone.onChange}
            onBlur={phone.onBlur}
            ref={phone.ref}
          />
        </Field>
      ) : null}
    </div>
  );
}
