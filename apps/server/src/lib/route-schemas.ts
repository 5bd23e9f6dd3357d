import { MessageResponseSchema, StaleRecordSchema } from '@chemtrack/domain';
import type { FastifyReply } from 'fastify';
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

/**
 * Sends an answer already written as JSON text (a report preview, written by the worker that drew
 * it): Fastify sends a string with a JSON content type as it is, without the route's response
 * schema walking a document of thousands of rows again. The route keeps that schema for its
 * documentation; the text must be written to it.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json').send(text);
}
