import { z } from 'zod';
import { ROLES, USER_ROLES } from '../shared/enums.ts';
import {
  ActiveFlagSchema,
  EmailSchema,
  EncodeFlagSchema,
  FirstNameSchema,
  LastNameSchema,
  OptionalPhoneSchema,
} from '../shared/fields.ts';
import { makeListQuerySchema } from '../shared/list.ts';
import { MSG } from '../shared/messages.ts';
import { READ_VERSION_FIELD } from '../shared/record-version.ts';

export const UserProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
});

export const UserResourceSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  profile: UserProfileSchema,
  address: z.object({ phone: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserResource = z.infer<typeof UserResourceSchema>;

/** What a user and a technician both are (spec 01 §3): a name, an e-mail and a phone. */
const PersonSchema = z.object({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  ...READ_VERSION_FIELD,
  encode: EncodeFlagSchema,
});

export const SaveUserRequestSchema = PersonSchema.extend({
  role: z.enum(USER_ROLES, { error: MSG.roleInvalid }),
});
export type SaveUserRequest = z.input<typeof SaveUserRequestSchema>;

export const SaveTechnicianRequestSchema = PersonSchema.extend({
  is_active: ActiveFlagSchema.optional(),
});
export type SaveTechnicianRequest = z.input<typeof SaveTechnicianRequestSchema>;

/** The columns the user and technician lists may sort by; `name` is the full name. */
export const ACCOUNT_ORDER_KEYS = [
  'first_name',
  'last_name',
  'name',
  'email',
  'created_at',
  'updated_at',
] as const;
export const AccountListQuerySchema = makeListQuerySchema(ACCOUNT_ORDER_KEYS);
export type AccountListQuery = z.infer<typeof AccountListQuerySchema>;
export type AccountOrderKey = (typeof ACCOUNT_ORDER_KEYS)[number];

/**
 * An admin ends every session of a user from the user's form (a lost laptop, a person leaving):
 * the user must sign in again on every device. `ended_sessions` counts the sessions that were live.
 */
export const EndSessionsResponseSchema = z.object({
  message: z.string(),
  resource: z.object({ ended_sessions: z.number().int() }),
});
export type EndSessionsResponse = z.infer<typeof EndSessionsResponseSchema>;

export const endSessionsMessage = (fullName: string, count: number) =>
  count === 1 ? `1 session of ${fullName} was ended.` : `${count} sessions of ${fullName} were ended.`;

/** A user's (and a technician's) fields under the labels its form shows (audit log, issue 22). */
export const USER_FIELD_LABELS = {
  email: 'Email',
  role: 'Role',
  is_active: 'Active',
  first_name: 'First Name',
  last_name: 'Last Name',
  full_name: 'Name',
  phone: 'Mobile Phone',
  profile: 'Profile',
  address: 'Address',
} as const;
