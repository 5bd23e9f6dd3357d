import type { QueryClient } from '@tanstack/react-query';
import type { ParsedLocation } from '@tanstack/react-router';
import { loadRecordOrLeave } from '../../lib/route-params.ts';
import { productsApi } from './api.ts';

/**
 * The loader of the pages of one product (its form, its components' page): the product is fetched
 * before the page shows, and a missing one goes back to the products list with "Product not found.".
 */
export function loadProductOrLeave({
  context,
  params,
  location,
  preload,
}: {
  context: { queryClient: QueryClient };
  /** The id as the address holds it. */
  params: { productId: string };
  location: ParsedLocation;
  preload: boolean;
}): Promise<void> {
  return loadRecordOrLeave({
    queryClient: context.queryClient,
    id: params.productId,
    options: productsApi.detailOptions,
    entity: 'Product',
    list: '/products',
    location,
    preload,
  });
}
