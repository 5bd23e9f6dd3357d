import { z } from 'zod';

/** List state kept in the URL; a bad value falls back to the default instead of breaking the page. */
export const ListSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  search: z.string().optional().catch(undefined),
  archived: z.boolean().optional().catch(undefined),
  order_by: z.string().optional().catch(undefined),
  order_dir: z.enum(['asc', 'desc']).optional().catch(undefined),
});
export type ListSearch = z.infer<typeof ListSearchSchema>;

export const PAGE_SIZE = 10;

/** The list call's parameters from the URL state. */
export function toListParams(search: ListSearch) {
  return {
    page: search.page ?? 1,
    per_page: PAGE_SIZE,
    search: search.search,
    status: search.archived ? 'inactive' : 'active',
    sort_by: search.order_by,
    sort_direction: search.order_by ? search.order_dir : undefined,
  };
}
