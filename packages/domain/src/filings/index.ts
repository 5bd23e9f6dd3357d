import { z } from 'zod';
import { REPORT_TYPES } from '../shared/enums.ts';
import { optionalIsoDateSchema, recordIdSchema } from '../shared/fields.ts';
import { makeListResponseSchema } from '../shared/list.ts';

/**
 * Filing status (issue 36): per facility-year, what is due when, what was generated and what was
 * filed. The due dates are the rules' (regulatory-rules.md §3 Tier II "due 1 March for the
 * previous calendar year", §6 TRI "annual reports due 1 July", §7 SPCC plan review at least once
 * every five years, 40 CFR 112.5(b), §1 EPCRA 302 "notify SERC/LEPC within 60 days after the EHS
 * first becomes present at/above TPQ"); a filing is marked by hand with how and a confirmation number.
 */

export const FILING_OBLIGATIONS = ['tier2', 'tri_form_r', 'spcc_review', 'epcra_302'] as const;
export type FilingObligation = (typeof FILING_OBLIGATIONS)[number];

export const FILING_OBLIGATION_LABELS: Record<FilingObligation, string> = {
  tier2: 'Tier II (EPCRA 311/312)',
  tri_form_r: 'TRI Form R (EPCRA 313)',
  spcc_review: 'SPCC plan review',
  epcra_302: 'EPCRA 302 notification',
};

/** The report types whose generation is shown beside an obligation (the file that was filed). */
export const FILING_REPORT_TYPES: Record<FilingObligation, readonly (typeof REPORT_TYPES)[number][]> = {
  tier2: ['epcra_311_312_tier2'],
  tri_form_r: ['epcra_313_manufactured', 'epcra_313_processed', 'epcra_313_otherwise_used'],
  spcc_review: ['spcc_plan'],
  epcra_302: ['epcra_302'],
};

export const FILING_METHODS = ['portal', 't2s', 'paper'] as const;
export type FilingMethod = (typeof FILING_METHODS)[number];
export const FILING_METHOD_LABELS: Record<FilingMethod, string> = {
  portal: 'State portal',
  t2s: '.t2s file',
  paper: 'Paper',
};

/**
 * Where a filing stands: late in red, then those whose due date cannot be known yet (a 302
 * notification without the day the EHS arrived: it may be late already), due within the window,
 * later ones, filed last.
 */
export const FILING_STATUSES = ['late', 'undated', 'due', 'upcoming', 'filed'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];
export const FILING_STATUS_LABELS: Record<FilingStatus, string> = {
  late: 'Late',
  undated: 'Due date unknown',
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
/** EPCRA 302 (rules §1): the SERC and LEPC are notified within 60 days after an EHS first reaches its TPQ. */
export const EPCRA_302_NOTIFICATION_DAYS = 60;

export const FILING_MSG = {
  filedOnRequired: 'Filed on is required',
  filedOnInvalid: 'Filed on must be a valid date',
  filedOnFuture: 'Filed on cannot be in the future',
  methodRequired: "How it was filed must be 'portal', 't2s' or 'paper'",
  obligationRequired: "Filing must be 'tier2', 'tri_form_r', 'spcc_review' or 'epcra_302'",
  confirmationTooLong: 'The confirmation number may not be greater than 100 characters',
  alreadyFiled: 'This filing is already marked as filed.',
  notFound: 'Filing not found.',
  marked: 'Filing marked as filed successfully',
  unmarked: 'Filing mark removed successfully',
  inventoryRequired: 'The inventory id must be a positive whole number.',
  dueMonthInvalid: 'Due month must be a month as YYYY-MM',
  /** A 302 row without the day the EHS arrived: what to record instead of a due date. */
  ehsDayMissing: (year: number) =>
    `Due 60 days after an EHS first reached its TPQ: enter that day as "EHS first at or above TPQ on" on the ${year} inventory.`,
} as const;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(Date.UTC(y, m - 1, d + days)));
}

/** What a due date rests on besides the obligation and the year. */
export interface FilingDueFacts {
  /** The latest SPCC review marked in an earlier year of the facility. */
  lastSpccReview: string | null;
  /** The inventory's day an EHS first reached its TPQ. */
  ehsFirstPresentOn: string | null;
}

/**
 * When a facility-year's obligation is due: Tier II on 1 March and TRI on 1 July of the year after
 * the inventory year; an SPCC review five years after the last review marked (the same day), or,
 * when none is marked yet, at the end of the inventory year (a plan nobody recorded is due now);
 * the 302 notification 60 days after the EHS first reached its TPQ, or null while that day is not
 * recorded (a due date invented from the year could be months off either way).
 */
export function filingDueDate(
  obligation: FilingObligation,
  year: number,
  facts: FilingDueFacts,
): string | null {
  const { lastSpccReview } = facts;
  switch (obligation) {
    case 'epcra_302':
      return facts.ehsFirstPresentOn === null
        ? null
        : addDays(facts.ehsFirstPresentOn, EPCRA_302_NOTIFICATION_DAYS);
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

/**
 * Late when the due date has passed unfiled; undated without one; due when it falls within the
 * window; filed when marked.
 */
export function filingStatus(dueOn: string | null, isFiled: boolean, today: string): FilingStatus {
  if (isFiled) return 'filed';
  if (dueOn === null) return 'undated';
  if (dueOn < today) return 'late';
  return dueOn <= addDays(today, FILING_DUE_WINDOW_DAYS) ? 'due' : 'upcoming';
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
  /** yyyy-MM-dd; null when the date it runs from is not recorded (`missing` says which). */
  due_on: z.string().nullable(),
  /** What the due date needs and the app does not hold; null when the date is known. */
  missing: z.string().nullable(),
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
