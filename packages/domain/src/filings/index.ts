import { z } from 'zod';
import { REPORT_TYPES } from '../shared/enums.ts';
import { optionalIsoDateSchema, recordIdSchema } from '../shared/fields.ts';
import { makeListResponseSchema } from '../shared/list.ts';

/**
 * Filing status (issue 36): per facility-year, what is due when, what was generated and what was
 * filed. The due dates are the rules' (regulatory-rules.md §3 Tier II "due 1 March for the
 * previous calendar year", §6 TRI "annual reports due 1 July", §7 SPCC plan review at least once
 * every five years, 40 CFR 112.5(b)); a filing is marked by hand with how and a confirmation number.
 */

export const FILING_OBLIGATIONS = ['tier2', 'tri_form_r', 'spcc_review'] as const;
export type FilingObligation = (typeof FILING_OBLIGATIONS)[number];

export const FILING_OBLIGATION_LABELS: Record<FilingObligation, string> = {
  tier2: 'Tier II (EPCRA 311/312)',
  tri_form_r: 'TRI Form R (EPCRA 313)',
  spcc_review: 'SPCC plan review',
};

/** The report types whose generation is shown beside an obligation (the file that was filed). */
export const FILING_REPORT_TYPES: Record<FilingObligation, readonly (typeof REPORT_TYPES)[number][]> = {
  tier2: ['epcra_311_312_tier2'],
  tri_form_r: ['epcra_313_manufactured', 'epcra_313_processed', 'epcra_313_otherwise_used'],
  spcc_review: ['spcc_plan'],
};

export const FILING_METHODS = ['portal', 't2s', 'paper'] as const;
export type FilingMethod = (typeof FILING_METHODS)[number];
export const FILING_METHOD_LABELS: Record<FilingMethod, string> = {
  portal: 'State portal',
  t2s: '.t2s file',
  paper: 'Paper',
};

/** Where a filing stands: late in red, due within the window first, then later ones, filed last. */
export const FILING_STATUSES = ['late', 'due', 'upcoming', 'filed'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];
export const FILING_STATUS_LABELS: Record<FilingStatus, string> = {
  late: 'Late',
  due: 'Due within 60 days',
  upcoming: 'Upcoming',
  filed: 'Filed',
};
/** The list's status filter: 'open' (not filed: the default, the due list), one status, or 'all'. */
export const FILING_STATUS_FILTERS = ['open', ...FILING_STATUSES, 'all'] as const;
export type FilingStatusFilter = (typeof FILING_STATUS_FILTERS)[number];

/** "What is due in the next 60 days first" (issue 36). */
export const FILING_DUE_WINDOW_DAYS = 60;
/** 40 CFR 112.5(b): the owner or operator reviews the SPCC plan at least once every five years. */
export const SPCC_REVIEW_YEARS = 5;

export const FILING_MSG = {
  filedOnRequired: 'Filed on is required',
  filedOnInvalid: 'Filed on must be a valid date',
  filedOnFuture: 'Filed on cannot be in the future',
  methodRequired: "How it was filed must be 'portal', 't2s' or 'paper'",
  obligationRequired: "Filing must be 'tier2', 'tri_form_r' or 'spcc_review'",
  confirmationTooLong: 'The confirmation number may not be greater than 100 characters',
  alreadyFiled: 'This filing is already marked as filed.',
  notFound: 'Filing not found.',
  marked: 'Filing marked as filed successfully',
  unmarked: 'Filing mark removed successfully',
  inventoryRequired: 'The inventory id must be a positive whole number.',
  dueMonthInvalid: 'Due month must be a month as YYYY-MM',
} as const;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * When a facility-year's obligation is due: Tier II on 1 March and TRI on 1 July of the year after
 * the inventory year; an SPCC review five years after the last review marked (the same day), or,
 * when none is marked yet, at the end of the inventory year (a plan nobody recorded is due now).
 */
