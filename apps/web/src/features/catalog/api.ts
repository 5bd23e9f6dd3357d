import { LOOKUP_ORDER_KEYS, type LookupResource } from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import type { ResourceApi } from '../../lib/resource-api.ts';

/** The client every catalog area (hazards, containers, container-units) shares with its screens. */
export type CatalogApi = ResourceApi<LookupResource>;
export const CatalogSearchSchema = listSearchSchema(LOOKUP_ORDER_KEYS);
