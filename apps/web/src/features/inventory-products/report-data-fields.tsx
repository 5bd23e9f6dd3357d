import {
  compliance,
  FIRE_CODE_USE_MODE_LABELS,
  FIRE_CODE_USE_MODES,
  INVENTORY_PRODUCT_REPORT_LABELS,
} from '@chemtrack/domain';
import { Controller } from 'react-hook-form';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import type { InventoryProductFormMethods } from './inventory-product-values.ts';

type ReportField = keyof typeof INVENTORY_PRODUCT_REPORT_LABELS;

/** The PSM flammable screen's exemptions (1910.119(a)(1)(ii)(A), (B)), ticked per line. */
const PSM_FLAGS = [
  {
    name: 'is_fuel_use_only',
    title:
      'PSM: a hydrocarbon fuel used only as workplace fuel (propane heating, vehicle fuel) is left out of the 10,000 lb flammable screen',
  },
  {
    name: 'is_atmospheric_storage',
    title:
      'PSM: a flammable liquid stored in atmospheric tanks or transferred below its normal boiling point without chilling is left out of the 10,000 lb flammable screen',
  },
] as const;

const AMOUNTS: { name: Exclude<ReportField, 'fire_code_use_mode' | 'is_outdoor'>; hint?: string }[] = [
  { name: 'annual_pounds_manufactured', hint: 'EPCRA 313: pounds manufactured or imported this year' },
  { name: 'annual_pounds_processed', hint: 'EPCRA 313: pounds processed this year' },
  { name: 'annual_pounds_otherwise_used', hint: 'EPCRA 313: pounds otherwise used this year' },
  { name: 'average_pounds', hint: 'Tier II: average daily amount on site' },
  { name: 'days_on_site', hint: 'Tier II: 1 to 366' },
];

const CONDITIONS: {
  name: 'storage_type' | 'storage_pressure' | 'storage_temperature';
  choices: readonly string[];
  placeholder: string;
}[] = [
  { name: 'storage_type', choices: compliance.TIER2_STORAGE_TYPES, placeholder: 'Select storage type' },
  { name: 'storage_pressure', choices: compliance.TIER2_STORAGE_PRESSURES, placeholder: 'Select pressure' },
  {
    name: 'storage_temperature',
    choices: compliance.TIER2_STORAGE_TEMPERATURES,
    placeholder: 'Select temperature',
  },
];

/**
 * The figures the reports need and an inventory does not otherwise hold (issue 11): 313 annual
 * pounds per activity, the Tier II average and days on site, and the location's storage
 * conditions in the Tier II data standard's words. All optional: while empty, the reports
 * estimate (Tier II) or screen on the maximum on hand (313) and say so. The 313 qualifier mark
 * (issue 21): a qualified listing (sulfuric acid as aerosols, aluminum fume or dust …) counts the
 * line only when it is ticked; unticked, its pounds show under "Qualified listings: check the form".
 */
export function ReportDataFields({
  form,
  idPrefix,
  disabled,
}: {
  form: InventoryProductFormMethods;
  idPrefix: string;
  disabled: boolean;
}) {
  const { errors } = form.formState;
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Report data (optional)</legend>
      {AMOUNTS.map(({ name, hint }) => {
        const id = `${idPrefix}-${name}`;
        const error = errors[name]?.message;
        return (
          <Field key={name} id={id} label={INVENTORY_PRODUCT_REPORT_LABELS[name]} hint={hint} error={error}>
            <Input
              id={id}
              inputMode={name === 'days_on_site' ? 'numeric' : 'decimal'}
              aria-invalid={error ? true : undefined}
              {...form.register(name)}
            />
          </Field>
        );
      })}
      {CONDITIONS.map(({ name, choices, placeholder }) => {
        const id = `${idPrefix}-${name}`;
        const error = errors[name]?.message;
        return (
          <Field key={name} id={id} label={INVENTORY_PRODUCT_REPORT_LABELS[name]} error={error}>
            <Select id={id} aria-invalid={error ? true : undefined} {...form.register(name)}>
              <option value="">{placeholder}</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </Select>
          </Field>
        );
      })}
      <div className="md:col-span-2">
        <Controller
          control={form.control}
          name="meets_313_qualifier"
          render={({ field }) => (
            <CheckboxField
              id={`${idPrefix}-meets_313_qualifier`}
              label={INVENTORY_PRODUCT_REPORT_LABELS.meets_313_qualifier}
              title="EPCRA 313 (40 CFR 372.65): tick when the listed chemical is handled in the form its listing names, e.g. sulfuric or hydrochloric acid as aerosols, aluminum as fume or dust, friable asbestos"
              disabled={disabled}
              field={field}
            />
          )}
        />
        <p className="text-xs text-slate-500">
          EPCRA 313: e.g. sulfuric or hydrochloric acid as aerosols, aluminum as fume or dust, friable
          asbestos. Unticked, a qualified listing's pounds are shown apart and not counted.
        </p>
      </div>
      <Field
        id={`${idPrefix}-fire_code_use_mode`}
        label={INVENTORY_PRODUCT_REPORT_LABELS.fire_code_use_mode}
        hint="Fire code inventory statement: the column the line's quantity goes in"
        error={errors.fire_code_use_mode?.message}
      >
        <Select id={`${idPrefix}-fire_code_use_mode`} {...form.register('fire_code_use_mode')}>
          {FIRE_CODE_USE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {FIRE_CODE_USE_MODE_LABELS[mode]}
            </option>
          ))}
        </Select>
      </Field>
      <Controller
        control={form.control}
        name="is_outdoor"
        render={({ field }) => (
          <CheckboxField
            id={`${idPrefix}-is_outdoor`}
            label={INVENTORY_PRODUCT_REPORT_LABELS.is_outdoor}
            title="Fire code permit: flammable and combustible liquids held outside a building have their own, higher permit amounts"
            disabled={disabled}
            field={field}
          />
        )}
      />
      {PSM_FLAGS.map(({ name, title }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <CheckboxField
              id={`${idPrefix}-${name}`}
              label={INVENTORY_PRODUCT_REPORT_LABELS[name]}
              title={title}
              disabled={disabled}
              field={field}
            />
          )}
        />
      ))}
    </fieldset>
  );
}
