import { CATALOG_ORDER_KEYS, type CatalogResource } from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import type { ResourceApi } from '../../lib/resource-api.ts';

/** The client every catalog area (hazards, containers, container-units) shares with its screens. */
export type CatalogApi = ResourceApi<CatalogResource>;
export const CatalogSearchSchema = listSearchSchema(CATALOG_ORDER_KEYS);
