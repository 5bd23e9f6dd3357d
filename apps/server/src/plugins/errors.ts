import { SERVER_MSG } from '@chemtrack/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError, type FieldErrors, StaleRecordError } from '../lib/app-error.ts';
import { FileStoreUnavailableError } from '../storage/file-store.ts';

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

export const FAULT_MSG = {
  databaseUnavailable: 'The database is not available right now. Try again in a moment.',
  fileStoreUnavailable: 'File storage is not available right now. Try again in a moment.',
  storageFull:
    'The server has no storage space left for this file. Nothing was saved. Please tell your administrator.',
} as const;

/** A full disk or an exhausted quota: the server's fault, but one it can name (507, RFC 4918). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** One handler for every error: the spec's `{ message, errors }` body, never internals on 5xx. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A refusal of the server's own (busy, a report worker that failed): logged with its cause.
      if (error.statusCode >= 500)
        request.log.warn({ err: error, url: request.routeOptions.url }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        errors: error.errors,
        existing: error.existing,
        stale: error instanceof StaleRecordError ? error.stale : undefined,
      });
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
    // Before the database check, which would take the object store's refused connection for its own.
    if (error instanceof FileStoreUnavailableError) {
      request.log.warn({ err: error, url: request.routeOptions.url }, 'file store unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: FAULT_MSG.fileStoreUnavailable });
    }
    // Before the conflict check: a lost connection is a condition of the moment, not a bad request.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, url: request.routeOptions.url }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: FAULT_MSG.databaseUnavailable });
    }
    if (STORAGE_FULL_CODES.has(String(error.code))) {
      request.log.error({ err: error, url: request.routeOptions.url }, 'storage full');
      return reply.status(507).send({ message: FAULT_MSG.storageFull });
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
