import { z } from 'zod';
import { MSG } from './messages.ts';
import { decimalPlaces, parseDecimal } from './numbers.ts';
import { normalizePhone } from './phone.ts';

/** Reusable field rules. Each message is the specification's. */
export const EmailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(8, MSG.passwordMin)
  .max(256, 'Password must be less than 256 characters')
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, MSG.passwordComplexity);

/** A required name: trimmed, then 1 to `max` characters; absent or blank gives `required`. */
export function requiredTextSchema(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

export const FirstNameSchema = requiredTextSchema(50, MSG.firstNameRequired, MSG.firstNameMax);

export const LastNameSchema = requiredTextSchema(50, MSG.lastNameRequired, MSG.lastNameMax);

/**
 * An optional phone: punctuation dropped, then nothing or 10 to 15 digits (stored as digits).
 * Each form names its own field in the messages.
 */
export function optionalPhoneSchema(tooShort: string, tooLong: string = tooShort) {
  return z
    .string()
    .nullish()
    .transform((value) => normalizePhone(value))
    .refine((digits) => digits.length === 0 || digits.length >= 10, tooShort)
    .refine((digits) => digits.length <= 15, tooLong);
}

export const OptionalPhoneSchema = optionalPhoneSchema(MSG.phoneMin, MSG.phoneFormat);

/** Optional free text: null or absent reads as '', trimmed, at most `max` characters. */
export function optionalTextSchema(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value ?? '');
}

/** An optional yyyy-MM-dd date that must be a real calendar day. Empty → null. */
export function optionalIsoDateSchema(message: string) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return null;
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (!match || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text;
    });
}

/** The messages of a decimal field, each naming the field's label. */
export const DECIMAL_MSG = {
  notANumber: (label: string) => `${label} must be a number.`,
  negative: (label: string) => `${label} must be 0 or more.`,
  decimals: (label: string, decimals: number) => `${label} allows at most ${decimals} decimals.`,
  max: (label: string, max: number) => `${label} must be at most ${max}.`,
  positive: (label: string) => `${label} must be greater than 0.`,
} as const;

/**
 * A decimal typed as text or sent as a number: read with `parseDecimal` (a unit suffix and
 * thousands separators allowed, nothing bent), then checked for its decimal places and its upper
 * bound (the database column's). Empty → null. The forms validate with this same schema.
 */
export function decimalSchema(label: string, decimals: number, max: number) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      const parsed = parseDecimal(value);
      if (!parsed.ok) {
        const message =
          parsed.problem === 'negative' ? DECIMAL_MSG.negative(label) : DECIMAL_MSG.notANumber(label);
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (parsed.value === null) return null;
      if (decimalPlaces(parsed.text) > decimals) {
        ctx.addIssue({ code: 'custom', message: DECIMAL_MSG.decimals(label, decimals) });
        return z.NEVER;
      }
      if (parsed.value > max) {
        ctx.addIssue({ code: 'custom', message: DECIMAL_MSG.max(label, max) });
        return z.NEVER;
      }
      return parsed.value;
    });
}

/**
 * A decimal that is a physical ratio (a specific gravity): 0 is no value a substance has, and
 * stored it would read as "unknown" in every calculation while the form showed 0 (issue 33 point 3).
 */
export function positiveDecimalSchema(label: string, decimals: number, max: number) {
  return decimalSchema(label, decimals, max).refine(
    (value) => value === null || value === undefined || value > 0,
    {
      message: DECIMAL_MSG.positive(label),
    },
  );
}

/** The spec's `encode: true` write flag: accepted and ignored. */
export const EncodeFlagSchema = z.union([z.boolean(), z.literal(1), z.literal(0), z.string()]).optional();

/** is_active travels as 1/0 or true/false. */
export const ActiveFlagSchema = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** The largest PostgreSQL `integer`: a larger id names no record and would fail inside the query. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record id, from a path, a query or a body: a positive whole number that fits the column. */
export function recordIdSchema(typeMessage: string, rangeMessage = typeMessage) {
  return z.coerce
    .number({ error: typeMessage })
    .int(typeMessage)
    .positive(rangeMessage)
    .max(MAX_RECORD_ID, rangeMessage);
}

export const IdParamSchema = z.object({
  id: recordIdSchema(
    'The id must be a number',
    'The id must be a positive number no greater than 2147483647',
  ),
});
export type IdParam = z.infer<typeof IdParamSchema>;
