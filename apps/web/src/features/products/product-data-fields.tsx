import {
  compliance,
  FIRE_CODE_HAZARD_CLASS_LABELS,
  FIRE_CODE_HAZARD_CLASSES,
  type FireCodeHazardClass,
  parseSignedInteger,
  suggestLiquidClass,
} from '@chemtrack/domain';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { ChoiceField } from '../../components/choice-field.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { messageAt } from '../../lib/form-errors.ts';
import { HazardClassesField } from './hazard-classes-field.tsx';
import { type ProductDataValues, SARA_FLAGS } from './product-form.ts';

/*
 * The product form and the line form both hold product data and provide their form
 * (`FormProvider`): the fields below read and register only its product-data part.
 */

const PHONES = [
  { name: 'mfg_phone', label: 'Manufacturer Phone' },
  { name: 'mfg_emergency_phone', label: 'Manufacturer Emergency Phone' },
] as const;

/** The manufacturer's phone and emergency phone, shown (000) 000-0000 and kept as digits. */
export function ManufacturerPhoneFields({ idPrefix = 'p' }: { idPrefix?: string }) {
  const form = useFormContext<ProductDataValues>();
  const { errors } = form.formState;
  return PHONES.map(({ name, label }) => (
    <MaskedField
      key={name}
      id={`${idPrefix}-${name}`}
      label={label}
      error={errors[name]?.message}
      invalid={Boolean(errors[name])}
      control={form.control}
      name={name}
      input={PhoneInput}
    />
  ));
}

/**
 * The product data's hazard classes, with the message the rules or the server give under
 * `hazards` or `hazard_ids`. `marksInvalid`: the product form also marks the picker invalid.
 */
export function HazardClassesFormField({
  idPrefix = 'p',
  disabled,
  marksInvalid = false,
}: {
  idPrefix?: string;
  disabled: boolean;
  marksInvalid?: boolean;
}) {
  const form = useFormContext<ProductDataValues>();
  const error = messageAt(form.formState.errors, 'hazards', 'hazard_ids');
  const id = `${idPrefix}-hazards`;
  return (
    <div className="md:col-span-2">
      <Field id={id} label="Hazard Classes" error={error}>
        <Controller
          control={form.control}
          name="hazards"
          render={({ field }) => (
            <HazardClassesField
              id={id}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              invalid={marksInvalid ? Boolean(error) : undefined}
            />
          )}
        />
      </Field>
    </div>
  );
}

/**
 * Flash point in °F (spec 02 §5): what is typed stays as typed; "4-0" or "12.5" gets the field's
 * message instead of being masked into another figure (issue 22 point 2).
 */
export function FlashPointField({ idPrefix = 'p' }: { idPrefix?: string }) {
  const form = useFormContext<ProductDataValues>();
  const id = `${idPrefix}-flash_points`;
  const error = form.formState.errors.flash_points?.message;
  return (
    <Field id={id} label="Flash Point (°F)" error={error}>
      <Controller
        control={form.control}
        name="flash_points"
        render={({ field }) => (
          <div className="relative">
            <Input
              id={id}
              inputMode="numeric"
              className="pr-10"
              aria-invalid={error ? true : undefined}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
            <span
              className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-500"
              aria-hidden
            >
              °F
            </span>
          </div>
        )}
      />
    </Field>
  );
}

