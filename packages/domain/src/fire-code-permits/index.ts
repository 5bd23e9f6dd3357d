import { z } from 'zod';
import {
  FIRE_CODE_FORMS,
  FIRE_CODE_HAZARD_CLASSES,
  FIRE_CODE_PERMIT_GROUPS,
  FIRE_CODE_PLACES,
  type FireCodePermitGroup,
} from '../products/fire-code-classes.ts';
import { decimalSchema, EncodeFlagSchema, recordIdSchema } from '../shared/fields.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

/**
 * The fire-code permit amounts area (rules §10, issue 23): the table the permit report compares
 * with, seeded from the rules document and adjusted by an admin (jurisdictions amend it). Small on
 * purpose: a list of every class, form and place, and an edit of one amount.
 */
export const PERMIT_AMOUNT_MSG = {
  notFound: 'Permit amount not found.',
  idInvalid: 'The permit amount id must be a positive whole number.',
  updated: 'Permit amount updated successfully',
  label: 'Permit Amount',
} as const;

/** An amount of up to 10 whole digits and 4 decimals, 0 for "any amount"; empty or null for "no amount". */
export const PermitAmountValueSchema = decimalSchema(PERMIT_AMOUNT_MSG.label, 4, 9_999_999_999);

export const UpdatePermitAmountRequestSchema = z.object({
  amount: PermitAmountValueSchema.transform((value) => value ?? null),
  ...READ_VERSION_FIELD,
  encode: EncodeFlagSchema,
});
export type UpdatePermitAmountRequest = z.input<typeof UpdatePermitAmountRequestSchema>;
export type UpdatePermitAmount = z.output<typeof UpdatePermitAmountRequestSchema>;

export const PermitAmountParamsSchema = z.object({ id: recordIdSchema(PERMIT_AMOUNT_MSG.idInvalid) });

/** The permit groups as an enum object (z.enum reads one). */
const PERMIT_GROUP_ENUM = Object.fromEntries(
  FIRE_CODE_PERMIT_GROUPS.map((group) => [group, group]),
) as Record<FireCodePermitGroup, FireCodePermitGroup>;

export const PermitAmountResourceSchema = z.object({
  id: z.number(),
  /** The row's group: Class I (IA, IB, IC), Classes II and IIIA, or one class of its own (issue 31). */
  permit_group: z.enum(PERMIT_GROUP_ENUM),
  /** The classes the row covers. */
  classes: z.array(z.enum(FIRE_CODE_HAZARD_CLASSES)),
  /** "Flammable liquid Class I (IA, IB, IC)", "Corrosive". */
  class_label: z.string(),
  form: z.enum(FIRE_CODE_FORMS),
  place: z.enum(FIRE_CODE_PLACES),
  /** gal, lb or cu ft (at NTP). */
  unit: z.string(),
  /** A permit is required above it; 0: any amount; null: the table sets none. */
  amount: z.number().nullable(),
  updated_at: z.string(),
});
export type PermitAmountResource = z.infer<typeof PermitAmountResourceSchema>;

export const PermitAmountListResponseSchema = z.object({ resource: z.array(PermitAmountResourceSchema) });
export const PermitAmountResponseSchema = z.object({
  message: z.string().optional(),
  resource: PermitAmountResourceSchema,
});
