import { z } from 'zod';

/**
 * Optimistic concurrency for the edit forms: an update carries the `updated_at` the form read,
 * and a save over a newer version is refused (409) instead of silently reverting the other
 * change. A client that sends no version keeps the last-write-wins behaviour.
 */
export const RECORD_VERSION_MSG = {
  invalid: 'The record version (updated_at) must be a date and time',
  /** Who changed it when the audit log names no one (a change made before the log, a script). */
  unknownActor: 'another user',
} as const;

/** The version a form read: the record's `updated_at` as the API serialized it (ISO, milliseconds). */
export const ReadVersionSchema = z.iso
  .datetime({ offset: true, error: RECORD_VERSION_MSG.invalid })
  .nullish()
  .transform((value) => value ?? undefined);

/** The field every update body spreads in: `...READ_VERSION_FIELD`. */
export const READ_VERSION_FIELD = { updated_at: ReadVersionSchema };
/** A parsed update body's version, for code generic over the areas' bodies. */
export type ReadVersion = { updated_at?: string | undefined };

/** What a 409 for a stale save says beyond its message, so a client can render it its own way. */
export const StaleRecordSchema = z.object({
  /** The newer version now stored: a reload reads this one. */
  updated_at: z.string(),
  /** Who made that change (the latest audit row of the record), or "another user". */
  changed_by: z.string(),
});
export type StaleRecord = z.infer<typeof StaleRecordSchema>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Nov 26, 2026, 3:04 PM UTC". Built by hand rather than with Intl: ICU versions differ in the
 * space before "PM" (U+202F on newer ones), and the message is compared as exact text.
 */
export function formatChangeTime(iso: string): string {
  const at = new Date(iso);
  const hours = at.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(at.getUTCMinutes()).padStart(2, '0');
  const date = `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}`;
  return `${date}, ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** The 409's message, word for word as issue 22 gives it. */
export function staleRecordMessage(stale: StaleRecord): string {
  return `This record was changed by ${stale.changed_by} at ${formatChangeTime(stale.updated_at)}. Reload to see the changes.`;
}