/** What the product-data flag groups take: their ids, and how the line form blocks them. */
interface FlagFieldsProps {
  idPrefix?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * The SARA F, P, R, A, C and SPCC flags (spec 02 §9). `disabled` blocks them without a native
 * fieldset (the line form blocks them until a new product has a name).
 */
export function SaraSpccFields({ idPrefix = 'p', disabled, className }: FlagFieldsProps) {
  const form = useFormContext<ProductDataValues>();
  const flags = [
    ...SARA_FLAGS.map((flag) => ({ ...flag, label: `SARA ${flag.label}` })),
    { name: 'is_spcc', label: 'SPCC', title: 'Spill Prevention, Control, and Countermeasure' } as const,
  ];
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">SARA and SPCC</legend>
      <div className="mt-2 flex flex-wrap gap-5">
        {flags.map((flag) => {
          const id = `${idPrefix}-${flag.name}`;
          return (
            <Controller
              key={flag.name}
              control={form.control}
              name={flag.name}
              render={({ field }) => (
                <CheckboxField
                  id={id}
                  label={flag.label}
                  title={flag.title}
                  disabled={disabled}
                  field={field}
                />
              )}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

const HAZARD_GROUPS = [
  { key: 'physical', title: 'Physical hazards', categories: compliance.TIER2_PHYSICAL_HAZARDS },
  { key: 'health', title: 'Health hazards', categories: compliance.TIER2_HEALTH_HAZARDS },
  { key: 'hnoc', title: 'Other', categories: [compliance.TIER2_HNOC] },
] as const;

/**
 * The 23 Tier II hazard categories (rules §0.5), labelled as the data standard spells them, HNOC
 * once. Blocked like the SARA flags: a line of a catalog product shows the catalog's.
 */
export function Tier2HazardCategoriesField({ idPrefix = 'p', disabled, className }: FlagFieldsProps) {
  const form = useFormContext<ProductDataValues>();
  const error = form.formState.errors.tier2_hazard_categories?.message;
  const errorId = `${idPrefix}-tier2_hazard_categories-error`;
  return (
    <Controller
      control={form.control}
      name="tier2_hazard_categories"
      render={({ field }) => {
        const chosen = new Set<string>(field.value);
        const toggle = (category: compliance.Tier2HazardCategory, checked: boolean) =>
          field.onChange(
            compliance.TIER2_HAZARD_CATEGORIES.filter((item) =>
              item === category ? checked : chosen.has(item),
            ),
          );
        return (
          <fieldset
            className={className}
            disabled={disabled}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend className="text-sm font-medium text-slate-700">
              Tier II Hazard Categories (reporting year 2017 on)
            </legend>
            <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-3 md:grid-cols-3">
              {HAZARD_GROUPS.map((group) => (
                <fieldset key={group.key} disabled={disabled}>
                  <legend className="text-xs font-medium uppercase text-slate-500">{group.title}</legend>
                  {group.categories.map((category, index) => {
                    const id = `${idPrefix}-t2-${group.key}-${index}`;
                    return (
                      <label
                        key={category}
                        htmlFor={id}
                        className="flex items-center gap-2 py-1 text-sm text-slate-700"
                      >
                        <Checkbox
                          id={id}
                          checked={chosen.has(category)}
                          disabled={disabled}
                          onCheckedChange={(checked) => toggle(category, checked === true)}
                          onBlur={field.onBlur}
                        />
                        {category}
                      </label>
                    );
                  })}
                </fieldset>
              ))}
            </div>
            {error ? (
              <p id={errorId} role="alert" className="mt-1 text-xs text-red-600">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}

/**
 * Issue 21: the 40 CFR 370.13 exclusion that leaves the product out of Tier II, and the form of a
 * solid, which picks the 302 TPQ of a solid with two and its 355.16 reduction (a powder's share
 * under 100 µm). Blocked like the SARA flags: a line of a catalog product shows the catalog's.
 */
export function ReportInputFields({ idPrefix = 'p', disabled, className }: FlagFieldsProps) {
  const form = useFormContext<ProductDataValues>();
  const { errors } = form.formState;
  const solidForm = useWatch({ control: form.control, name: 'solid_form' });
  const partialPressure = useWatch({ control: form.control, name: 'is_partial_pressure_exempt' });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className={className} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">Report Inputs</legend>
      <div className="mt-2 grid gap-4 md:grid-cols-3">
        <ChoiceField
          id={id('tier2_exclusion')}
          label="Tier II Exclusion (40 CFR 370.13)"
          error={errors.tier2_exclusion?.message}
          labels={compliance.TIER2_EXCLUSION_LABELS}
          empty="None"
          disabled={disabled}
          registration={form.register('tier2_exclusion')}
        />
        <ChoiceField
          id={id('solid_form')}
          label="Solid Form (EPCRA 302)"
          hint="Picks the TPQ of a solid listed with two."
          error={errors.solid_form?.message}
          labels={compliance.SOLID_FORM_LABELS}
          empty="Not recorded"
          disabled={disabled}
          registration={form.register('solid_form')}
        />
        {solidForm === 'powder' ? (
          <Field
            id={id('powder_fraction_pct')}
            label="Share under 100 µm (%)"
            hint="Empty counts the whole powder."
            error={errors.powder_fraction_pct?.message}
          >
            <Input
              id={id('powder_fraction_pct')}
              inputMode="decimal"
              disabled={disabled}
              aria-invalid={errors.powder_fraction_pct ? true : undefined}
              {...form.register('powder_fraction_pct')}
            />
          </Field>
        ) : null}
      </div>
      <div className="mt-2 grid gap-x-4 md:grid-cols-3">
        <Controller
          control={form.control}
          name="is_used_as_fuel"
          render={({ field }) => (
            <CheckboxField
              id={id('is_used_as_fuel')}
              label={compliance.PROCESS_SAFETY_PRODUCT_LABELS.is_used_as_fuel}
              title="RMP: a listed flammable used as fuel or held for sale as fuel at a retail facility, or gasoline for engines, is not counted"
              disabled={disabled}
              field={field}
            />
          )}
        />
        <Controller
          control={form.control}
          name="is_partial_pressure_exempt"
          render={({ field }) => (
            <CheckboxField
              id={id('is_partial_pressure_exempt')}
              label={compliance.PROCESS_SAFETY_PRODUCT_LABELS.is_partial_pressure_exempt}
              title="RMP 68.115(b)(1) and PSM: the listed chemical's partial pressure in this product is below 10 mmHg; the reports leave it out and print the note"
              disabled={disabled}
              field={field}
            />
          )}
        />
        {/* The server refuses the override for oleum and the toluene diisocyanates (68.115(b)(1)). */}
        {errors.is_partial_pressure_exempt ? (
          <p id={id('is_partial_pressure_exempt-error')} role="alert" className="text-xs text-red-600">
            {errors.is_partial_pressure_exempt.message}
          </p>
        ) : null}
        {partialPressure ? (
          <Field
            id={id('partial_pressure_note')}
            label={compliance.PROCESS_SAFETY_PRODUCT_LABELS.partial_pressure_note}
            hint="Printed in the RMP and PSM reports beside the override."
            error={errors.partial_pressure_note?.message}
          >
            <Input
              id={id('partial_pressure_note')}
              disabled={disabled}
              aria-invalid={errors.partial_pressure_note ? true : undefined}
              {...form.register('partial_pressure_note')}
            />
          </Field>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The fire-code hazard classes (rules §10), several allowed, as checkboxes. While none is chosen,
 * a liquid's flash point suggests its flammable or combustible class as a hint; the reports use
 * the suggestion as an estimate and say so, so choosing a class here is what makes it firm.
 */
export function FireCodeHazardClassesField({ idPrefix = 'p', disabled, className }: FlagFieldsProps) {
  const form = useFormContext<ProductDataValues>();
  const error = form.formState.errors.fire_code_hazard_classes?.message;
  const errorId = `${idPrefix}-fire_code_hazard_classes-error`;
  const hintId = `${idPrefix}-fire_code_hazard_classes-hint`;
  const [state, flashPoint] = useWatch({ control: form.control, name: ['physical_state', 'flash_points'] });
  const parsed = parseSignedInteger(flashPoint);
  const suggestion = suggestLiquidClass(state || null, parsed.ok ? parsed.value : null);
  return (
    <Controller
      control={form.control}
      name="fire_code_hazard_classes"
      render={({ field }) => {
        const chosen = new Set<string>(field.value);
        const toggle = (item: FireCodeHazardClass, checked: boolean) =>
          field.onChange(
            FIRE_CODE_HAZARD_CLASSES.filter((value) => (value === item ? checked : chosen.has(value))),
          );
        return (
          <fieldset
            className={className}
            disabled={disabled}
            aria-describedby={[error ? errorId : '', suggestion ? hintId : ''].join(' ').trim() || undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend className="text-sm font-medium text-slate-700">Fire Code Hazard Classes</legend>
            {suggestion && chosen.size === 0 ? (
              <p id={hintId} className="text-xs text-slate-500">
                Suggested from the flash point: {FIRE_CODE_HAZARD_CLASS_LABELS[suggestion.hazard_class]} (
                {suggestion.reason}). The fire-code reports use it as an estimate until a class is chosen.
              </p>
            ) : null}
            <div className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 md:grid-cols-3">
              {FIRE_CODE_HAZARD_CLASSES.map((item) => {
                const id = `${idPrefix}-fc-${item}`;
                return (
                  <label
                    key={item}
                    htmlFor={id}
                    className="flex items-center gap-2 py-1 text-sm text-slate-700"
                  >
                    <Checkbox
                      id={id}
                      // "Explosive" is a Tier II category too: the fire-code box says which list it is.
                      aria-label={`Fire code: ${FIRE_CODE_HAZARD_CLASS_LABELS[item]}`}
                      checked={chosen.has(item)}
                      disabled={disabled}
                      onCheckedChange={(checked) => toggle(item, checked === true)}
                      onBlur={field.onBlur}
                    />
                    {FIRE_CODE_HAZARD_CLASS_LABELS[item]}
                  </label>
                );
              })}
            </div>
            {error ? (
              <p id={errorId} role="alert" className="mt-1 text-xs text-red-600">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
