import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../features/placeholders/placeholder-page.tsx';
import { loadProductOrLeave } from '../../../../../features/products/product-route.ts';

// Spec 02 §2: a placeholder page. Not nested under the product form (the `_` suffix), so it
// shows on its own rather than under the form.
export const Route = createFileRoute('/_authenticated/products/$productId_/chemical-components/')({
  loader: (match) => loadProductOrLeave(match),
  component: () => <PlaceholderPage title="Chemical Components" />,
});
