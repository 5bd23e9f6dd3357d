import { createFileRoute } from '@tanstack/react-router';
import { dbEntryListOptions } from '../../../features/database/api.ts';
import { DatabasePage } from '../../../features/database/database-page.tsx';
import { prefetchList } from '../../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/database/')({
  loader: ({ context }) => prefetchList(context.queryClient, dbEntryListOptions()),
  component: DatabasePage,
});
