import { CATALOG_ORDER_KEYS, type CatalogResource } from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import type { ResourceApi } from '../../lib/resource-api.ts';

/** The client every lookup area (hazards, containers, container-units) shares with its screens. */
export type LookupApi = ResourceApi<CatalogResource>;
export const LookupSearchSchema = listSearchSchema(CATALOG_ORDER_KEYS);
