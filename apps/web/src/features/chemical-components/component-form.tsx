import {
  type ChemicalComponentItem,
  ComponentNameConflictSchema,
  type ComponentResource,
  compliance,
  parsePercentRange,
  percentTextMessage,
  type SaveComponent,
  type SaveComponentRequest,
  SaveComponentRequestSchema,
  TEXTAREA_MAX,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { ModalForm, useModalRoute } from '../../components/modal-form.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiError } from '../../lib/api.ts';
import { numberText } from '../../lib/form-text.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import { CHEMICAL_COMPONENTS_AUTOCOMPLETE, componentLinksApi } from './api.ts';

interface ComponentFormValues {
  chemical_component_id: number | null;
  name: string;
  number: string;
  /** As the SDS writes it: "45", "30-60%", "30–60%", "<5%", ">90%" (issue 21 point 9). */
  percentage_weight: string;
  percentage_volume: string;
  regulations: string;
  restrictions: string;
  reporting_requirements: string;
  /** OSHA/IARC/NTP carcinogen: its de minimis is 0.1%, not 1% (rules §0.3). */
  is_carcinogen: boolean;
  /** Never typed: where the server's messages on the range's bounds land, shown under Percentage by Weight. */
  percentage_weight_low?: string;
  percentage_weight_high?: string;
}

const EMPTY: ComponentFormValues = {
  chemical_component_id: null,
  name: '',
  number: '',
  percentage_weight: '',
  percentage_volume: '',
  regulations: '',
  restrictions: '',
  reporting_requirements: '',
  is_carcinogen: false,
};

function toForm(c: ComponentResource): ComponentFormValues {
  return {
    chemical_component_id: c.chemical_component_id,
    name: c.name,
    number: c.number,
    percentage_weight: percentWeightText(c),
    percentage_volume: numberText(c.percentage_volume),
    regulations: c.regulations,
    restrictions: c.restrictions,
    reporting_requirements: c.reporting_requirements,
    is_carcinogen: c.is_carcinogen,
  };
}

/** The weight takes an SDS range as typed (so no decimal keypad); the volume one figure. */
const PERCENTAGES = [
  {
    name: 'percentage_weight',
    label: 'Percentage by Weight',
    hint: "One figure, or the SDS's range: 30-60%, <5%, >90%.",
    inputMode: undefined,
  },
  { name: 'percentage_volume', label: 'Percentage by Volume', hint: undefined, inputMode: 'decimal' },
] as const;

const TEXTAREAS = [
  { name: 'regulations', label: 'Regulations' },
  { name: 'restrictions', label: 'Restrictions' },
  { name: 'reporting_requirements', label: 'Reporting Requirements' },
] as const;

/** The catalog entry a refused save named its CAS # under (the server's 409), if that was the refusal. */
function catalogNameConflict(error: unknown): ChemicalComponentItem | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = ComponentNameConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data.existing : null;
}

/** A stored percent by weight as the form shows it: one figure as typed, a range as the SDS writes it. */
function percentWeightText(
  c: Pick<ComponentResource, 'percentage_weight_low' | 'percentage_weight_high'>,
): string {
  const { percentage_weight_low: low, percentage_weight_high: high } = c;
  return low !== null && low === high ? numberText(low) : compliance.formatPercentRange(low, high);
}

/** The typed percent by weight as the request's bounds (one figure is both); unreadable text goes as typed. */
function toRequestInput(values: ComponentFormValues): SaveComponentRequest {
  const { percentage_weight, percentage_weight_low: _low, percentage_weight_high: _high, ...rest } = values;
  const range = parsePercentRange(percentage_weight);
  if (range === null) return { ...rest, percentage_weight };
  return { ...rest, percentage_weight_low: range.low ?? '', percentage_weight_high: range.high ?? '' };
}

/**
 * The domain's save rules, typed by the form's values: first the percent text must read as a
 * figure or an SDS range within 0-100 (its message under the field), then the request's own rules.
 */
const ComponentFormSchema = z
  .custom<ComponentFormValues>()
  .superRefine((values, ctx) => {
    const message = percentTextMessage(values.percentage_weight);
    if (message !== null) ctx.addIssue({ code: 'custom', path: ['percentage_weight'], message });
  })
  .transform(toRequestInput)
  .pipe(SaveComponentRequestSchema);

/**
 * Add or edit one chemical component of a product (spec 02 §2). Picking a catalog component
 * fills its name and CAS #; typing them instead finds or creates one on save.
 */
export function ComponentModal({ productId, id }: { productId: number; id: number | undefined }) {
  if (id === undefined) return <ComponentForm productId={productId} id={undefined} component={undefined} />;
  return (
    <LoadedRecord options={componentLinksApi({ kind: 'product', productId }).detailOptions(id)}>
      {(component) => <ComponentForm productId={productId} id={id} component={component} />}
    </LoadedRecord>
  );
}

