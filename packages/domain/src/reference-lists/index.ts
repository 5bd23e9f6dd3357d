import { z } from 'zod';
import { StoredFileSchema } from '../files/index.ts';
import { REGULATORY_LIST_TYPES, type RegulatoryListType } from '../shared/enums.ts';
import { EncodeFlagSchema, optionalTextSchema } from '../shared/fields.ts';
import { ListMetaSchema, makeListQuerySchema } from '../shared/list.ts';

/**
 * The reference database (spec 02 §2 "/database", "/database/{type}", "Reference database
 * lists"; §3 "Database entry", "Regulatory entry"; §7): one uploaded EPA/OSHA list per type, its
 * entries, and what an upload changed.
 */

export const REFERENCE_LIST_TYPE_LABEL = (type: RegulatoryListType) => type.toUpperCase();

export const REFERENCE_LIST_MSG = {
  typeInvalid: `The type must be one of: ${REGULATORY_LIST_TYPES.join(', ')}`,
  fileRequired: 'The uploaded file is required',
  filepathMax: 'The file path must be less than 200 characters',
  originalNameMax: 'The original name must be less than 255 characters',
  nameMax: 'The name must be less than 255 characters',
  /** The file named by the body is not a reference list upload (never uploaded, or a PDF). */
  fileUnknown: 'The uploaded file was not found: upload it again.',
  /** The 422 of a file that does not parse; `errors.file` lists the row problems. */
  parseFailed: (type: RegulatoryListType) =>
    `The file could not be read as the ${REFERENCE_LIST_TYPE_LABEL(type)} list; nothing was changed.`,
  /** The create answer's notice: the type and what changed (`describeChangeSummary`). */
  created: (type: RegulatoryListType, changes: string) =>
    `${REFERENCE_LIST_TYPE_LABEL(type)} list uploaded successfully: ${changes}`,
  /** The dry run's answer: what the upload would change, with nothing written. */
  dryRun: (type: RegulatoryListType, changes: string) =>
    `Nothing was changed yet. Replacing the ${REFERENCE_LIST_TYPE_LABEL(type)} list with this file: ${changes}`,
  dryRunInvalid: 'dry_run must be 1, true, 0 or false',
  /** Rows kept without a CAS number: the engine matches products by CAS, so they never match. */
  noCas: (count: number) =>
    `${count} ${count === 1 ? 'row has' : 'rows have'} no CAS number and can never match a product`,
} as const;

export const DbEntryTypeParamSchema = z.object({
  type: z.enum(REGULATORY_LIST_TYPES, { error: REFERENCE_LIST_MSG.typeInvalid }),
});
export type DbEntryTypeParam = z.infer<typeof DbEntryTypeParamSchema>;

/** `POST /db-entry/create` (spec 02 §3): the list's type, a display name and the upload's answer. */
export const CreateDbEntryRequestSchema = z.object({
  type: z.enum(REGULATORY_LIST_TYPES, { error: REFERENCE_LIST_MSG.typeInvalid }),
  /** The File Name the entry table shows; the upload's original name when empty. */
  name: optionalTextSchema(255, REFERENCE_LIST_MSG.nameMax).optional(),
  db_entry: z.object(
    {
      filepath: z
        .string({ error: REFERENCE_LIST_MSG.fileRequired })
        .trim()
        .min(1, REFERENCE_LIST_MSG.fileRequired)
        .max(200, REFERENCE_LIST_MSG.filepathMax),
      original_name: optionalTextSchema(255, REFERENCE_LIST_MSG.originalNameMax).optional(),
    },
    { error: REFERENCE_LIST_MSG.fileRequired },
  ),
  encode: EncodeFlagSchema,
});
export type CreateDbEntryRequest = z.input<typeof CreateDbEntryRequestSchema>;
export type CreateDbEntry = z.infer<typeof CreateDbEntryRequestSchema>;

/**
 * `POST /db-entry/create?dry_run=1` (issue 22): answer what the upload would change and write
 * nothing, so the admin confirms a replacement before it happens.
 */
