import {
  CUSTOMER_ORDER_KEYS,
  type CustomerListRow,
  type CustomerResource,
  type FacilityResource,
  type SaveCustomerRequest,
  type SaveFacilityRequest,
  type State,
} from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { listSearchSchema } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/** The save bodies: the requests as the domain types them, without the flag the client adds. */
export type CustomerBody = Omit<SaveCustomerRequest, 'encode'>;
export type FacilityBody = Omit<SaveFacilityRequest, 'encode'>;

export const customersApi = resourceApi<CustomerResource, CustomerBody, CustomerListRow>('/customers');
export const facilitiesApi = resourceApi<FacilityResource, FacilityBody>('/facilities');

export const statesOptions = queryOptions({
  queryKey: ['states'],
  queryFn: ({ signal }) => api.get<{ resource: State[] }>('/general/states', undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The spec's save body (spec 02 §7) carries is_active on update too: the record's current state,
 * which the server ignores there (only the activate call changes it).
 */
export function withCurrentState<TBody extends object>(
  body: TBody,
  current: { is_active: boolean } | undefined,
): TBody & { is_active?: 0 | 1 } {
  return { ...body, ...(current && { is_active: current.is_active ? (1 as const) : (0 as const) }) };
}
export const CustomersSearchSchema = listSearchSchema(CUSTOMER_ORDER_KEYS);
