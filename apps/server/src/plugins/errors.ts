import { SERVER_MSG } from '@chemtrack/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../lib/app-error.ts';

/** Fastify's own error codes that are the client's fault, mapped onto the spec's statuses. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_REQ_FILE_TOO_LARGE: 413,
  FST_FILES_LIMIT: 413,
  FST_PARTS_LIMIT: 413,
  FST_FIELDS_LIMIT: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
};

/** `/address/zip` → `address.zip`, the key the forms map back onto their fields. */
function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? 'request' : name;
}

/** PostgreSQL's own error code, whether the driver error is thrown bare or wrapped by Drizzle. */
function postgresCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// A race the repository's own checks could not see (two saves at once) is a conflict, not a crash.
const CONFLICT_MESSAGES: Record<string, string> = {
  '23505': 'A record with the same unique value already exists.',
  '23503': 'The record is referenced by other records, or refers to one that does not exist.',
};

/** One handler for every error: the spec's `{ message, errors }` body, never internals on 5xx. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, errors: error.errors, existing: error.existing });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        errors[name] ??= [];
        errors[name].push(issue.message ?? SERVER_MSG.validationFailed);
      }
      const first = Object.values(errors)[0]?.[0] ?? SERVER_MSG.validationFailed;
      return reply.status(422).send({ message: first, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      return reply.status(500).send({ message: SERVER_MSG.internal });
    }
    const conflict = CONFLICT_MESSAGES[postgresCode(error) ?? ''];
    if (conflict) return reply.status(409).send({ message: conflict });
    const status = error.code ? CLIENT_ERROR_STATUS[error.code] : undefined;
    if (status) return reply.status(status).send({ message: error.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error(
      { err: error, method: request.method, url: request.routeOptions.url },
      'request failed',
    );
    return reply.status(500).send({ message: SERVER_MSG.internal });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
