import { describe, expect, it } from 'vitest';
import {
  LoginRequestSchema,
  PASSWORD_LINK_MSG,
  passwordLinkProblem,
  SetPasswordFormSchema,
  SetPasswordSearchSchema,
} from './index.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('LoginRequestSchema', () => {
  it('lower-cases the e-mail and defaults rememberMe to false', () => {
    expect(LoginRequestSchema.parse({ email: ' Ada@Example.COM ', password: 'Secret123' })).toEqual({
      email: 'ada@example.com',
      password: 'Secret123',
      rememberMe: false,
    });
  });

  it('reports one message per field, the first rule that fails', () => {
    expect(messages(LoginRequestSchema.safeParse({ email: '', password: '' }))).toEqual([
      'email: Email is required',
      'password: Password is required',
    ]);
  });
});

describe('SetPasswordFormSchema', () => {
  it.each([
    [{ password: 'Ab1', password_confirmation: 'Ab1' }, ['password: Password must be at least 8 characters']],
    [
      { password: 'abcdefgh', password_confirmation: 'abcdefgh' },
      ['password: Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    ],
    [
      { password: 'Abcdefg1', password_confirmation: 'Abcdefg2' },
      ["password_confirmation: Passwords don't match"],
    ],
    [{ password: 'Abcdefg1', password_confirmation: 'Abcdefg1' }, []],
  ])('checks %j', (form, expected) => {
    expect(messages(SetPasswordFormSchema.safeParse(form))).toEqual(expected);
  });
});

describe('SetPasswordSearchSchema', () => {
  it('accepts no token or a non-empty one, refuses an empty one', () => {
    expect(SetPasswordSearchSchema.safeParse({}).success).toBe(true);
    expect(SetPasswordSearchSchema.safeParse({ token: 'abc' }).success).toBe(true);
    expect(messages(SetPasswordSearchSchema.safeParse({ token: '' }))).toEqual(['token: Token is required']);
  });
});

// Issue 33 point 15: a used invitation says it was an invitation before the form is filled.
describe('passwordLinkProblem', () => {
  it('names a used or expired invitation and leaves every other link to the form', () => {
    expect(passwordLinkProblem({ purpose: 'invitation', state: 'used' })).toBe(
      'This invitation link was already used to choose a password. Sign in with that password, or use Forgot Password? to get a new one.',
    );
    expect(passwordLinkProblem({ purpose: 'invitation', state: 'expired' })).toBe(
      PASSWORD_LINK_MSG.invitationExpired,
    );
    expect(passwordLinkProblem({ purpose: 'invitation', state: 'valid' })).toBeNull();
    expect(passwordLinkProblem({ purpose: 'reset', state: 'used' })).toBeNull();
    expect(passwordLinkProblem({ purpose: null, state: 'unknown' })).toBeNull();
  });
});