/** The form of ComponentModal, from the component the route loaded (none when adding one). */
function ComponentForm({
  productId,
  id,
  component,
}: {
  productId: number;
  id: number | undefined;
  component: ComponentResource | undefined;
}) {
  const navigate = useNavigate();
  const isNew = id === undefined;
  const links = componentLinksApi({ kind: 'product', productId });
  const [picked, setPicked] = useState<ChemicalComponentItem | null>(
    component
      ? { id: component.chemical_component_id, name: component.name, number: component.number }
      : null,
  );
  const { isOpen, close } = useModalRoute(
    () =>
      void navigate({
        to: '/products/$productId',
        params: { productId: String(productId) },
        search: keepSearch,
      }),
  );

  const form = useForm<ComponentFormValues, unknown, SaveComponent>({
    resolver: zodResolver(ComponentFormSchema),
    mode: 'onTouched',
    defaultValues: component ? toForm(component) : EMPTY,
  });

  const { save } = useRecordMutations<ComponentResource, ComponentFormValues, SaveComponent>({
    entity: 'Component',
    isNew,
    nameOf: (c) => c.name,
    save: ({ encode: _encode, ...body }) => links.save(id, body, component?.updated_at),
    invalidate: [links.keys.all],
    setError: form.setError,
    onSaved: (c) => form.reset(toForm(c)),
    onDone: close,
    reload: component && {
      queryKey: links.keys.detail(component.id),
      load: (c) => form.reset(toForm(c)),
    },
  });

  const choose = (item: ChemicalComponentItem | null) => {
    setPicked(item);
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;
    form.setValue('chemical_component_id', item?.id ?? null, options);
    if (!item) return;
    form.setValue('name', item.name, options);
    form.setValue('number', item.number, options);
  };

  const submit = form.handleSubmit((values) => save.mutate(values));
  const conflict = catalogNameConflict(save.error);
  // Typing another name or CAS # is the other answer to the conflict: the offer goes with it.
  const dropConflict = () => {
    if (conflict) save.reset();
  };
  const takeCatalogEntry = (entry: ChemicalComponentItem) => {
    save.reset();
    choose(entry);
    void submit();
  };

  const { errors, isDirty, isValid } = form.formState;
  // A bound the server refused (e.g. low above high) is said under the one field that types both.
  const weightError =
    errors.percentage_weight?.message ??
    errors.percentage_weight_low?.message ??
    errors.percentage_weight_high?.message;
  return (
    <ModalForm
      open={isOpen}
      history={{ entity: 'product_chemical_component', id }}
      title={isNew ? 'Add Chemical Component' : 'Chemical Component Details'}
      isDirty={isDirty}
      isSaving={save.isPending}
      isValid={isValid}
      saveLabel={isNew ? 'Create Component' : 'Save Changes'}
      onSubmit={submit}
      onClose={close}
    >
      <Field
        id="cc-catalogue"
        label="Chemical Component"
        hint="Choose from the catalogue, or type a new name and CAS # below."
      >
        <PagedPicker<ChemicalComponentItem>
          id="cc-catalogue"
          path={CHEMICAL_COMPONENTS_AUTOCOMPLETE}
          value={picked}
          placeholder="Search the catalogue"
          onChange={choose}
          // Two entries of one name are told apart, and checked against the SDS, by the CAS #.
          describe={(item) => (item.number ? `CAS ${item.number}` : null)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="cc-name" label="Name" required error={errors.name?.message}>
          <Input
            id="cc-name"
            aria-invalid={errors.name ? true : undefined}
            {...form.register('name', { onChange: dropConflict })}
          />
        </Field>
        <Field id="cc-number" label="CAS #" required error={errors.number?.message}>
          <Input
            id="cc-number"
            placeholder="0000-00-0"
            aria-invalid={errors.number ? true : undefined}
            {...form.register('number', {
              // Another CAS # is another substance: the catalog link no longer holds.
              onChange: (event: { target: { value: string } }) => {
                dropConflict();
                if (picked && event.target.value.trim() !== picked.number) {
                  setPicked(null);
                  form.setValue('chemical_component_id', null, { shouldDirty: true });
                }
              },
            })}
          />
        </Field>
        {PERCENTAGES.map(({ name, label, hint, inputMode }) => {
          const error = name === 'percentage_weight' ? weightError : errors[name]?.message;
          return (
            <Field key={name} id={`cc-${name}`} label={label} hint={hint} error={error}>
              <Input
                id={`cc-${name}`}
                inputMode={inputMode}
                aria-invalid={error ? true : undefined}
                {...form.register(name)}
              />
            </Field>
          );
        })}
        <Controller
          control={form.control}
          name="is_carcinogen"
          render={({ field }) => (
            <CheckboxField
              id="cc-is_carcinogen"
              label="Carcinogen (OSHA, IARC or NTP)"
              title="Reports apply the 0.1% de minimis instead of 1%"
              field={field}
            />
          )}
        />
      </div>
      {conflict ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="flex-1">
            Each CAS # has one name in the catalogue. Use that name, or change the name or CAS # above.
          </p>
          <Button type="button" onClick={() => takeCatalogEntry(conflict)}>
            Use {conflict.name}
          </Button>
        </div>
      ) : null}
      {TEXTAREAS.map((textarea) => (
        <CountedTextarea key={textarea.name} form={form} name={textarea.name} label={textarea.label} />
      ))}
    </ModalForm>
  );
}

/** A textarea of at most 500 characters with its count underneath. */
function CountedTextarea({
  form,
  name,
  label,
}: {
  form: UseFormReturn<ComponentFormValues, unknown, SaveComponent>;
  name: (typeof TEXTAREAS)[number]['name'];
  label: string;
}) {
  const id = `cc-${name}`;
  const text = useWatch({ control: form.control, name }) ?? '';
  const error = form.formState.errors[name]?.message;
  return (
    <Field id={id} label={label} error={error}>
      <Textarea
        id={id}
        maxLength={TEXTAREA_MAX}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        {...form.register(name)}
      />
      <p id={`${id}-count`} className="text-right text-xs text-slate-500">
        {text.length}/{TEXTAREA_MAX}
      </p>
    </Field>
  );
}
