import type { AutocompleteItem } from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, type ListResponse, type QueryParams, type ResourceResponse } from './api.ts';

/**
 * The client of one area's CRUD routes (spec 02 §7: `{base}/list`, `/{id}/get`, `/create`,
 * `/{id}/update`, `/{id}/activate`, `/{id}/delete`, `/autocomplete-list`), and the query keys and
 * options every screen and route loader of the area shares.
 * `TRow` is a list row, `TResource` the record `get` and the writes answer, `TBody` the save body.
 * `createDefaults` joins the create body: most areas send `is_active: 1` there, users do not.
 * `queryKey` roots the area's query keys (`[base]` unless given): a child area's keys sit under
 * its parent's, so refreshing the parent refreshes them.
 */
export function resourceApi<
  TResource extends { id: number },
  TBody extends object = Record<string, unknown>,
  TRow = TResource,
>(
  base: string,
  {
    createDefaults = { is_active: 1 },
    queryKey = [base],
  }: { createDefaults?: Record<string, unknown>; queryKey?: readonly unknown[] } = {},
) {
  const keys = {
    all: queryKey,
    lists: [...queryKey, 'list'] as const,
    list: (params: QueryParams) => [...queryKey, 'list', params] as const,
    detail: (id: number) => [...queryKey, 'detail', id] as const,
  };
  const create = (body: TBody) =>
    api.post<ResourceResponse<TResource>>(`${base}/create`, { ...body, ...createDefaults, encode: true });
  /** `version`: the `updated_at` the form read, so a save over a newer one is refused (409). */
  const update = (id: number, body: TBody, version?: string) =>
    api.patch<ResourceResponse<TResource>>(`${base}/${id}/update`, {
      ...body,
      ...(version ? { updated_at: version } : {}),
      encode: true,
    });
  return {
    keys,
    listOptions: (params: QueryParams) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) => api.get<ListResponse<TRow>>(`${base}/list`, params, signal),
        placeholderData: keepPreviousData,
      }),
    detailOptions: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: ({ signal }) => api.get<ResourceResponse<TResource>>(`${base}/${id}/get`, undefined, signal),
      }),
    create,
    update,
    /**
     * A form's submit: update the record it shows (over the version it read), or create one
     * when it shows none.
     */
    save: (id: number | undefined, body: TBody, version?: string) =>
      id ? update(id, body, version) : create(body),
    toggle: (id: number) => api.patch<ResourceResponse<TResource>>(`${base}/${id}/activate`, {}),
    remove: (id: number) => api.delete<ResourceResponse<TResource>>(`${base}/${id}/delete`),
    /** The pickers' endpoint (PagedPicker pages through it itself). */
    autocompletePath: `${base}/autocomplete-list`,
    autocomplete: (params: QueryParams, signal?: AbortSignal) =>
      api.get<ListResponse<AutocompleteItem>>(`${base}/autocomplete-list`, params, signal),
  };
}
export type ResourceApi<
  TResource extends { id: number },
  TBody extends object = Record<string, unknown>,
  TRow = TResource,
> = ReturnType<typeof resourceApi<TResource, TBody, TRow>>;
