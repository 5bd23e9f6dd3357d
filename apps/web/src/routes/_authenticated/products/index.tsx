import { createFileRoute } from '@tanstack/react-router';
import { ProductListSearchSchema } from '../../../features/products/list-search.ts';
import { ProductsPage } from '../../../features/products/products-page.tsx';

export const Route = createFileRoute('/_authenticated/products/')({
  validateSearch: ProductListSearchSchema,
  component: function ProductsRoute() {
    return <ProductsPage search={Route.useSearch()} />;
  },
});
