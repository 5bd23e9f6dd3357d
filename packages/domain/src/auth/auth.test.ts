import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, SetPasswordFormSchema, SetPasswordSearchSchema } from './index.ts';

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
