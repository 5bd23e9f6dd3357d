import { z } from 'zod';
import {
  EmailSchema,
  EncodeFlagSchema,
  FirstNameSchema,
  LastNameSchema,
  OptionalPhoneSchema,
  PasswordSchema,
} from '../shared/fields.ts';
import { MSG } from '../shared/messages.ts';
import { UserResourceSchema } from '../users/index.ts';

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired, abort: true })
    .min(8, MSG.passwordMin),
  rememberMe: z.boolean().default(false),
  encode: EncodeFlagSchema,
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  message: z.string(),
  credentials: z.object({ access_token: z.string(), expires_at: z.string() }),
  resource: UserResourceSchema,
  /** The account had never signed in before (issue 33 point 15: no "Welcome back!" on a first visit). */
  first_sign_in: z.boolean(),
});

/**
 * The sign-in greeting as title and text (spec 01 §8: "Welcome back! Successfully logged in as
 * {name}"); an account's first sign-in is welcomed, not welcomed back.
 */
export function signInGreeting(firstName: string, isFirstSignIn: boolean): { title: string; text: string } {
  return {
    title: isFirstSignIn ? 'Welcome to ChemTrack!' : 'Welcome back!',
    text: `Successfully logged in as ${firstName}`,
  };
}
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ForgotPasswordQuerySchema = z.object({ username: EmailSchema });
/** The forgot-password form has one field, checked with the login e-mail rule. */
export const ForgotPasswordFormSchema = z.object({ email: EmailSchema });

export const SetPasswordRequestSchema = z.object({
  token: z.string({ error: MSG.tokenRequired }).min(1, MSG.tokenRequired),
  password: PasswordSchema,
  encode: EncodeFlagSchema,
});

/** The form adds the confirmation on top of the request contract. */
export const SetPasswordFormSchema = z
  .object({ password: PasswordSchema, password_confirmation: z.string() })
  .refine((form) => form.password === form.password_confirmation, {
    message: MSG.passwordsDontMatch,
    path: ['password_confirmation'],
  });
export type SetPasswordForm = z.infer<typeof SetPasswordFormSchema>;

/**
 * Why a set-password link was sent: a reset asked for on the sign-in page, or the invitation of a
 * new account. The page says which before anything is typed (issue 33 point 15): a used
 * invitation is not a "password reset link".
 */
export const PASSWORD_LINK_PURPOSES = ['reset', 'invitation'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];
export const PASSWORD_LINK_STATES = ['valid', 'used', 'expired', 'unknown'] as const;
export type PasswordLinkState = (typeof PASSWORD_LINK_STATES)[number];

export const PasswordLinkQuerySchema = z.object({
  token: z.string({ error: MSG.tokenRequired }).min(1, MSG.tokenRequired).max(200, MSG.tokenRequired),
});
/** A link's purpose (null when the token is unknown) and whether it can still set a password. */
export const PasswordLinkResourceSchema = z.object({
  purpose: z.enum(PASSWORD_LINK_PURPOSES).nullable(),
  state: z.enum(PASSWORD_LINK_STATES),
});
export type PasswordLinkResource = z.infer<typeof PasswordLinkResourceSchema>;

export const PASSWORD_LINK_MSG = {
  invitationUsed:
    'This invitation link was already used to choose a password. Sign in with that password, or use Forgot Password? to get a new one.',
  invitationExpired:
    'This invitation link has expired. Ask an administrator to send it again, or use Forgot Password? to choose a password.',
} as const;

/**
 * What the set-password page says instead of its form, or null when the form is shown. Only an
 * invitation is answered before anything is typed: a reset link that no longer works keeps the
 * spec's notice after the save (spec 01 §8, "Set-password failure").
 */
export function passwordLinkProblem(link: PasswordLinkResource): string | null {
  if (link.state === 'valid' || link.purpose !== 'invitation') return null;
  return link.state === 'used' ? PASSWORD_LINK_MSG.invitationUsed : PASSWORD_LINK_MSG.invitationExpired;
}

export const SetPasswordSearchSchema = z.object({
  token: z.string().min(1, MSG.tokenRequired).optional(),
});

export const UpdateProfileRequestSchema = z.object({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  /** An empty password leaves it unchanged. */
  password: z.union([z.literal(''), PasswordSchema]).nullish(),
  role: z.string().optional(),
  encode: EncodeFlagSchema,
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;
/** A profile save as the server reads it, once the schema has parsed it. */
export type UpdateProfile = z.output<typeof UpdateProfileRequestSchema>;
