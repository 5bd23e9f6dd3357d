import { PRODUCT_ORDER_KEYS, SDS_STATUSES } from '@chemtrack/domain';
import { z } from 'zod';
import { listSearchSchema } from '../../lib/list-search.ts';

/**
 * The products list's URL state: the list contract plus the SDS status filter (All = absent, so
 * the URL's `sds_status` is one of the statuses the API filters by).
 */
export const ProductListSearchSchema = listSearchSchema(PRODUCT_ORDER_KEYS, {
  sds_status: z.enum(SDS_STATUSES),
  // Issue 33 point 9: only the products a technician added that staff have not saved yet.
  needs_review: z.literal('1'),
});
export type ProductListSearch = z.infer<typeof ProductListSearchSchema>;
