import {
  type AllFacilitiesReportRequest,
  type AutocompleteItem,
  type compliance,
  DEFAULT_REPORT_SETTINGS,
  defaultReportFormat,
  REPORT_PERCENT_BASIS_LABELS,
  type ReportFormat,
  ReportGenerateRequestSchema,
  type ReportGenerateRequestValues,
  type ReportPreviewResponse,
  type ReportRequestValues,
  type ReportType,
  reportFileName,
  reportZipFileName,
  TIER2_OPTION_LABELS,
  type Tier2Option,
  usesPercentBasis,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceField } from '../../components/choice-field.tsx';
import { ErrorLine } from '../../components/error-line.tsx';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { PreparingStatus } from '../../components/preparing-status.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { ApiError, applyFieldErrors } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { toast } from '../../lib/toast.ts';
import { useLongDownload } from '../../lib/use-long-download.ts';
import { customersApi, facilitiesApi } from '../customers/api.ts';
import { customerInventoryYearsOptions, inventoryYearsOptions } from '../inventories/api.ts';
import {
  generateAllFacilitiesReport,
  generateReport,
  reportPreviewOptions,
  reportTypesOptions,
} from './api.ts';
import { PendingLine } from './query-lines.tsx';
import { ReportPreview } from './report-preview.tsx';
import { Tier2ExportButton } from './tier2-export-button.tsx';

/** The form as the user fills it; the domain's request schema checks it (spec 02 §5). */
interface ReportFormValues {
  customer_id: number | '';
  facility_id: number | '';
  /** Issue 36: the report of every active facility of the customer, as one ZIP; no facility then. */
  all_facilities: boolean;
  year: number | '';
  type: ReportType | '';
  /** Issue 21: the file kind (the type's default once a type is chosen) and the report settings. */
  format: ReportFormat | null;
  percent_basis: compliance.PercentBasis;
  tier2_option: Tier2Option;
}

/**
 * The domain's request rules, typed by the form's values: the form holds '' for "not chosen",
 * which the schema's coercion turns into each field's "… is required". With every facility chosen
 * the request names none.
 */
const ReportFormSchema = z.preprocess(
  (values: ReportFormValues) => (values.all_facilities ? { ...values, facility_id: undefined } : values),
  ReportGenerateRequestSchema,
);

const EMPTY: ReportFormValues = {
  customer_id: '',
  facility_id: '',
  all_facilities: false,
  year: '',
  type: '',
  format: null,
  ...DEFAULT_REPORT_SETTINGS,
};
const FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', xlsx: 'Excel (XLSX)' };
const CHOSEN = { shouldValidate: true, shouldDirty: true } as const;
/** Clearing a dependent field is not the user's mistake: no message until they submit again. */
const CLEARED = { shouldValidate: false, shouldDirty: true } as const;

/** The report settings (issue 21), each shown and sent only for the types that read it. */
const SETTING_FIELDS = {
  percent_basis: {
    id: 'report-percent-basis',
    label: 'SDS Percent Ranges',
    hint: 'Where a range such as 30-60% is read (302, 304, Tier II).',
    labels: REPORT_PERCENT_BASIS_LABELS,
    isReadBy: usesPercentBasis,
  },
  tier2_option: {
    id: 'report-tier2-option',
    label: 'Tier II Option',
    hint: '40 CFR 370.14: report each mixture, or its hazardous components instead.',
    labels: TIER2_OPTION_LABELS,
    isReadBy: (type: ReportType) => type === 'epcra_311_312_tier2',
  },
} as const;
type ReportSetting = keyof typeof SETTING_FIELDS;
const SETTINGS = Object.keys(SETTING_FIELDS) as ReportSetting[];

