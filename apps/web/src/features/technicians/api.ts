import { ACCOUNT_ORDER_KEYS, type SaveTechnicianRequest, type UserResource } from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const techniciansApi = resourceApi<UserResource, SaveTechnicianRequest>('/technicians');
export const TechniciansSearchSchema = listSearchSchema(ACCOUNT_ORDER_KEYS);
