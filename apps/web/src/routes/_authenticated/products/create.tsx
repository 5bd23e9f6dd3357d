import { createFileRoute } from '@tanstack/react-router';
import { ProductListSearchSchema } from '../../../features/products/list-search.ts';
import { ProductFormPage } from '../../../features/products/products-form.tsx';

// The list's search rides along so saving or cancelling returns to the same page of the list.
export const Route = createFileRoute('/_authenticated/products/create')({
  validateSearch: ProductListSearchSchema,
  component: () => <ProductFormPage productId={undefined} />,
});
