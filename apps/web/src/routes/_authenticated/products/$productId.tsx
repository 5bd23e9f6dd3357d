import { createFileRoute } from '@tanstack/react-router';
import { ProductListSearchSchema } from '../../../features/products/list-search.ts';
import { loadProductOrLeave } from '../../../features/products/product-route.ts';
import { ProductFormPage } from '../../../features/products/products-form.tsx';
import { parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/products/$productId')({
  validateSearch: ProductListSearchSchema,
  loader: (match) => loadProductOrLeave(match),
  component: function ProductRoute() {
    const { productId } = Route.useParams();
    return <ProductFormPage key={productId} productId={parseId(productId)} />;
  },
});
