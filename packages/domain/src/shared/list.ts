import { z } from 'zod';
import { LIST_STATUSES, ORDER_DIRECTIONS } from './enums.ts';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * The list query every list route accepts. `order_by` is checked against the route's own
 * allow-list so an unknown column is a 422, never raw SQL.
 */
export function makeListQuerySchema<const T extends readonly [string, ...string[]]>(orderable: T) {
  return z.object({
    page: z.coerce.number().int().min(1, 'The page must be at least 1').default(1),
    ipp: z.coerce
      .number()
      .int()
      .min(1, 'The items per page must be at least 1')
      .max(MAX_PAGE_SIZE, `The items per page may not be greater than ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    search: z.string().trim().max(200, 'The search may not be greater than 200 characters').optional(),
    status: z.union([z.enum(LIST_STATUSES), z.literal('')]).optional(),
    order_by: z.enum(orderable, { error: `The order by must be one of: ${orderable.join(', ')}` }).optional(),
    order_dir: z.enum(ORDER_DIRECTIONS, { error: 'The order dir must be asc or desc' }).optional(),
  });
}

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
