import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../../../features/placeholders/placeholder-page.tsx';

// Spec 02 §2: a placeholder page, on its own rather than under the line's form (the `_` suffix).
export const Route = createFileRoute(
  '/_authenticated/inventories_/$inventoryId/products_/$inventoryProductId_/chemical-components/',
)({
  component: () => (
    <PlaceholderPage title="Chemical Components" crumbs={[{ name: 'Inventories', path: '/inventories' }]} />
  ),
});
