import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../features/placeholders/placeholder-page.tsx';
import { productsApi } from '../../../../../features/products/api.ts';
import { loadRecordOrLeave } from '../../../../../lib/route-params.ts';

// Spec 02 §2: a placeholder page. Not nested under the product form (the `_` suffix), so it
// shows on its own rather than under the form.
export const Route = createFileRoute('/_authenticated/products/$productId_/chemical-components/')({
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
  component: () => <PlaceholderPage title="Chemical Components" />,
});
