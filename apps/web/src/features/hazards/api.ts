import type { CatalogResource } from '@chemtrack/domain';
import { catalogApi } from '../catalog/api.ts';

export const hazardsApi = catalogApi<CatalogResource>('/hazards');
