import { createFileRoute } from '@tanstack/react-router';
import { ContactModal } from '../../../features/contacts/contacts-form.tsx';

export const Route = createFileRoute('/_authenticated/contacts/create')({
  component: function ContactCreateRoute() {
    // "+ Add New Contact" of a facility's form opens this for the facility's customer.
    const { customer_id } = Route.useSearch();
    return <ContactModal id={undefined} customerId={customer_id} />;
  },
});
