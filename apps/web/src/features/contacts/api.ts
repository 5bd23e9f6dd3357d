import {
  CONTACT_ORDER_KEYS,
  type ContactResource,
  recordIdSchema,
  type SaveContactRequest,
} from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

/** The save body: the request as the domain types it, without the flag the client adds. */
export type ContactBody = Omit<SaveContactRequest, 'encode'>;

export const contactsApi = resourceApi<ContactResource, ContactBody>('/contacts');

/** The contacts list in the URL: the list's words plus its customer filter. */
export const ContactsSearchSchema = listSearchSchema(CONTACT_ORDER_KEYS, {
  customer_id: recordIdSchema('The customer id must be a record id').optional(),
});
