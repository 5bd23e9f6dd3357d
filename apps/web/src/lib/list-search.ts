import { DEFAULT_PAGE_SIZE, makeListQuerySchema } from '@chemtrack/domain';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import type { QueryParams } from './api.ts';

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * A list's state in the URL, in the API's own words (`page`, `ipp`, `search`, `status`,
 * `order_by`, `order_dir` and the list's filters), built from the domain's list contract: the
 * address is the list call's query as it is, with nothing renamed on the way. Every field may be
 * absent (the API's default applies) and a bad value falls back to absent instead of breaking
 * the page: an unknown `order_by`, a page of 0, a status that is not one.
 */
export function listSearchSchema<
  const K extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(orderKeys: K, filters?: F) {
  const contract = makeListQuerySchema(orderKeys)
    // The search box's text as typed: the contract trims it, which would eat a space the user has
    // just typed when the URL comes back into the box. The API trims it on arrival.
    .extend({ search: z.string().optional() })
    // The big lists' next page by keys (decision 041); the other lists' calls drop it unread.
    .extend({ cursor: z.string().optional() })
    .extend(filters ?? ({} as F));
  const shape = Object.fromEntries(
    Object.entries(contract.shape).map(([key, field]) => {
      // The contract's defaults (page 1, ipp 10) stay out of the URL: the API applies them.
      const type = field instanceof z.ZodDefault ? field.removeDefault() : field;
      return [key, (type as z.ZodType).optional().catch(undefined)];
    }),
  ) as {
    [P in keyof typeof contract.shape]: z.ZodCatch<
      z.ZodOptional<
        (typeof contract.shape)[P] extends z.ZodDefault<infer T extends z.ZodType>
          ? T
          : (typeof contract.shape)[P]
      >
    >;
  };
  return z.object(shape);
}

/** The state every list shares, whatever its order keys; a list's own schema adds its filters. */
export type ListSearch = z.infer<
  ReturnType<typeof listSearchSchema<readonly [string, ...string[]], Record<never, never>>>
>;

/** The list call's query: the URL state as it is, with the page size every list shows. */
export function toListParams(search: ListSearch): QueryParams {
  return {
    ...search,
    page: search.page ?? 1,
    ipp: search.ipp ?? PAGE_SIZE,
    status: search.status || 'active',
    order_dir: search.order_by ? search.order_dir : undefined,
  };
}

/**
 * A list route's loader: the list call starts with the navigation, from the same query options
 * its page reads, so the page finds it under way or done. It is not awaited: the page shows at
 * once with its skeleton rows, and a failed call is the page's to show, as before.
 */
export function prefetchList<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): void {
  queryClient.ensureQueryData(options).catch(() => undefined);
}

/**
 * A link's `search` that keeps the list's URL state as it is: a form or modal opened from a list
 * returns to the same page, filter and sort.
 */
export const keepSearch = (search: Record<string, unknown>) => search;
