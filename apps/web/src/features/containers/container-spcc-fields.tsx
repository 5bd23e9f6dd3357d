import {
  CONTAINER_PLACEMENT_LABELS,
  type ContainerPlacement,
  type ContainerResource,
  SPCC_LABELS,
} from '@chemtrack/domain';
import type { UseFormReturn } from 'react-hook-form';
import { ChoiceField } from '../../components/choice-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { LookupBody, LookupFormValues } from '../lookups/api.ts';

/** A container type's SPCC figures (rules §7) as the form holds them: text, '' for none. */
export function containerSpccValues(record: ContainerResource | undefined): Partial<LookupFormValues> {
  return {
    shell_capacity_gal: record?.shell_capacity_gal == null ? '' : String(record.shell_capacity_gal),
    placement: record?.placement ?? '',
  };
}

/** Shell capacity and placement of a container type: the values its lines take unless they give their own. */
export function ContainerSpccFields({
  form,
  disabled,
}: {
  form: UseFormReturn<LookupFormValues, unknown, LookupBody>;
  disabled: boolean;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field
        id="container-shell-capacity"
        label={SPCC_LABELS.shell_capacity_gal}
        hint="The container's full volume, not the amount stored (SPCC)."
        error={errors.shell_capacity_gal?.message}
      >
        <Input
          id="container-shell-capacity"
          inputMode="decimal"
          disabled={disabled}
          {...form.register('shell_capacity_gal')}
        />
      </Field>
      <ChoiceField<ContainerPlacement>
        id="container-placement"
        label={SPCC_LABELS.placement}
        labels={CONTAINER_PLACEMENT_LABELS}
        empty="Not recorded"
        disabled={disabled}
        error={errors.placement?.message}
        registration={form.register('placement')}
      />
    </>
  );
}
