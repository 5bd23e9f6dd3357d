import { MessageResponseSchema } from '@chemtrack/domain';
import { z } from 'zod';

const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The error answers every protected route can give, for the API docs. */
export const ERROR_RESPONSES = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
} as const;

export { ErrorBodySchema, MessageResponseSchema };
