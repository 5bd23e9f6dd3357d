import { ACCOUNT_ORDER_KEYS, type SaveUserRequest, type UserResource } from '@chemtrack/domain';
import { listSearchSchema } from '../../lib/list-search.ts';
import { resourceApi } from '../../lib/resource-api.ts';

// The users form sends only its fields on create too: the server sets a new account's state.
export const usersApi = resourceApi<UserResource, SaveUserRequest>('/users', { createDefaults: {} });
export const UsersSearchSchema = listSearchSchema(ACCOUNT_ORDER_KEYS);
