import type { CatalogResource } from '@chemtrack/domain';
import { resourceApi } from '../../lib/resource-api.ts';

export const containersApi = resourceApi<CatalogResource>('/containers');
export const unitsApi = resourceApi<CatalogResource>('/container-units');
