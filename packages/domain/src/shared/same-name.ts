import { z } from 'zod';
import { ActiveFlagSchema } from './fields.ts';

/**
 * Records that may share a name but usually should not (customers; products by name and
 * manufacturer): a save giving a record the name another one has is a 409 naming that one,
 * unless the body confirms the user meant it. Every such body spreads `...CONFIRM_DUPLICATE_FIELD`.
 */
export const CONFIRM_DUPLICATE_FIELD = { confirm_duplicate: ActiveFlagSchema.optional() };

/** The 409 of such a save until `confirm_duplicate` says so: the message and the record already there. */
export function sameNameConflictSchema<T extends z.ZodType<{ is_active: boolean }>>(existing: T) {
  return z.object({ message: z.string(), existing });
}
