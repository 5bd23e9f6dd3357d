import { z } from 'zod';
import { COVERAGES } from '../compliance/coverage.ts';
import { formatPercent, formatPounds, formatThreshold } from '../compliance/format.ts';
import { PERCENT_BASES, type PercentBasis } from '../compliance/types.ts';
import { UNVERIFIED_CODES } from '../compliance/unverified.ts';
import { infoWarningDetail, WARNING_CODES } from '../compliance/warnings.ts';
import { CHANGE_FIELDS, CHANGE_PROGRAMME_LABELS } from '../compliance/year-changes.ts';
import { generatedFileName } from '../files/index.ts';
import { INVENTORY_PRODUCT_WORKLISTS } from '../inventory-products/inventory-product-resource.ts';
import {
  PHYSICAL_STATES,
  REGULATORY_LIST_TYPES,
  REPORT_TYPE_NAMES,
  REPORT_TYPES,
  type ReportType,
} from '../shared/enums.ts';
import { EncodeFlagSchema, recordIdSchema } from '../shared/fields.ts';
import { NOT_AVAILABLE } from '../shared/numbers.ts';

/**
 * The reports area (spec 02 §2 "/reports", §3 "Report request", §5 "Report", §7 "Reports",
 * §8; issue 11): the request both `POST /report/generate` and `POST /report/preview` take, the
 * file each type answers, and the preview document the PDF and XLSX files are drawn from.
 */

export const REPORT_MSG = {
  customerRequired: 'Customer is required',
  facilityRequired: 'Facility is required',
  yearRequired: 'Year is required',
  typeRequired: 'Type is required',
  formatInvalid: "Format must be 'pdf' or 'xlsx'",
  percentBasisInvalid: "Percent basis must be 'upper' or 'midpoint'",
  tier2OptionInvalid: "Tier II option must be 'mixture' or 'component'",
  /** A report type with no rule in the engine (none since issue 23; kept for the contract). */
  notAvailable: 'This report type is not available yet',
  noInventory: 'No inventory for this facility and year',
  /** Issue 36: every facility of the customer at once names no facility. */
  facilityWithAllFacilities: 'Leave the facility empty to report on all facilities',
  allFacilitiesInvalid: 'All facilities must be true or false',
  noInventoryAnyFacility: 'No active facility of this customer has an inventory for this year',
  /** A report worker failed (an error in the engine, out of memory, stopped): 503, cause logged. */
  notDrawn: 'The report could not be drawn right now. Try again in a moment.',
  /** Issue 37: a preview's page or explanation asked of lines that changed since its first answer (409). */
  previewChanged: 'The report changed since this preview was drawn. Draw the preview again.',
  previewVersionRequired: 'Version is required',
  previewTableRequired: 'Table is required',
  previewTableUnknown: "The table must be one of the report's tables",
  previewRowRequired: 'Row is required',
  previewRowUnknown: 'Row not found.',
} as const;

export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Issue 36: the reports of every facility of a customer come as one ZIP. */
export const REPORT_ZIP_CONTENT_TYPE = 'application/zip';

/** Issue 11: the `_excel` types and the inventory index are spreadsheets, every other type a PDF. */
export function defaultReportFormat(type: ReportType): ReportFormat {
  return type.endsWith('_excel') || type === 'inventory_index_numeric' ? 'xlsx' : 'pdf';
}

/**
 * Spec 02 §4 "Report form": the report type name, customer name and year with spaces and dots
 * changed to underscores (each one, as the spec says), ending .pdf or .xlsx. The facility's name
 * comes after the customer's (issue 33 point 13: two facilities of one customer must not download
 * under one name and overwrite each other). A slash ("EPCRA 311/312") and the other characters a
 * file system or a header treats specially become underscores too, so the name saves as it reads
 * on every system.
 */
export function reportFileName(
  type: ReportType,
  customerName: string,
  facilityName: string,
  year: number,
  format: ReportFormat,
) {
  return generatedFileName([REPORT_TYPE_NAMES[type], customerName, facilityName, year], format);
}

/**
 * Issue 36: the ZIP of a report type for every facility of a customer, named as a report is
 * (spec 02 §4) with "All facilities" where the facility's name would be.
 */
