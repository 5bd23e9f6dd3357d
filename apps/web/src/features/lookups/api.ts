import { LOOKUP_ORDER_KEYS, type LookupResource } from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import type { ResourceApi } from '../../lib/resource-api.ts';

/**
 * The client of a lookup area (hazards, containers, container-units), which its screens take:
 * `T` is the area's record (a unit's carries its unit type).
 */
export type LookupApi<T extends LookupResource> = ResourceApi<T>;
export const LookupSearchSchema = listSearchSchema(LOOKUP_ORDER_KEYS);
