import { createFileRoute } from '@tanstack/react-router';
import { componentLinksApi } from '../../../../../features/chemical-components/api.ts';
import { ComponentModal } from '../../../../../features/chemical-components/component-form.tsx';
import { isRecordId, loadRecordOrLeave, parseId } from '../../../../../lib/route-params.ts';

export const Route = createFileRoute(
  '/_authenticated/products/$productId/chemical-components/$productChemicalComponentId',
)({
  loader: ({ context, params, location, preload }) => {
    // A product id that names no product is the product route's to answer ("Product not found.").
    if (!isRecordId(params.productId)) return;
    const productId = Number(params.productId);
    return loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.productChemicalComponentId,
      options: componentLinksApi({ kind: 'product', productId }).detailOptions,
      entity: 'Chemical component',
      list: `/products/${productId}`,
      location,
      preload,
    });
  },
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
