import { createFileRoute } from '@tanstack/react-router';
import { contactsApi } from '../../../features/contacts/api.ts';
import { ContactModal } from '../../../features/contacts/contacts-form.tsx';
import { loadRecordOrLeave, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_authenticated/contacts/$contactId')({
  loader: ({ context, params, location, preload }) =>
    loadRecordOrLeave({
      queryClient: context.queryClient,
      id: params.contactId,
      options: contactsApi.detailOptions,
      entity: 'Contact',
      list: '/contacts',
      location,
      preload,
    }),
  component: function ContactRoute() {
    const { contactId } = Route.useParams();
    return <ContactModal key={contactId} id={parseId(contactId)} />;
  },
});
