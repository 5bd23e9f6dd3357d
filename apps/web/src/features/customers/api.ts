import {
  CUSTOMER_ORDER_KEYS,
  type CustomerListRow,
  type CustomerResource,
  type FacilityResource,
  type State,
} from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { listSearchSchema } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const customersApi = resourceApi<CustomerResource, Record<string, unknown>, CustomerListRow>(
  '/customers',
);
export const facilitiesApi = resourceApi<FacilityResource>('/facilities');

export const statesOptions = queryOptions({
  queryKey: ['states'],
  queryFn: ({ signal }) => api.get<{ resource: State[] }>('/general/states', undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The spec's save body (spec 02 §7) carries is_active on update too: the record's current state,
 * which the server ignores there (only the activate call changes it).
 */
export function withCurrentState(body: Record<string, unknown>, current: { is_active: boolean } | undefined) {
  return { ...body, ...(current && { is_active: current.is_active ? 1 : 0 }) };
}
export const CustomersSearchSchema = listSearchSchema(CUSTOMER_ORDER_KEYS);
