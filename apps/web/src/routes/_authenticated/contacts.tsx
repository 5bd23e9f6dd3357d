import { createFileRoute } from '@tanstack/react-router';
import { ContactsSearchSchema, contactsApi } from '../../features/contacts/api.ts';
import { ContactsPage } from '../../features/contacts/contacts-page.tsx';
import { prefetchList, toListParams } from '../../lib/list-search.ts';

export const Route = createFileRoute('/_authenticated/contacts')({
  validateSearch: ContactsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchList(context.queryClient, contactsApi.listOptions(toListParams(deps))),
  component: function ContactsRoute() {
    return <ContactsPage search={Route.useSearch()} />;
  },
});
