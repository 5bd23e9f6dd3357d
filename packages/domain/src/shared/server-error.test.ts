import { describe, expect, it } from 'vitest';
import { buildServerErrorMessage } from './server-error.ts';

describe('buildServerErrorMessage', () => {
  it('uses the message when there are no field errors', () => {
    expect(buildServerErrorMessage({ message: 'Not found.' })).toBe('Not found.');
    expect(buildServerErrorMessage({ message: 'Not found.', errors: {} })).toBe('Not found.');
  });

  it('joins each field’s messages with ". " and the fields with a space', () => {
    expect(
      buildServerErrorMessage({
        message: 'ignored',
        errors: {
          email: ['Email is required', 'Invalid email format'],
          first_name: ['First name is required'],
        },
      }),
    ).toBe('Email is required. Invalid email format First name is required');
  });

  it('accepts a bare string per field and an empty body', () => {
    expect(buildServerErrorMessage({ errors: { name: 'Name is required' } })).toBe('Name is required');
    expect(buildServerErrorMessage(undefined)).toBe('');
  });
});
