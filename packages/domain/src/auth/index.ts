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
