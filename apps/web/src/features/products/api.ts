import type { FileUploadResponse, ProductListRow, ProductResource, SaveProduct } from '@chemtrack/domain';
import { api, type ResourceResponse, uploadFile } from '../../lib/api.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const productsApi = resourceApi<ProductResource, ProductBody, ProductListRow>('/products');

/** The save body: `sds` only when the SDS field was touched (a file to attach, or null). */
export type ProductBody = Omit<SaveProduct, 'sds' | 'is_active' | 'encode'> & {
  sds?: { filepath: string; original_name?: string | undefined } | null;
};

export function deleteProductSds(id: number) {
  return api.delete<ResourceResponse<ProductResource>>(`/products/${id}/sds-delete`);
}

export function downloadProductSds(id: number) {
  return api.download(`/products/${id}/sds-download`);
}

export function uploadSdsFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  // kind=sds: the server judges the bytes as a PDF and answers 'Only PDF files are allowed'.
  return uploadFile<FileUploadResponse>('/file/upload?kind=sds', file, onProgress, signal);
}

/**
 * The SDS of a new product a line names (issue 22): a PDF, or a JPEG or PNG photo of the label
 * that the server keeps as a one-page PDF (the answer's file is that PDF).
 */
export function uploadSdsOrPhoto(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return uploadFile<FileUploadResponse>('/file/upload?kind=sds-photo', file, onProgress, signal);
}