/** The complete request of one facility's preview, or null while a field is still empty (or every facility is chosen). */
function toBody(values: ReportFormValues): ReportRequestValues | null {
  const { customer_id, facility_id, year, type, percent_basis, tier2_option } = values;
  if (values.all_facilities) return null;
  if (customer_id === '' || facility_id === '' || year === '' || type === '') return null;
  // Only the settings the type reads (the defaults stand in for the others), so the preview of
  // another type is not fetched again when they change.
  return {
    customer_id,
    facility_id,
    year,
    type,
    percent_basis: SETTING_FIELDS.percent_basis.isReadBy(type)
      ? percent_basis
      : DEFAULT_REPORT_SETTINGS.percent_basis,
    tier2_option: SETTING_FIELDS.tier2_option.isReadBy(type)
      ? tier2_option
      : DEFAULT_REPORT_SETTINGS.tier2_option,
  };
}

/** Spec 02 §8: report failures are the destructive notice titled Error, for 5 s. */
function reportError(description: string) {
  toast({ variant: 'destructive', title: 'Error', description, duration: 5000 });
}

/**
 * /reports (spec 02 §2, §4, §5, §8; issue 11): customer → facility → year → type, Create Report
 * downloads the file with the server's name, and the report's preview with each figure's
 * explanation shows under the form once every choice is made.
 */
