import type { LookupResource } from '@chemtrack/domain';
import { resourceApi } from '../../lib/resource-api.ts';

export const hazardsApi = resourceApi<LookupResource>('/hazards');
