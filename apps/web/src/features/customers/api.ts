import type { CustomerListRow, CustomerResource, FacilityResource, State } from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type QueryParams, type ResourceResponse } from '../../lib/api.ts';

export const customersKeys = { all: ['customers'] as const, facilities: ['facilities'] as const };

export function customersListOptions(params: QueryParams) {
  return queryOptions({
    queryKey: ['customers', 'list', params],
    queryFn: ({ signal }) => api.get<ListResponse<CustomerListRow>>('/customers/list', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function customerOptions(id: number) {
  return queryOptions({
    queryKey: ['customers', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<ResourceResponse<CustomerResource>>(`/customers/${id}/get`, undefined, signal),
  });
}

export function facilityOptions(id: number) {
  return queryOptions({
    queryKey: ['facilities', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<ResourceResponse<FacilityResource>>(`/facilities/${id}/get`, undefined, signal),
  });
}

export const statesOptions = queryOptions({
  queryKey: ['states'],
  queryFn: ({ signal }) => api.get<{ resource: State[] }>('/general/states', undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The record being updated, as far as its save body needs it. */
interface SavedRecord {
  is_active: boolean;
}

function createBody(body: Record<string, unknown>) {
  return { ...body, is_active: 1, encode: true };
}

/**
 * The spec's save body (spec 02 §7) carries is_active on update too: the record's current state,
 * which the server ignores there (only the activate call changes it).
 */
function updateBody(body: Record<string, unknown>, current: SavedRecord | undefined) {
  return { ...body, ...(current && { is_active: current.is_active ? 1 : 0 }), encode: true };
}

export function saveCustomer(id: number | undefined, body: Record<string, unknown>, current?: SavedRecord) {
  return id
    ? api.patch<ResourceResponse<CustomerResource>>(`/customers/${id}/update`, updateBody(body, current))
    : api.post<ResourceResponse<CustomerResource>>('/customers/create', createBody(body));
}

export function saveFacility(id: number | undefined, body: Record<string, unknown>, current?: SavedRecord) {
  return id
    ? api.patch<ResourceResponse<FacilityResource>>(`/facilities/${id}/update`, updateBody(body, current))
    : api.post<ResourceResponse<FacilityResource>>('/facilities/create', createBody(body));
}

export function toggleCustomer(id: number) {
  return api.patch<ResourceResponse<CustomerResource>>(`/customers/${id}/activate`, {});
}

export function toggleFacility(id: number) {
  return api.patch<ResourceResponse<FacilityResource>>(`/facilities/${id}/activate`, {});
}