export function reportZipFileName(type: ReportType, customerName: string, year: number) {
  return generatedFileName([REPORT_TYPE_NAMES[type], customerName, 'All facilities', year], 'zip');
}

/** A year as the form sends it (a number or its digits); anything else is 'Year is required'. */
const YearSchema = z.coerce
  .number({ error: REPORT_MSG.yearRequired })
  .int(REPORT_MSG.yearRequired)
  .min(1, REPORT_MSG.yearRequired)
  .max(9999, REPORT_MSG.yearRequired);

/**
 * The report settings where the rules leave a choice (issue 21, rules §0.1 and §3), with their
 * defaults: SDS percent ranges read at the upper bound for 302, 304 and Tier II (313 follows its
 * own rule: the midpoint), and Tier II testing each mixture as a whole (370.14 mixture option).
 */
export const REPORT_PERCENT_BASIS_LABELS: Record<PercentBasis, string> = {
  upper: 'Upper bound of SDS percent ranges',
  midpoint: 'Midpoint of SDS percent ranges',
};
export const TIER2_OPTIONS = ['mixture', 'component'] as const;
export type Tier2Option = (typeof TIER2_OPTIONS)[number];
export const TIER2_OPTION_LABELS: Record<Tier2Option, string> = {
  mixture: 'Each mixture as a whole',
  component: "Each mixture's hazardous components",
};
export const DEFAULT_REPORT_SETTINGS = {
  percent_basis: 'upper',
  tier2_option: 'mixture',
} as const satisfies {
  percent_basis: PercentBasis;
  tier2_option: Tier2Option;
};

/**
 * The report types whose figures read SDS percent ranges at the chosen point (313 has its own
 * rule); RMP and PSM too, at the upper bound by default (rules §0.1, issue 23).
 */
export function usesPercentBasis(type: ReportType): boolean {
  return (
    type === 'epcra_302' ||
    type === 'epcra_304_cercla' ||
    type === 'epcra_311_312_tier2' ||
    type === 'caa_112r_rmp' ||
    type === 'caa_304_psm'
  );
}

/** `POST /report/generate` and `POST /report/preview` (spec 02 §3, §5); `format` asks for the other file kind. */
/** The facility-year a report, its changes and its Tier II export name. */
export const FACILITY_YEAR_FIELDS = {
  customer_id: recordIdSchema(REPORT_MSG.customerRequired),
  facility_id: recordIdSchema(REPORT_MSG.facilityRequired),
  year: YearSchema,
};

/** The settings a report and its Tier II export read the same way (defaults when omitted). */
export const REPORT_SETTINGS_FIELDS = {
  /** 302, 304, Tier II: where an SDS percent range is read; the upper bound when omitted. */
  percent_basis: z
    .enum(PERCENT_BASES, { error: REPORT_MSG.percentBasisInvalid })
    .nullish()
    .transform((value) => value ?? DEFAULT_REPORT_SETTINGS.percent_basis),
  /** Tier II: each mixture as a whole, or its hazardous components (370.14); the mixture when omitted. */
  tier2_option: z
    .enum(TIER2_OPTIONS, { error: REPORT_MSG.tier2OptionInvalid })
    .nullish()
    .transform((value) => value ?? DEFAULT_REPORT_SETTINGS.tier2_option),
};

export const ReportRequestSchema = z.object({
  type: z.enum(REPORT_TYPES, { error: REPORT_MSG.typeRequired }),
  ...FACILITY_YEAR_FIELDS,
  format: z.enum(REPORT_FORMATS, { error: REPORT_MSG.formatInvalid }).nullish(),
  ...REPORT_SETTINGS_FIELDS,
  encode: EncodeFlagSchema,
});
export type ReportRequest = z.input<typeof ReportRequestSchema>;
export type ReportRequestValues = z.output<typeof ReportRequestSchema>;

/**
 * `POST /report/generate` (issue 36): one facility's report as `ReportRequestSchema` says, or with
 * `all_facilities: true` and no `facility_id` the report of every active facility of the customer
 * with an inventory that year, as one ZIP. A facility named beside `all_facilities: true` is a
 * mistake to report (which one was meant?), not one to ignore.
 */
