import { SERVER_MSG, type StaleRecord, staleRecordMessage } from '@chemtrack/domain';

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  /** Busy with long work (a merge) and asking the client to come back: Retry-After says when. */
  BUSY: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;
export type FieldErrors = Record<string, string[]>;

/** The one error type routes and repositories throw; the error handler turns it into a response. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** The record a conflict is about, so the client can name it and offer a choice. */
    readonly existing?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export function notFound(what = 'Record'): AppError {
  return new AppError('NOT_FOUND', `${what} not found.`);
}

export function forbidden(message: string = SERVER_MSG.forbidden): AppError {
  return new AppError('FORBIDDEN', message);
}

/** A 422 for one field, the shape the forms map back onto their inputs. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

/** A 409 about an existing record: the message (under `field` too) and the record itself. */
export function conflictWith(message: string, existing: Record<string, unknown>, field?: string): AppError {
  return new AppError('CONFLICT', message, field ? { [field]: [message] } : undefined, undefined, existing);
}

/**
 * The 409 of a save made over a newer version of the record (lib/record-version.ts): the
 * message, and apart from it the version now stored and who wrote it, for a client's own notice.
 */
export class StaleRecordError extends AppError {
  constructor(readonly stale: StaleRecord) {
    super('CONFLICT', staleRecordMessage(stale));
  }
}
