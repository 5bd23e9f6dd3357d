import type { LookupResource } from '@chemtrack/domain';
import { resourceApi } from '../../lib/resource-api.ts';

export const containersApi = resourceApi<LookupResource>('/containers');
export const unitsApi = resourceApi<LookupResource>('/container-units');
