import {
  CONTAINER_PLACEMENT_LABELS,
  type ContainerPlacement,
  SPCC_EXCLUSION_LABELS,
  SPCC_LABELS,
  type SpccExclusion,
} from '@chemtrack/domain';
import { ChoiceField } from '../../components/choice-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { InventoryProductFormMethods } from './inventory-product-values.ts';

/**
 * The SPCC figures of a line (rules §7): one container's shell capacity and its placement, each
 * over the container type's when given, and a 40 CFR 112.1(d) exclusion. Empty takes the
 * container type's value; with no capacity anywhere the SPCC plan estimates from the gallons.
 */
export function SpccLineFields({
  form,
  idPrefix,
  disabled,
}: {
  form: InventoryProductFormMethods;
  idPrefix: string;
  disabled: boolean;
}) {
  const { errors } = form.formState;
  const capacityId = `${idPrefix}-shell_capacity_gal`;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-3" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-700">SPCC container (optional)</legend>
      <Field
        id={capacityId}
        label={SPCC_LABELS.shell_capacity_gal}
        hint="Empty: the container type's capacity."
        error={errors.shell_capacity_gal?.message}
      >
        <Input
          id={capacityId}
          inputMode="decimal"
          aria-invalid={errors.shell_capacity_gal ? true : undefined}
          {...form.register('shell_capacity_gal')}
        />
      </Field>
      <ChoiceField<ContainerPlacement>
        id={`${idPrefix}-placement`}
        label={SPCC_LABELS.placement}
        labels={CONTAINER_PLACEMENT_LABELS}
        empty="As the container type"
        error={errors.placement?.message}
        registration={form.register('placement')}
      />
      <ChoiceField<SpccExclusion>
        id={`${idPrefix}-spcc_exclusion`}
        label={SPCC_LABELS.spcc_exclusion}
        labels={SPCC_EXCLUSION_LABELS}
        empty="Not excluded"
        error={errors.spcc_exclusion?.message}
        registration={form.register('spcc_exclusion')}
      />
    </fieldset>
  );
}
