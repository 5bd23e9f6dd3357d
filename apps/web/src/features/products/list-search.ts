import { SDS_STATUSES } from '@chemtrack/domain';
import { z } from 'zod';
import { ListSearchSchema, toListParams } from '../../lib/list-search.ts';

/** The products list's URL state: the shared list state plus the SDS status filter (All = absent). */
export const ProductListSearchSchema = ListSearchSchema.extend({
  sds_status: z.enum(SDS_STATUSES).optional().catch(undefined),
});
export type ProductListSearch = z.infer<typeof ProductListSearchSchema>;

export function toProductListParams(search: ProductListSearch) {
  return { ...toListParams(search), sds_status: search.sds_status };
}
