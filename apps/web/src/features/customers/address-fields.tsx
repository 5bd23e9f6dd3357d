import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
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

interface AddressForm {
  address: AddressValues;
  billing_address?: AddressValues;
}

/** Address, city, state, ZIP (and phone) for a company, facility or billing address. */
export function AddressFields<T extends AddressForm, TParsed = T>({
  prefix,
  register,
  control,
  errors,
  isRequired,
  withPhone,
  idPrefix,
}: {
  prefix: 'address' | 'billing_address';
  register: UseFormRegister<T>;
  /** `TParsed`: what the form's resolver hands over on submit (the customer form parses its date). */
  control: Control<T, unknown, TParsed>;
  errors: FieldErrors<AddressForm>[typeof prefix] | undefined;
  isRequired: boolean;
  withPhone: boolean;
  idPrefix: string;
}) {
  const states = useQuery(statesOptions);
  // The form's own type carries these paths; generic forms cannot prove it to TypeScript.
  const reg = register as unknown as UseFormRegister<AddressForm>;
  const ctl = control as unknown as Control<AddressForm>;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id={id('address')} label="Address" required={isRequired} error={errors?.address?.message}>
          <Input
            id={id('address')}
            aria-invalid={errors?.address ? true : undefined}
            {...reg(`${prefix}.address`)}
          />
        </Field>
      </div>
      <Field id={id('city')} label="City" required={isRequired} error={errors?.city?.message}>
        <Input id={id('city')} aria-invalid={errors?.city ? true : undefined} {...reg(`${prefix}.city`)} />
      </Field>
      <Field id={id('state')} label="State" required={isRequired} error={errors?.state?.message}>
        <Select id={id('state')} aria-invalid={errors?.state ? true : undefined} {...reg(`${prefix}.state`)}>
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
          {...reg(`${prefix}.zip`)}
        />
      </Field>
      {withPhone ? (
        <Field id={id('phone')} label="Phone" error={errors?.phone?.message}>
          <Controller
            control={ctl}
            name={`${prefix}.phone`}
            render={({ field }) => (
              <PhoneInput
                id={id('phone')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </Field>
      ) : null}
    </div>
  );
}
