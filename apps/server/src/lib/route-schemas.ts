import { MessageResponseSchema, StaleRecordSchema } from '@chemtrack/domain';
import { z } from 'zod';

const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A save over a newer version of the record (409): that version and who wrote it. */
  stale: StaleRecordSchema.optional(),
});

/** The error answers every protected route can give, for the API docs. */
export const ERROR_RESPONSES = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
} as const;

/** A 409 that may name the record it is about (`existing`), for saves that offer a choice. */
export function conflictResponse<T extends z.ZodType>(existing: T) {
  return ErrorBodySchema.extend({ existing: existing.optional() });
}

export { ErrorBodySchema, MessageResponseSchema };
