import {
  ACCOUNT_ORDER_KEYS,
  type EndSessionsResponse,
  type SaveUserRequest,
  type UserResource,
} from '@chemtrack/domain';
import { api } from '../../lib/api.ts';
import { listSearchSchema } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

// The users form sends only its fields on create too: the server sets a new account's state.
export const usersApi = resourceApi<UserResource, SaveUserRequest>('/users', { createDefaults: {} });
export const UsersSearchSchema = listSearchSchema(ACCOUNT_ORDER_KEYS);

/** The screens whose accounts an admin may sign out everywhere. */
export type AccountsBase = '/users' | '/technicians';

/** Signs a user or a technician out everywhere: every live session of theirs ends (issue 12). */
export function endAccountSessions(base: AccountsBase, id: number) {
  return api.post<EndSessionsResponse>(`${base}/${id}/end-sessions`, {});
}