export function ReportsPage() {
  usePageMeta('Reports');
  const [customer, setCustomer] = useState<AutocompleteItem | null>(null);
  const [facility, setFacility] = useState<AutocompleteItem | null>(null);

  const form = useForm<ReportFormValues, unknown, ReportGenerateRequestValues>({
    resolver: zodResolver(ReportFormSchema),
    mode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const values = form.watch();

  const types = useQuery(reportTypesOptions);
  const allFacilities = values.all_facilities;
  const years = useQuery({
    ...inventoryYearsOptions(Number(values.customer_id), Number(values.facility_id)),
    enabled: values.customer_id !== '' && values.facility_id !== '' && !allFacilities,
  });
  const customerYears = useQuery({
    ...customerInventoryYearsOptions(Number(values.customer_id)),
    enabled: values.customer_id !== '' && allFacilities,
  });
  const chosenType = types.data?.resource.find((item) => item.type === values.type);
  const body = toBody(values);
  const preview = useQuery({
    ...reportPreviewOptions(
      body ?? { customer_id: 0, facility_id: 0, year: 0, type: 'epcra_302', ...DEFAULT_REPORT_SETTINGS },
    ),
    enabled: body !== null && chosenType?.available === true,
  });

  const generate = useMutation({
    mutationFn: (request: ReportRequestValues) => generateReport(request),
    meta: { handlesErrors: true },
    onSuccess: (file, request) => {
      saveBlob(
        file.blob,
        file.filename ??
          reportFileName(
            request.type,
            customer?.name ?? '',
            facility?.name ?? '',
            request.year,
            request.format ?? defaultReportFormat(request.type),
          ),
      );
    },
    onError: (error) => showFailure(error),
  });
  // Issue 36: every facility's report is one long download, with its seconds and a Cancel.
  const everyFacility = useLongDownload();
  const generateAll = (request: AllFacilitiesReportRequest) =>
    everyFacility.run((signal) => generateAllFacilitiesReport(request, signal), {
      onDone: (file) =>
        saveBlob(
          file.blob,
          file.filename ?? reportZipFileName(request.type, customer?.name ?? '', request.year),
        ),
      onError: showFailure,
    });
  const isGenerating = generate.isPending || everyFacility.isRunning;

  /** Validation answers go under their fields (first message each); anything else is the notice. */
  function showFailure(error: unknown) {
    if (applyFieldErrors(error, form.setError)) return;
    if (error instanceof ApiError) reportError(error.body.message ?? error.description);
    else reportError(error instanceof Error ? error.message : String(error));
  }

  const chooseCustomer = (item: AutocompleteItem | null) => {
    if (item?.id !== customer?.id) {
      // Spec 02 §4: changing the customer clears the facility and the year.
      setFacility(null);
      form.setValue('facility_id', '', CLEARED);
      form.setValue('year', '', CLEARED);
    }
    setCustomer(item);
    form.setValue('customer_id', item?.id ?? '', CHOSEN);
  };
  const chooseFacility = (item: AutocompleteItem | null) => {
    // Spec 02 §4: changing the facility clears the year.
    if (item?.id !== facility?.id) form.setValue('year', '', CLEARED);
    setFacility(item);
    form.setValue('facility_id', item?.id ?? '', CHOSEN);
  };
  /**
   * Every facility instead of one: the facility is cleared; the year list becomes the years in
   * which some active facility of the customer has an inventory, and either way the year chosen
   * from the other list is cleared, like a facility change (spec 02 §4).
   */
  const chooseAllFacilities = (checked: boolean) => {
    setFacility(null);
    form.setValue('facility_id', '', CLEARED);
    form.setValue('year', '', CLEARED);
    form.clearErrors('facility_id');
    form.setValue('all_facilities', checked, { shouldDirty: true });
  };

  const yearList = allFacilities ? customerYears : years;
  const yearItems = allFacilities
    ? (customerYears.data?.resource ?? []).map((year) => ({ id: year, year }))
    : (years.data?.resource ?? []);
  const canChooseYear = customer !== null && (facility !== null || allFacilities);
  const noYears = canChooseYear && yearList.isSuccess && yearItems.length === 0;
  const submit = form.handleSubmit((request) => {
    const format = request.format ?? defaultReportFormat(request.type);
    if (request.all_facilities) void generateAll({ ...request, format });
    else generate.mutate({ ...request, format });
  });

  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Reports</h2>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            <Field id="report-customer" label="Select Customer" required error={errors.customer_id?.message}>
              <Controller
                control={form.control}
                name="customer_id"
                render={() => (
                  <PagedPicker
                    id="report-customer"
                    path={customersApi.autocompletePath}
                    value={customer}
                    invalid={Boolean(errors.customer_id)}
                    placeholder="Select a customer"
                    onChange={chooseCustomer}
                  />
                )}
              />
            </Field>
            <Field
              id="report-facility"
              label="Facility Name"
              required={!allFacilities}
              error={errors.facility_id?.message ?? errors.all_facilities?.message}
              hint={customer ? undefined : 'Choose a customer first.'}
            >
              <Controller
                control={form.control}
                name="facility_id"
                render={() => (
                  <PagedPicker
                    id="report-facility"
                    path={facilitiesApi.autocompletePath}
                    params={customer ? { customer_id: customer.id } : {}}
                    value={facility}
                    invalid={Boolean(errors.facility_id)}
                    disabled={!customer || allFacilities}
                    placeholder={allFacilities ? 'All facilities' : 'Select a facility'}
                    onChange={chooseFacility}
                  />
                )}
              />
              <label
                htmlFor="report-all-facilities"
                className="flex items-center gap-2 text-sm text-slate-700"
              >
                <Checkbox
                  id="report-all-facilities"
                  checked={allFacilities}
                  disabled={!customer || isGenerating}
                  onCheckedChange={(checked) => chooseAllFacilities(checked === true)}
                />
                All facilities of this customer
              </label>
            </Field>
            <Field
              id="report-year"
              label="Year"
              error={errors.year?.message}
              hint={canChooseYear ? undefined : 'Choose a customer and a facility (or all facilities) first.'}
            >
              <Select
                id="report-year"
                disabled={!canChooseYear || noYears}
                aria-invalid={errors.year ? true : undefined}
                {...form.register('year', {
                  setValueAs: (value: string | number) => (value === '' ? '' : Number(value)),
                  // A server's word on the year (the Tier II export's 2017 floor) is about the year chosen before.
                  onChange: () => {
                    if (errors.year?.type === 'server') form.clearErrors('year');
                  },
                })}
              >
                <option value="">
                  {noYears ? 'No years available' : yearList.isFetching ? 'Loading...' : 'Select year'}
                </option>
                {yearItems.map((item) => (
                  <option key={item.id} value={item.year}>
                    {item.year}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id="report-type"
              label="Report Type"
              required
              error={errors.type?.message}
              hint={
                types.data?.resource.some((item) => !item.available)
                  ? 'Types marked “not available yet” come with a later release.'
                  : undefined
              }
            >
              <Select
                id="report-type"
                aria-invalid={errors.type ? true : undefined}
                {...form.register('type', {
                  onChange: (event: { target: { value: string } }) => {
                    form.clearErrors('type');
                    // Each type opens on its own file kind (spec: PDF, or XLSX for the spreadsheets).
                    const chosen = types.data?.resource.find((item) => item.type === event.target.value);
                    form.setValue('format', chosen ? defaultReportFormat(chosen.type) : null);
                  },
                })}
              >
                <option value="">{types.isPending ? 'Loading...' : 'Select report type'}</option>
                {types.data?.resource.map((item) => (
                  <option key={item.type} value={item.type} disabled={!item.available}>
                    {item.available ? item.name : `${item.name} (not available yet)`}
                  </option>
                ))}
              </Select>
            </Field>
            {chosenType?.available ? (
              <ChoiceField
                id="report-format"
                label="File Format"
                error={errors.format?.message}
                labels={FORMAT_LABELS}
                registration={form.register('format')}
              />
            ) : null}
            {SETTINGS.filter((name) => chosenType && SETTING_FIELDS[name].isReadBy(chosenType.type)).map(
              (name) => (
                <ChoiceField<string>
                  key={name}
                  id={SETTING_FIELDS[name].id}
                  label={SETTING_FIELDS[name].label}
                  hint={SETTING_FIELDS[name].hint}
                  error={errors[name]?.message}
                  labels={SETTING_FIELDS[name].labels}
                  defaultValue={DEFAULT_REPORT_SETTINGS[name]}
                  registration={form.register(name)}
                />
              ),
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Tier2ExportButton
              customerId={values.customer_id}
              customerName={customer?.name ?? ''}
              facilityName={facility?.name ?? ''}
              // None: every facility of the customer in one .t2s.
              facilityId={allFacilities ? null : values.facility_id}
              year={values.year}
              {...(values.type === 'epcra_311_312_tier2'
                ? { percentBasis: values.percent_basis, tier2Option: values.tier2_option }
                : {})}
              onFieldErrors={(error) => applyFieldErrors(error, form.setError)}
              onError={reportError}
            />
            {everyFacility.isRunning ? (
              <Button type="button" variant="secondary" onClick={everyFacility.cancel}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" disabled={isGenerating} aria-busy={isGenerating || undefined}>
              {everyFacility.isRunning ? (
                <PreparingStatus seconds={everyFacility.seconds} />
              ) : (
                <>
                  {generate.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
                  Create Report
                </>
              )}
            </Button>
          </div>
        </form>
      </section>
      {allFacilities && chosenType?.available ? (
        <p className="text-sm text-slate-600">
          One ZIP: the report of each facility with an inventory that year, named as it downloads alone, and
          summary.csv listing every active facility with its verdict. Uncheck “All facilities” to preview one
          facility.
        </p>
      ) : null}
      {body && chosenType?.available ? <PreviewArea query={preview} request={body} /> : null}
    </div>
  );
}

function PreviewArea({
  query,
  request,
}: {
  query: UseQueryResult<ReportPreviewResponse>;
  request: ReportRequestValues;
}) {
  if (query.isPending) return <PendingLine text="Preparing the preview..." />;
  if (query.isError) return <ErrorLine error={query.error} />;
  // Keyed by its drawing: another version starts again with its first page.
  return <ReportPreview key={query.data.resource.version} report={query.data.resource} request={request} />;
}
