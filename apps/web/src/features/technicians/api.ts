import type { SaveTechnicianRequest, UserResource } from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type QueryParams, type ResourceResponse } from '../../lib/api.ts';

export const techniciansKeys = {
  all: ['technicians'] as const,
  list: (params: QueryParams) => ['technicians', 'list', params] as const,
  detail: (id: number) => ['technicians', 'detail', id] as const,
};

export function techniciansListOptions(params: QueryParams) {
  return queryOptions({
    queryKey: techniciansKeys.list(params),
    queryFn: ({ signal }) => api.get<ListResponse<UserResource>>('/technicians/list', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function technicianOptions(id: number) {
  return queryOptions({
    queryKey: techniciansKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<ResourceResponse<UserResource>>(`/technicians/${id}/get`, undefined, signal),
  });
}

export function saveTechnician(id: number | undefined, body: SaveTechnicianRequest) {
  return id
    ? api.patch<ResourceResponse<UserResource>>(`/technicians/${id}/update`, { ...body, encode: true })
    : api.post<ResourceResponse<UserResource>>('/technicians/create', {
        ...body,
        is_active: 1,
        encode: true,
      });
}

export function toggleTechnician(id: number) {
  return api.patch<ResourceResponse<UserResource>>(`/technicians/${id}/activate`, {});
}

export function deleteTechnician(id: number) {
  return api.delete<ResourceResponse<UserResource>>(`/technicians/${id}/delete`);
}
