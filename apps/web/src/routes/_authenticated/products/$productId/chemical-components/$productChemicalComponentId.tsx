import { createFileRoute } from '@tanstack/react-router';
import { ComponentModal } from '../../../../../features/products/component-modal.tsx';
import { parseId } from '../../../../../lib/route-params.ts';

export const Route = createFileRoute(
  '/_authenticated/products/$productId/chemical-components/$productChemicalComponentId',
)({
  component: function ComponentRoute() {
    const { productId, productChemicalComponentId } = Route.useParams();
    return (
      <ComponentModal
        key={productChemicalComponentId}
        productId={parseId(productId)}
        id={parseId(productChemicalComponentId)}
      />
    );
  },
});