export function filingDueDate(
  obligation: FilingObligation,
  year: number,
  lastSpccReview: string | null,
): string {
  switch (obligation) {
    case 'tier2':
      return `${year + 1}-03-01`;
    case 'tri_form_r':
      return `${year + 1}-07-01`;
    case 'spcc_review': {
      if (!lastSpccReview) return `${year}-12-31`;
      const [y, m, d] = lastSpccReview.split('-').map(Number) as [number, number, number];
      // 29 February five years on is 1 March: Date.UTC rolls the day over.
      return isoDay(new Date(Date.UTC(y + SPCC_REVIEW_YEARS, m - 1, d)));
    }
  }
}

/** Late when the due date has passed unfiled; due when it falls within the window; filed when marked. */
export function filingStatus(dueOn: string, isFiled: boolean, today: string): FilingStatus {
  if (isFiled) return 'filed';
  if (dueOn < today) return 'late';
  const windowEnd = new Date(`${today}T00:00:00Z`);
  windowEnd.setUTCDate(windowEnd.getUTCDate() + FILING_DUE_WINDOW_DAYS);
  return dueOn <= isoDay(windowEnd) ? 'due' : 'upcoming';
}

export const FilingListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'The page must be at least 1').default(1),
  ipp: z.coerce
    .number()
    .int()
    .min(1, 'The items per page must be at least 1')
    .max(100, 'The items per page may not be greater than 100')
    .default(25),
  customer_id: recordIdSchema('The customer id must be a positive whole number.').optional(),
  /** The facility's US state (two letters), as the facility's address gives it. */
  state: z
    .string()
    .trim()
    .max(2, 'State must be a two-letter code')
    .transform((value) => value.toUpperCase())
    .optional(),
  due_month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, FILING_MSG.dueMonthInvalid)
    .optional(),
  status: z.union([z.enum(FILING_STATUS_FILTERS), z.literal('')]).optional(),
});
export type FilingListQuery = z.input<typeof FilingListQuerySchema>;
export type FilingListQueryValues = z.output<typeof FilingListQuerySchema>;

export const FilingReportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  format: z.string(),
  generated_at: z.string(),
  generated_by: z.string().nullable(),
  /** The inventory's lines changed after this file was drawn: it no longer shows them. */
  inventory_changed_since: z.boolean(),
  percent_basis: z.string().nullable(),
  tier2_option: z.string().nullable(),
});

export const FilingItemSchema = z.object({
  /** `{inventory_id}-{obligation}`: one row per facility-year and obligation. */
  key: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  facility_id: z.number(),
  facility_name: z.string(),
  facility_state: z.string(),
  year: z.number(),
  inventory_id: z.number(),
  inventory_completed: z.boolean(),
  obligation: z.enum(FILING_OBLIGATIONS),
  obligation_label: z.string(),
  due_on: z.string(),
  status: z.enum(FILING_STATUSES),
  filing: z
    .object({
      id: z.number(),
      filed_on: z.string(),
      method: z.enum(FILING_METHODS),
      confirmation_number: z.string(),
      filed_by: z.string().nullable(),
    })
    .nullable(),
  /** The newest generation of each of the obligation's report types, newest first. */
  reports: z.array(FilingReportSchema),
});
export type FilingItem = z.infer<typeof FilingItemSchema>;
export const FilingListResponseSchema = makeListResponseSchema(FilingItemSchema);

export const MarkFiledRequestSchema = z.object({
  inventory_id: recordIdSchema(FILING_MSG.inventoryRequired),
  obligation: z.enum(FILING_OBLIGATIONS, { error: FILING_MSG.obligationRequired }),
  filed_on: optionalIsoDateSchema(FILING_MSG.filedOnInvalid)
    .refine((value) => value !== null, { message: FILING_MSG.filedOnRequired })
    .transform((value) => value ?? ''),
  method: z.enum(FILING_METHODS, { error: FILING_MSG.methodRequired }),
  confirmation_number: z
    .string()
    .trim()
    .max(100, FILING_MSG.confirmationTooLong)
    .nullish()
    .transform((value) => value ?? ''),
});
export type MarkFiledRequest = z.input<typeof MarkFiledRequestSchema>;
export type MarkFiled = z.output<typeof MarkFiledRequestSchema>;

export const FilingResponseSchema = z.object({
  message: z.string(),
  resource: z.object({ id: z.number() }),
});
