import { createFileRoute } from '@tanstack/react-router';
import { ComponentModal } from '../../../../../features/chemical-components/component-form.tsx';
import { parseId } from '../../../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/products/$productId/chemical-components/create')({
  component: function CreateComponentRoute() {
    const { productId } = Route.useParams();
    return <ComponentModal productId={parseId(productId)} id={undefined} />;
  },
});