export const ReportGenerateRequestSchema = z.discriminatedUnion(
  'all_facilities',
  [
    ReportRequestSchema.extend({ all_facilities: z.literal(false).optional() }),
    ReportRequestSchema.omit({ facility_id: true }).extend({
      all_facilities: z.literal(true),
      facility_id: z.null({ error: REPORT_MSG.facilityWithAllFacilities }).optional(),
    }),
  ],
  { error: REPORT_MSG.allFacilitiesInvalid },
);
export type ReportGenerateRequest = z.input<typeof ReportGenerateRequestSchema>;
export type ReportGenerateRequestValues = z.output<typeof ReportGenerateRequestSchema>;
/** The request for every facility of the customer (issue 36). */
export type AllFacilitiesReportRequest = Extract<ReportGenerateRequestValues, { all_facilities: true }>;

/** Spec 02 §3 "Report type list item: type, name"; `available` is false until the engine has the type's rule. */
export const ReportTypeItemSchema = z.object({
  type: z.enum(REPORT_TYPES),
  name: z.string(),
  available: z.boolean(),
});
export type ReportTypeItem = z.infer<typeof ReportTypeItemSchema>;
export const ReportListResponseSchema = z.object({ resource: z.array(ReportTypeItemSchema) });

// The preview: the document every file is drawn from, with each figure's explanation.

/** One line's share of a figure (the engine's Contribution). */
export const ReportContributionSchema = z.object({
  inventory_product_id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  location_stored: z.string(),
  physical_state: z.enum(PHYSICAL_STATES).nullable(),
  /** "Drum 55 gal × 3". */
  container: z.string(),
  line_pounds: z.number(),
  line_gallons: z.number().nullable(),
  pounds_basis: z.string(),
  percent_weight: z.number(),
  /** An SDS percent range and the point the programme took ("30–60%: midpoint"); null for one figure. */
  percent_range: z.string().nullable(),
  pounds_contributed: z.number(),
  is_carcinogen: z.boolean(),
});

/** A component a programme left out, with the reason ("1% ≤ de minimis 1%"). */
export const ReportExclusionSchema = z.object({
  inventory_product_id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  location_stored: z.string(),
  percent_weight: z.number().nullable(),
  reason: z.string(),
});

export const ReportExplanationSchema = z.object({
  /** e.g. "550.44 lb ≥ TPQ 500 lb". */
  rule_text: z.string(),
  contributions: z.array(ReportContributionSchema),
  excluded: z.array(ReportExclusionSchema),
  notes: z.array(z.string()),
  /**
   * Whether the contributing lines, as printed, add up to the row's figure as printed; absent where
   * the layout does not say which figure they add up to (issue 31 point 14).
   */
  rows_add_up: z.boolean().optional(),
});
export type ReportExplanation = z.infer<typeof ReportExplanationSchema>;

