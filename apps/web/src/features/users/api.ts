import type { SaveUserRequest, UserResource } from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type QueryParams, type ResourceResponse } from '../../lib/api.ts';

export const usersKeys = {
  all: ['users'] as const,
  list: (params: QueryParams) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function usersListOptions(params: QueryParams) {
  return queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => api.get<ListResponse<UserResource>>('/users/list', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function userOptions(id: number) {
  return queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: ({ signal }) => api.get<ResourceResponse<UserResource>>(`/users/${id}/get`, undefined, signal),
  });
}

export function saveUser(id: number | undefined, body: SaveUserRequest) {
  const payload = { ...body, encode: true };
  return id
    ? api.patch<ResourceResponse<UserResource>>(`/users/${id}/update`, payload)
    : api.post<ResourceResponse<UserResource>>('/users/create', payload);
}

export function toggleUser(id: number) {
  return api.patch<ResourceResponse<UserResource>>(`/users/${id}/activate`, {});
}

export function deleteUser(id: number) {
  return api.delete<ResourceResponse<UserResource>>(`/users/${id}/delete`);
}
