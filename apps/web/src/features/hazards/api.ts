import type { CatalogResource } from '@chemtrack/domain';
import { resourceApi } from '../../lib/resource-api.ts';

export const hazardsApi = resourceApi<CatalogResource>('/hazards');
