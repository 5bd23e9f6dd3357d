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

/** Signs the user out everywhere: every live session of theirs ends (issue 12). */
export function endUserSessions(id: number) {
  return api.post<EndSessionsResponse>(`/users/${id}/end-sessions`, {});
}
