import type {
  ChemicalComponentItem,
  ComponentResource,
  FileUploadResponse,
  ProductListRow,
  ProductResource,
  SaveComponent,
  SaveProduct,
} from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  api,
  type ListResponse,
  type QueryParams,
  type ResourceResponse,
  uploadFile,
} from '../../lib/api.ts';

export const productsKeys = {
  all: ['products'] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  components: (productId: number) => ['products', 'components', productId] as const,
};

export function productsListOptions(params: QueryParams) {
  return queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => api.get<ListResponse<ProductListRow>>('/products/list', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function productOptions(id: number) {
  return queryOptions({
    queryKey: productsKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<ResourceResponse<ProductResource>>(`/products/${id}/get`, undefined, signal),
  });
}

/** The save body: `sds` only when the SDS field was touched (a file to attach, or null). */
export type ProductBody = Omit<SaveProduct, 'sds' | 'is_active' | 'encode'> & {
  sds?: { filepath: string; original_name?: string | undefined } | null;
};

export function saveProduct(id: number | undefined, body: ProductBody) {
  return id
    ? api.patch<ResourceResponse<ProductResource>>(`/products/${id}/update`, { ...body, encode: true })
    : api.post<ResourceResponse<ProductResource>>('/products/create', {
        ...body,
        is_active: 1,
        encode: true,
      });
}

export function toggleProduct(id: number) {
  return api.patch<ResourceResponse<ProductResource>>(`/products/${id}/activate`, {});
}

export function deleteProductSds(id: number) {
  return api.delete<ResourceResponse<ProductResource>>(`/products/${id}/sds-delete`);
}

export function downloadProductSds(id: number) {
  return api.download(`/products/${id}/sds-download`);
}

export function uploadSdsFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return uploadFile<FileUploadResponse>('/file/upload', file, onProgress, signal);
}

export function componentsListOptions(productId: number, params: QueryParams) {
  return queryOptions({
    queryKey: [...productsKeys.components(productId), 'list', params],
    queryFn: ({ signal }) =>
      api.get<ListResponse<ComponentResource>>(
        `/products/${productId}/chemical-components/list`,
        params,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function componentOptions(productId: number, componentId: number) {
  return queryOptions({
    queryKey: [...productsKeys.components(productId), 'detail', componentId],
    queryFn: ({ signal }) =>
      api.get<ResourceResponse<ComponentResource>>(
        `/products/${productId}/chemical-components/${componentId}/get`,
        undefined,
        signal,
      ),
  });
}

export function saveComponent(
  productId: number,
  componentId: number | undefined,
  body: Omit<SaveComponent, 'encode'>,
) {
  const base = `/products/${productId}/chemical-components`;
  return componentId
    ? api.patch<ResourceResponse<ComponentResource>>(`${base}/${componentId}/update`, {
        ...body,
        encode: true,
      })
    : api.post<ResourceResponse<ComponentResource>>(`${base}/create`, { ...body, encode: true });
}

export function unlinkComponent(productId: number, componentId: number) {
  return api.delete<ResourceResponse<ComponentResource>>(
    `/products/${productId}/chemical-components/${componentId}/unlink`,
  );
}

export const CHEMICAL_COMPONENTS_AUTOCOMPLETE = '/chemical-components/autocomplete-list';
export type { ChemicalComponentItem };
