import type { CatalogResource } from '@chemtrack/domain';
import { catalogApi } from '../catalog/api.ts';

export const containersApi = catalogApi<CatalogResource>('/containers');
export const unitsApi = catalogApi<CatalogResource>('/container-units');
