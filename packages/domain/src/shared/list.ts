import { z } from 'zod';
import { LIST_STATUSES, ORDER_DIRECTIONS } from './enums.ts';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** A page and its size, as every paged answer takes them (the lists, a report preview's parts). */
export function pageFields(defaultSize: number) {
  return {
    page: z.coerce.number().int().min(1, 'The page must be at least 1').default(1),
    ipp: z.coerce
      .number()
      .int()
      .min(1, 'The items per page must be at least 1')
      .max(MAX_PAGE_SIZE, `The items per page may not be greater than ${MAX_PAGE_SIZE}`)
      .default(defaultSize),
  };
}

export const SearchSchema = z
  .string()
  .trim()
  .max(200, 'The search may not be greater than 200 characters')
  .optional();

/**
 * The list query every list route accepts. `order_by` is checked against the route's own
 * allow-list so an unknown column is a 422, never raw SQL.
 */
export function makeListQuerySchema<const T extends readonly [string, ...string[]]>(orderable: T) {
  return z.object({
    ...pageFields(DEFAULT_PAGE_SIZE),
    search: SearchSchema,
    status: z.union([z.enum(LIST_STATUSES), z.literal('')]).optional(),
    order_by: z.enum(orderable, { error: `The order by must be one of: ${orderable.join(', ')}` }).optional(),
    order_dir: z.enum(ORDER_DIRECTIONS, { error: 'The order dir must be asc or desc' }).optional(),
  });
}

/**
 * The 422 messages of a list's `cursor` (docs/decisions/041): `invalid` when it is not one the
 * server made (malformed, cut, or its signature does not hold), `mismatch` when it was made for
 * the same list under another order, filter, search or page size.
 */
export const LIST_CURSOR_MSG = {
  invalid: 'The cursor is not valid',
  mismatch: 'The cursor does not match this list',
} as const;

/** Two base64url parts (the keys, the signature), or empty. */
const CURSOR_FORM = /^([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)?$/;

/** A cursor's longest form: a page's sort keys are a few short texts, signed (decision 041). */
export const MAX_CURSOR_LENGTH = 2000;

/**
 * `cursor`, which the big lists accept beside `page` (decision 041): the `next_cursor` of the page
 * before, standing for "the rows after that page's last row". With a cursor the page is found by
 * the keys, not skipped to, and `page` is ignored: `meta.current_page` is the page the cursor
 * leads to. An empty value is no cursor (the spec's clients drop empty parameters anyway).
 */
export const CURSOR_QUERY_FIELD = {
  cursor: z
    .string()
    // One check, so a cursor both too long and malformed has one message.
    .refine((value) => value.length <= MAX_CURSOR_LENGTH && CURSOR_FORM.test(value), LIST_CURSOR_MSG.invalid)
    .optional()
    .transform((value) => value || undefined),
};

/**
 * `total_is_estimate: true` when the list stopped counting at its cap (docs/decisions/014) and
 * `total` is the database's estimate; absent when `total` is exact.
 */
export const ListMetaSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_is_estimate: z.literal(true).optional(),
  /**
   * The big lists (decision 041): the `cursor` of the page after this one, absent on the last
   * page. Opaque; valid for this list with the same order, filters, search and page size.
   */
  next_cursor: z.string().optional(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

export function makeListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ resource: z.object({ items: z.array(item), meta: ListMetaSchema }) });
}

export const AutocompleteItemSchema = z.object({ id: z.number(), name: z.string() });
export type AutocompleteItem = z.infer<typeof AutocompleteItemSchema>;

export interface ListPage<T> {
  items: T[];
  meta: ListMeta;
}

/** Pickers: 10 a page ordered by name, active records only. */
export const AutocompleteQuerySchema = makeListQuerySchema(['name']).omit({ status: true });
export type AutocompleteQuery = z.infer<typeof AutocompleteQuerySchema>;
export const AutocompleteResponseSchema = makeListResponseSchema(AutocompleteItemSchema);

/** A single record answer: `{ message?, resource }`. */
export function makeResourceResponseSchema<T extends z.ZodType>(resource: T) {
  return z.object({ message: z.string().optional(), resource });
}

export const MessageResponseSchema = z.object({ message: z.string() });
