import { CERTIFIER_TEXT_MAX } from '@chemtrack/domain';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { DateInput } from '../../components/date-input.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FILING_FIELD_LABELS, type InventoryFormValues, type ParsedInventoryForm } from './inventory-form.ts';

/**
 * Inventory Details' rows for what the facility-year records for its filings (issue 36): the
 * Tier II certifier's name, official title and date signed, and the day an EHS first reached its
 * TPQ, each under a heading that says where it goes.
 */
export function InventoryFilingFields({
  control,
  register,
  errors,
}: {
  control: Control<InventoryFormValues, unknown, ParsedInventoryForm>;
  register: UseFormRegister<InventoryFormValues>;
  errors: FieldErrors<InventoryFormValues>;
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">Tier II certification</legend>
        <p className="text-xs text-slate-500">
          Printed under the Tier II report's certification statement and written to the .t2s file.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="inv-certifier_name"
            label={FILING_FIELD_LABELS.certifier_name}
            error={errors.certifier_name?.message}
          >
            <Input
              id="inv-certifier_name"
              maxLength={CERTIFIER_TEXT_MAX}
              aria-invalid={errors.certifier_name ? true : undefined}
              {...register('certifier_name')}
            />
          </Field>
          <Field
            id="inv-certifier_title"
            label={FILING_FIELD_LABELS.certifier_title}
            error={errors.certifier_title?.message}
          >
            <Input
              id="inv-certifier_title"
              maxLength={CERTIFIER_TEXT_MAX}
              aria-invalid={errors.certifier_title ? true : undefined}
              {...register('certifier_title')}
            />
          </Field>
          <MaskedField
            id="inv-date_signed"
            label={FILING_FIELD_LABELS.date_signed}
            error={errors.date_signed?.message}
            invalid={Boolean(errors.date_signed)}
            control={control}
            name="date_signed"
            input={DateInput}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">EPCRA 302</legend>
        <p className="text-xs text-slate-500">
          The day an extremely hazardous substance first reached its threshold planning quantity: the SERC and
          LEPC notification is due 60 days later (Filings).
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <MaskedField
            id="inv-ehs_first_present_on"
            label={FILING_FIELD_LABELS.ehs_first_present_on}
            error={errors.ehs_first_present_on?.message}
            invalid={Boolean(errors.ehs_first_present_on)}
            control={control}
            name="ehs_first_present_on"
            input={DateInput}
          />
        </div>
      </fieldset>
    </>
  );
}
