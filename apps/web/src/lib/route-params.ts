import { MAX_RECORD_ID } from '@chemtrack/domain';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { ApiError, showApiError } from './api.ts';
import { toast } from './toast.ts';

/**
 * A record id as an address holds it: digits only, no sign, no leading zero, and no larger than
 * the id column (the API answers a larger one with a message about integer ranges).
 */
export const RouteIdSchema = z
  .string()
  .regex(/^[1-9]\d*$/)
  .transform(Number)
  .pipe(z.number().max(MAX_RECORD_ID));

export function isRecordId(value: string): boolean {
  return RouteIdSchema.safeParse(value).success;
}

/** A numeric id from a path segment; anything else becomes -1, which the API answers with 404. */
export function parseId(value: string): number {
  const parsed = RouteIdSchema.safeParse(value);
  return parsed.success ? parsed.data : -1;
}

/**
 * The loader of every detail address (/products/42, /units/7): the record is fetched before the
 * page shows. An id that is not a record id, or names no record (never did, or was deleted since),
 * sends the user back to `list` with the notice "{Entity} not found.", so no area ever shows an
 * empty form or a breadcrumb stuck on "Loading...". The list keeps its own state (the address's
 * query string: page, search, filters).
 */
export async function loadRecordOrLeave<TData, TKey extends QueryKey>({
  queryClient,
  id,
  options,
  entity,
  list,
  location,
  preload,
}: {
  queryClient: QueryClient;
  /** The id as the address holds it. */
  id: string;
  options: (id: number) => EnsureQueryDataOptions<TData, Error, TData, TKey>;
  /** As the server names it in its 404 message: "Product", "Hazard class". */
  entity: string;
  list: string;
  location: ParsedLocation;
  preload: boolean;
}): Promise<void> {
  const leave = (message: string) => {
    // Preloading (a pointer resting on a link) neither moves nor speaks; opening the link will.
    if (preload) return;
    toast({ variant: 'destructive', title: message, duration: 5000 });
    throw redirect({ href: `${list}${location.searchStr}`, replace: true });
  };
  const parsed = RouteIdSchema.safeParse(id);
  if (!parsed.success) return leave(`${entity} not found.`);
  try {
    // This notice replaces the default one, so a missing record says so once.
    await queryClient.ensureQueryData({ ...options(parsed.data), meta: { handlesErrors: true } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return leave(error.body.message ?? `${entity} not found.`);
    // Anything else (the network, a 500) is the page's to show, as any failed call: it asks again.
    if (!preload) showApiError(error);
  }
}