export const CreateDbEntryQuerySchema = z.object({
  dry_run: z
    .enum(['1', 'true', '0', 'false'], { error: REFERENCE_LIST_MSG.dryRunInvalid })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
export type CreateDbEntryQuery = z.infer<typeof CreateDbEntryQuerySchema>;

/** An uploaded list as the entry table shows it: one row per type, uploaded or not. */
export const DbEntryUploadSchema = z.object({
  id: z.number(),
  name: z.string(),
  updated_at: z.string(),
  uploaded_by: z.string().nullable(),
  /** The seed's partial sample of the list (decision 029), until an admin uploads one. */
  is_sample: z.boolean(),
  file: StoredFileSchema.nullable(),
});
export type DbEntryUpload = z.infer<typeof DbEntryUploadSchema>;

export const DbEntryRowSchema = z.object({
  type: z.enum(REGULATORY_LIST_TYPES),
  /** The last upload's file name, or null before the first. */
  name: z.string().nullable(),
  updated_at: z.string().nullable(),
  row_count: z.number(),
  current: DbEntryUploadSchema.nullable(),
  /** The upload before it, whose original file stays downloadable. */
  previous: DbEntryUploadSchema.nullable(),
});
export type DbEntryRow = z.infer<typeof DbEntryRowSchema>;

/** `GET /db-entry/list`: every type, not paged (spec 02 §9). */
export const DbEntryListResponseSchema = z.object({
  resource: z.object({ items: z.array(DbEntryRowSchema) }),
});
export type DbEntryListResponse = z.infer<typeof DbEntryListResponseSchema>;

/** RMP (40 CFR 68.130): Table 1 toxics or Table 3 flammables; '' when the list does not say. */
export const SUBSTANCE_KINDS = ['toxic', 'flammable'] as const;

/** One entry of a reference list, as parsed from a file and as the data tables show it. */
export const RegulatoryEntryValuesSchema = z.object({
  chemical_name: z.string(),
  /** Hyphenated CAS number; '' for a category entry or a chemical listed without one. */
  cas_number: z.string(),
  /** A TRI category code such as N230, in place of a CAS number. */
  category: z.string(),
  condition: z.string(),
  threshold_quantity_lbs: z.number().nullable(),
  /** The second figure of a dual EHS TPQ ("500/10,000" → 10000): the solid's default TPQ. */
  threshold_quantity_upper_lbs: z.number().nullable(),
  /** The TPQ as the list writes it ("500/10,000"). */
  tpq_text: z.string(),
  final_reportable_quantity_lb: z.number().nullable(),
  substance_kind: z.union([z.enum(SUBSTANCE_KINDS), z.literal('')]),
  /** The concentration the listing applies from (PSM listed concentration, RMP "conc 20% or greater"). */
  min_concentration_pct: z.number().nullable(),
  /** 313 de minimis percent (1 or 0.1) where the list gives one. */
  de_minimis_pct: z.number().nullable(),
  is_pbt: z.boolean(),
  /** 313: a PFAS listing (a chemical of special concern): 100 lb, no de minimis, no Form A. */
  is_pfas: z.boolean(),
  /** The list's note or footnote (EHS "a": a reactive solid that never takes the 10,000 lb TPQ). */
  note: z.string(),
  /**
   * RMP: other CAS numbers counted under this listing, comma-separated (ammonium hydroxide
   * 1336-21-6 under ammonia conc 20% or greater, rules §8). Optional on input so files and
   * clients without the column parse; '' when the list gives none.
   */
  alias_cas_numbers: z.string().optional().default(''),
});
export type RegulatoryEntryValues = z.infer<typeof RegulatoryEntryValuesSchema>;

export const RegulatoryEntryResourceSchema = RegulatoryEntryValuesSchema.extend({ id: z.number() });
export type RegulatoryEntryResource = z.infer<typeof RegulatoryEntryResourceSchema>;

/** Every column of a data table sorts (spec 02 §2). */
export const REGULATORY_ENTRY_ORDER_KEYS = [
  'chemical_name',
  'cas_number',
  'category',
  'condition',
  'threshold_quantity_lbs',
  'final_reportable_quantity_lb',
  'tpq_text',
  'substance_kind',
  'min_concentration_pct',
  'de_minimis_pct',
  'is_pbt',
  'is_pfas',
  'note',
] as const;
export type RegulatoryEntryOrderKey = (typeof REGULATORY_ENTRY_ORDER_KEYS)[number];

export const RegulatoryEntryListQuerySchema = makeListQuerySchema(REGULATORY_ENTRY_ORDER_KEYS).omit({
  status: true,
});
export type RegulatoryEntryListQuery = z.infer<typeof RegulatoryEntryListQuerySchema>;

/** Who uploaded the list and when (spec 02 §3: lastUploadInfo.updated_at, user.profile.full_name). */
export const LastUploadInfoSchema = z.object({
  updated_at: z.string(),
  user: z.object({ profile: z.object({ full_name: z.string() }) }).nullable(),
});
export type LastUploadInfo = z.infer<typeof LastUploadInfoSchema>;

export const RegulatoryEntryListResponseSchema = z.object({
  resource: z.object({
    items: z.array(RegulatoryEntryResourceSchema),
    meta: ListMetaSchema,
    lastUploadInfo: LastUploadInfoSchema.nullable(),
  }),
});
export type RegulatoryEntryListResponse = z.infer<typeof RegulatoryEntryListResponseSchema>;

/** A row of the change summary, named by CAS (or category) and condition. */
export const ChangedEntrySchema = z.object({
  chemical_name: z.string(),
  cas_number: z.string(),
  category: z.string(),
  condition: z.string(),
  /** For a changed row: which fields, as "field: before → after". */
  changes: z.array(z.string()),
});
export type ChangedEntry = z.infer<typeof ChangedEntrySchema>;

/** What an upload changed against the list of that type before it. */
export const ChangeSummarySchema = z.object({
  type: z.enum(REGULATORY_LIST_TYPES),
  total: z.number(),
  previous_total: z.number(),
  added_count: z.number(),
  removed_count: z.number(),
  changed_count: z.number(),
  unchanged_count: z.number(),
  /** The first rows of each kind (the counts say how many there are). */
  added: z.array(ChangedEntrySchema),
  removed: z.array(ChangedEntrySchema),
  changed: z.array(ChangedEntrySchema),
  /** Rows kept with a doubt (a CAS number failing its check digit), as "Row N: …". */
  warnings: z.array(z.string()),
  warning_count: z.number(),
  /** Rows kept without a CAS number (a category, "Varies", an empty cell): they never match a product. */
  no_cas_count: z.number(),
  /** The file's row numbers of the first of them. */
  no_cas_rows: z.array(z.number()),
});
export type ChangeSummary = z.infer<typeof ChangeSummarySchema>;

export const DbEntryCreateResponseSchema = z.object({
  message: z.string(),
  resource: z.object({ entry: DbEntryRowSchema, summary: ChangeSummarySchema }),
});
export type DbEntryCreateResponse = z.infer<typeof DbEntryCreateResponseSchema>;

/** The dry run's answer (200): the summary the replacement would answer, nothing written. */
export const DbEntryDryRunResponseSchema = z.object({
  message: z.string(),
  resource: z.object({ dry_run: z.literal(true), summary: ChangeSummarySchema }),
});
export type DbEntryDryRunResponse = z.infer<typeof DbEntryDryRunResponseSchema>;

/**
 * The admin's home line (issue 33 point 1, decision 029): which lists are still the seed's partial
 * samples; '' when none is.
 */
export function sampleListsNotice(rows: readonly DbEntryRow[]): string {
  const samples = rows
    .filter((row) => row.current?.is_sample)
    .map((row) => REFERENCE_LIST_TYPE_LABEL(row.type));
  if (samples.length === 0) return '';
  const lists = samples.length === 1 ? `${samples[0]} list is` : `${samples.join(', ')} lists are`;
  return `Reference lists: the ${lists} still a partial sample. Reports built on a sample say so; upload the current official lists on Database Entry before filing.`;
}

/** The change summary in one line, for the upload notice. */
export function describeChangeSummary(summary: ChangeSummary): string {
  const parts = [
    `${summary.added_count} added`,
    `${summary.removed_count} removed`,
    `${summary.changed_count} changed`,
  ];
  const warnings =
    summary.warning_count > 0
      ? `; ${summary.warning_count} ${summary.warning_count === 1 ? 'warning' : 'warnings'}`
      : '';
  const noCas = summary.no_cas_count > 0 ? `; ${REFERENCE_LIST_MSG.noCas(summary.no_cas_count)}` : '';
  return `${summary.total} rows: ${parts.join(', ')}${warnings}${noCas}`;
}
