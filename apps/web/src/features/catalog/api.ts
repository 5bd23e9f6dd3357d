import type { CatalogResource } from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type QueryParams, type ResourceResponse } from '../../lib/api.ts';

/** One client for the catalog areas: hazards, containers and container-units. */
export function catalogApi<T extends CatalogResource>(base: string) {
  return {
    keys: { all: [base] as const },
    listOptions: (params: QueryParams) =>
      queryOptions({
        queryKey: [base, 'list', params] as const,
        queryFn: ({ signal }) => api.get<ListResponse<T>>(`${base}/list`, params, signal),
        placeholderData: keepPreviousData,
      }),
    detailOptions: (id: number) =>
      queryOptions({
        queryKey: [base, 'detail', id] as const,
        queryFn: ({ signal }) => api.get<ResourceResponse<T>>(`${base}/${id}/get`, undefined, signal),
      }),
    save: (id: number | undefined, body: Record<string, unknown>) =>
      id
        ? api.patch<ResourceResponse<T>>(`${base}/${id}/update`, { ...body, encode: true })
        : api.post<ResourceResponse<T>>(`${base}/create`, { ...body, is_active: 1, encode: true }),
    toggle: (id: number) => api.patch<ResourceResponse<T>>(`${base}/${id}/activate`, {}),
    remove: (id: number) => api.delete<ResourceResponse<T>>(`${base}/${id}/delete`),
  };
}
export type CatalogApi = ReturnType<typeof catalogApi>;