/** Data the engine could not use, naming the line to fix. */
export const ReportWarningSchema = z.object({
  code: z.enum(WARNING_CODES),
  severity: z.enum(['warning', 'info']),
  message: z.string(),
  /** null for a warning about a reference list, which names no line. */
  inventory_product_id: z.number().nullable(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  location_stored: z.string(),
  cas_number: z.string().optional(),
  component_name: z.string().optional(),
});
export type ReportWarning = z.infer<typeof ReportWarningSchema>;

/** Lines an information group names, the rest counted only (the PDF prints as many). */
export const INFO_GROUP_SHOWN_LINES = 5;

/**
 * Information warnings of one code and CAS (issue 24): a facility holds thousands of lines whose
 * water is on no list, which nobody reads one by one, so the preview and the PDF say it once
 * with the count of lines and the first few of them.
 */
export const ReportInfoGroupSchema = z.object({
  code: z.enum(WARNING_CODES),
  /** '' where the warnings name no component. */
  cas_number: z.string(),
  /** The first warning's component name ('' for none). */
  component_name: z.string(),
  /** "CAS is on none of the reference lists". */
  message: z.string(),
  /** The group's warnings, one per line and component (a line holding the CAS twice counts twice). */
  count: z.number(),
  /** The first `INFO_GROUP_SHOWN_LINES` warnings' lines, in the engine's order. */
  lines: z.array(
    z.object({ inventory_product_id: z.number(), product_name: z.string(), location_stored: z.string() }),
  ),
});
export type ReportInfoGroup = z.infer<typeof ReportInfoGroupSchema>;

/** The information warnings grouped by code and CAS, in the order each group first appears. */
export function groupInfoWarnings(warnings: readonly ReportWarning[]): ReportInfoGroup[] {
  const groups = new Map<string, ReportInfoGroup>();
  for (const warning of warnings) {
    if (warning.severity !== 'info') continue;
    const cas = warning.cas_number ?? '';
    const key = `${warning.code} ${cas}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        code: warning.code,
        cas_number: cas,
        component_name: warning.component_name ?? '',
        message: infoWarningDetail(warning.code),
        count: 0,
        lines: [],
      };
      groups.set(key, group);
    }
    group.count++;
    // Information warnings are about a line's component; a list warning (no line) is never one.
    if (group.lines.length < INFO_GROUP_SHOWN_LINES && warning.inventory_product_id !== null) {
      group.lines.push({
        inventory_product_id: warning.inventory_product_id,
        product_name: warning.product_name,
        location_stored: warning.location_stored,
      });
    }
  }
  return [...groups.values()];
}

/**
 * How a column's figures are written: pounds and gallons with two decimals, an amount whose unit
 * another column names (the fire code's gal, lb or cu ft) with two decimals, thresholds as the
 * list gives them, percent by weight, a ratio, a count, a Y/N flag or plain text.
 */
export const REPORT_COLUMN_KINDS = [
  'text',
  'pounds',
  'gallons',
  'amount',
  'threshold',
  'percent',
  'ratio',
  'count',
  'flag',
] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;

export const ReportRowSchema = z.object({
  /** One value per column key; numbers stay numbers (the XLSX cells), null is an empty figure. */
  cells: z.record(z.string(), ReportCellSchema),
  /** Whether the row meets its threshold; null where the table tests none (the inventory index). */
  reported: z.boolean().nullable(),
  /** Below the threshold by no more than 10%. */
  near_threshold: z.boolean(),
  /** Lines the report prints under the row besides the contributions (locations, release figures). */
  details: z.array(z.string()),
  /** Where the row's figure came from; null for a row that is no computed figure. */
  explanation: ReportExplanationSchema.nullable(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportTotalSchema = z.object({
  label: z.string(),
  value: z.number(),
  kind: z.enum(REPORT_COLUMN_KINDS),
  /**
   * For a sum: whether the figures it adds, as printed, add up to it as printed; absent for a
   * count or a figure that is no sum of printed rows (issue 31 point 14).
   */
  rows_add_up: z.boolean().optional(),
});
export type ReportTotal = z.infer<typeof ReportTotalSchema>;

export const ReportTableSchema = z.object({
  key: z.string(),
  /** The table's title; the XLSX sheet's name unless `sheet` gives a shorter one. */
  title: z.string(),
  /** The XLSX sheet's name where the title passes Excel's 31 characters. */
  sheet: z.string().max(31).optional(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(ReportRowSchema),
  totals: z.array(ReportTotalSchema),
  /** XLSX: figures as plain numbers with no number format (the fire-code Excel forms, rules §10). */
  plain_numbers: z.boolean().optional(),
});
export type ReportTable = z.infer<typeof ReportTableSchema>;

export const ReportListUsedSchema = z.object({
  list_type: z.enum(REGULATORY_LIST_TYPES),
  /** "EHS list". */
  label: z.string(),
  /** When the list in use was uploaded (ISO); null when none was. */
  uploaded_at: z.string().nullable(),
});

/**
 * Lines no person has confirmed this year (issue 22 §5), one group per worklist of the inventory's
 * line list, which the preview links to; the header and warnings print the same groups as text.
 */
export const ReportUnverifiedSchema = z.object({
  code: z.enum(UNVERIFIED_CODES),
  worklist: z.enum(INVENTORY_PRODUCT_WORKLISTS),
  count: z.number(),
  /** "3 lines carried over from 2025 not yet checked", "1 open question". */
  text: z.string(),
  lines: z.array(
    z.object({ inventory_product_id: z.number(), product_name: z.string(), location_stored: z.string() }),
  ),
});
export type ReportUnverified = z.infer<typeof ReportUnverifiedSchema>;

/**
 * `GET /report/changes?type=&customer_id=&facility_id=&year=` (issue 36): what changed in the
 * facility's chemicals since its previous inventory. `type` names the report the reviewer is
 * about to sign; the comparison is the same chemical list (the Tier II rows) for every type.
 */
export const ReportChangesQuerySchema = z.object({
  type: z.enum(REPORT_TYPES, { error: REPORT_MSG.typeRequired }),
  ...FACILITY_YEAR_FIELDS,
});
export type ReportChangesQuery = z.input<typeof ReportChangesQuerySchema>;
export type ReportChangesQueryValues = z.output<typeof ReportChangesQuerySchema>;

const ChangedChemicalSchema = z.object({
  cas_number: z.string().nullable(),
  name: z.string(),
  max_amount_code: z.string(),
  reported_on_tier2: z.enum(COVERAGES),
});

export const ReportChangesSchema = z.object({
  /** The latest earlier year with an inventory of the facility; null when there is none (nothing to compare). */
  previous_year: z.number().nullable(),
  added: z.array(ChangedChemicalSchema),
  removed: z.array(ChangedChemicalSchema),
  changed: z.array(
    z.object({
      cas_number: z.string().nullable(),
      name: z.string(),
      field: z.enum(CHANGE_FIELDS),
      /** The field as a reviewer reads it ("Reported on Tier II", "Maximum amount code"). */
      label: z.string(),
      before: z.string(),
      after: z.string(),
    }),
  ),
});
export type ReportChanges = z.infer<typeof ReportChangesSchema>;
export const ReportChangesResponseSchema = z.object({ resource: ReportChangesSchema });

/** The compared fields' names as the changes list prints them. */
export const CHANGE_FIELD_LABELS: Record<(typeof CHANGE_FIELDS)[number], string> = {
  max_amount_code: 'Maximum amount code',
  average_amount_code: 'Average amount code',
  days_on_site: 'Days on site',
  locations: 'Storage locations',
  hazard_categories: 'Hazard categories',
  is_ehs: 'EHS',
  covered_tier2: CHANGE_PROGRAMME_LABELS.tier2,
  covered_epcra_302: CHANGE_PROGRAMME_LABELS.epcra_302,
  covered_epcra_313: CHANGE_PROGRAMME_LABELS.epcra_313,
  covered_rmp: CHANGE_PROGRAMME_LABELS.rmp,
  covered_psm: CHANGE_PROGRAMME_LABELS.psm,
};

/**
 * The changes as the Tier II PDF, its spreadsheet and the preview word them (issue 36), one place
 * for the three. A first year prints its heading and `NO_EARLIER_INVENTORY_LINE` rather than
 * nothing: a missing section would read the same as a report drawn before the comparison existed.
 */
export function yearChangesHeading(changes: Pick<ReportChanges, 'previous_year'>): string {
  return changes.previous_year === null
    ? 'Changes since last year'
    : `Changes since ${changes.previous_year}`;
}

export const NO_EARLIER_INVENTORY_LINE = 'No earlier inventory to compare with.';

/**
 * Decision 034: both years are read at the report defaults so they compare on one reading; a
 * report drawn with other settings can show other codes in its table, so the section says so.
 */
export const YEAR_CHANGES_BASIS_LINE = `Both years read at the default settings (${lowerFirst(
  REPORT_PERCENT_BASIS_LABELS[DEFAULT_REPORT_SETTINGS.percent_basis],
)}; ${lowerFirst(TIER2_OPTION_LABELS[DEFAULT_REPORT_SETTINGS.tier2_option])}).`;

/** A label inside a sentence: "Upper bound of SDS…" → "upper bound of SDS…" (SDS stays capitals). */
function lowerFirst(label: string): string {
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

const YEAR_CHANGE_GROUPS = ['added', 'removed', 'changed'] as const;
export type YearChangeGroup = (typeof YEAR_CHANGE_GROUPS)[number];
export const YEAR_CHANGE_GROUP_LABELS: Record<YearChangeGroup, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

/** A compared value as printed: an empty one (no storage location, no hazard category) says so. */
export function yearChangeValue(value: string): string {
  return value === '' ? '(none)' : value;
}

/** "Xylene 1330-20-7": the chemical as the changes name it (a row without a CAS by its name alone). */
function changedChemicalName(chemical: { name: string; cas_number: string | null }): string {
  return chemical.cas_number ? `${chemical.name} ${chemical.cas_number}` : chemical.name;
}

/** An added or removed chemical: "Xylene 1330-20-7: Maximum amount code: 03; Reported on Tier II: not covered". */
export function addedOrRemovedLine(chemical: ReportChanges['added'][number]): string {
  return (
    `${changedChemicalName(chemical)}: ${CHANGE_FIELD_LABELS.max_amount_code}: ${yearChangeValue(chemical.max_amount_code)}; ` +
    `${CHANGE_FIELD_LABELS.covered_tier2}: ${chemical.reported_on_tier2}`
  );
}

/** A field that moved, with the API's label: "Acetone 67-64-1: Maximum amount code: 04 → 05". */
export function changedFieldLine(change: ReportChanges['changed'][number]): string {
  return `${changedChemicalName(change)}: ${change.label}: ${yearChangeValue(change.before)} → ${yearChangeValue(change.after)}`;
}

/** What an empty group prints under its heading. */
export const NO_YEAR_CHANGES_LINE = 'None.';

/**
 * The three groups as the PDF and the preview print them, in order, each printed even when empty
 * ("None." under it): its heading with its count ("Added (1)"), and a line per chemical added or
 * removed and per field changed.
 */
export function yearChangeGroups(
  changes: ReportChanges,
): { group: YearChangeGroup; heading: string; lines: string[] }[] {
  return YEAR_CHANGE_GROUPS.map((group) => {
    const lines =
      group === 'changed' ? changes.changed.map(changedFieldLine) : changes[group].map(addedOrRemovedLine);
    return { group, heading: `${YEAR_CHANGE_GROUP_LABELS[group]} (${lines.length})`, lines };
  });
}

export const ReportDocumentSchema = z.object({
  type: z.enum(REPORT_TYPES),
  /** The spec's name of the type. */
  name: z.string(),
  /** The programme's title, with "(screening)" where a figure stands in for data the rule needs. */
  title: z.string(),
  customer: z.object({ id: z.number(), name: z.string() }),
  facility: z.object({ id: z.number(), name: z.string(), address: z.string() }),
  year: z.number(),
  inventory_id: z.number(),
  /** ISO timestamp. */
  generated_at: z.string(),
  is_screening: z.boolean(),
  /**
   * Whether the programme covers the facility, from its rows' verdicts (`compliance.reportCoverage`):
   * null for a listing, which tests no threshold.
   */
  coverage: z.enum(COVERAGES).nullable(),
  /** The rule applied, one paragraph. */
  rule: z.string(),
  /**
   * What the header prints besides the facility: the report settings used (percent basis, Tier II
   * option) and the facts a rule asks for (302's emergency coordinator), as label and value.
   */
  header: z.array(z.object({ label: z.string(), value: z.string() })),
  notes: z.array(z.string()),
  lists_used: z.array(ReportListUsedSchema),
  /** Empty when every line is confirmed. */
  unverified: z.array(ReportUnverifiedSchema),
  tables: z.array(ReportTableSchema),
  warnings: z.array(ReportWarningSchema),
  /**
   * A Tier II file's "Changes since {year}" section (issue 36): `GET /report/changes`'s answer,
   * computed by the service for Tier II files only. Absent from other types and from the preview
   * (the screen asks `GET /report/changes` itself, so a preview costs no second year's engine run).
   */
  changes: ReportChangesSchema.optional(),
});
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;

/**
 * A figure as every report shows it, in the PDF and in the preview alike: two decimals for
 * pounds and gallons, flags Y/N, 'N/A' for an empty figure (an empty text stays empty).
 */
export function formatReportCell(value: ReportCell | undefined, kind: ReportColumnKind): string {
  if (value === null || value === undefined) return kind === 'text' ? '' : NOT_AVAILABLE;
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'pounds':
    case 'gallons':
    case 'amount':
      return formatPounds(value);
    case 'percent':
      return formatPercent(value);
    case 'ratio':
      return value.toFixed(2);
    case 'count':
      return String(Math.round(value));
    default:
      return formatThreshold(value);
  }
}
