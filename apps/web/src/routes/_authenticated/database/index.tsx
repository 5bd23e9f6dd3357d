import { createFileRoute } from '@tanstack/react-router';
import { referenceListsOptions } from '../../../features/reference-lists/api.ts';
import { ReferenceListsPage } from '../../../features/reference-lists/reference-lists-page.tsx';
import { prefetchList } from '../../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/database/')({
  loader: ({ context }) => prefetchList(context.queryClient, referenceListsOptions()),
  component: ReferenceListsPage,
});
