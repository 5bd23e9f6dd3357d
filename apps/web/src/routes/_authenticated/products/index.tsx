import { createFileRoute } from '@tanstack/react-router';
import { productsApi } from '../../../features/products/api.ts';
import { ProductListSearchSchema } from '../../../features/products/list-search.ts';
import { ProductsPage } from '../../../features/products/products-page.tsx';
import { prefetchList, toListParams } from '../../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/products/')({
  validateSearch: ProductListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, productsApi.listOptions(toListParams(deps))),
  component: function ProductsRoute() {
    return <ProductsPage search={Route.useSearch()} />;
  },
});
