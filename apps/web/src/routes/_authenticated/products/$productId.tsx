import { createFileRoute } from '@tanstack/react-router';
import { productsApi } from '../../../features/products/api.ts';
import { ProductListSearchSchema } from '../../../features/products/list-search.ts';
import { ProductFormPage } from '../../../features/products/products-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/products/$productId')({
  validateSearch: ProductListSearchSchema,
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.productId,
      options: productsApi.detailOptions,
      entity: 'Product',
      list: '/products',
      location,
      preload,
    }),
  component: function ProductRoute() {
    const { productId } = Route.useParams();
    return <ProductFormPage key={productId} productId={parseId(productId)} />;
  },
});
