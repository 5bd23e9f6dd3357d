import { REGULATORY_LIST_TYPES, type RegulatoryListType } from '@chemtrack/domain';
import { createFileRoute, redirect } from '@tanstack/react-router';
import {
  RegulatoryEntrySearchSchema,
  referenceListEntriesOptions,
} from '../../../features/reference-lists/api.ts';
import { ReferenceListPage } from '../../../features/reference-lists/reference-list-page.tsx';
import { prefetchList, toListParams } from '../../../lib/list-search.ts';

function isListType(type: string): type is RegulatoryListType {
  return (REGULATORY_LIST_TYPES as readonly string[]).includes(type);
}

// /database/313, /database/cercla, /database/rmp, /database/ehs, /database/psm (spec 02 §2); any
// other type goes back to the entry table.
export const Route = createFileRoute('/_authenticated/database/$type')({
  validateSearch: RegulatoryEntrySearchSchema,
  beforeLoad: ({ params }) => {
    if (!isListType(params.type)) throw redirect({ to: '/database' });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => {
    if (isListType(params.type)) {
      prefetchList(context.queryClient, referenceListEntriesOptions(params.type, toListParams(deps)));
    }
  },
  component: function ReferenceListRoute() {
    const { type } = Route.useParams();
    const search = Route.useSearch();
    return isListType(type) ? <ReferenceListPage type={type} search={search} /> : null;
  },
});
