import { createFileRoute } from '@tanstack/react-router';
import { ProductListSearchSchema } from '../../../features/products/list-search.ts';
import { ProductFormPage } from '../../../features/products/product-form-page.tsx';
import { parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/products/$productId')({
  validateSearch: ProductListSearchSchema,
  component: function ProductRoute() {
    const { productId } = Route.useParams();
    return <ProductFormPage key={productId} productId={parseId(productId)} />;
  },
});
