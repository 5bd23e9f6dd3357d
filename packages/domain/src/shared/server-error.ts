import type { StaleRecord } from './record-version.ts';

/** The error body every failed call returns (Laravel style, as the client expects). */
export interface ServerErrorBody {
  message?: string;
  errors?: Record<string, string[] | string>;
  /** A save over a newer version of the record (409): that version and who wrote it. */
  stale?: StaleRecord;
  /** A create refused because the record exists (409): that record, for a link to it. */
  existing?: unknown;
}

/**
 * The description shown for a failed call (spec 01 §8): the message when there are no field
 * errors, otherwise each field's messages joined with ". " and the fields joined with a space.
 */
export function buildServerErrorMessage(body: ServerErrorBody | null | undefined): string {
  const errors = body?.errors;
  if (!errors || Object.keys(errors).length === 0) return body?.message ?? '';
  return Object.values(errors)
    .map((messages) => (Array.isArray(messages) ? messages.join('. ') : messages))
    .join(' ');
}
