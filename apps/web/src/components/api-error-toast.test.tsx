import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, showApiError } from '../lib/api.ts';
import { dismissToast } from '../lib/toast.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => dismissToast());
});

function shownToast(): HTMLElement {
  const viewport = screen.getByRole('region', { name: 'Notifications (F8)' });
  const item = viewport.querySelector('li');
  if (!item) throw new Error('no toast');
  return item;
}

describe('showApiError', () => {
  it('says a message-only server error once: its text would repeat its title', () => {
    render(<Toaster />);
    const message = 'The hazard class is used by 2 product(s) and cannot be deleted. Archive it instead.';
    act(() => showApiError(new ApiError(409, { message })));
    expect(shownToast().textContent).toBe(message);
  });

  it('keeps the field messages under the title when the answer has them', () => {
    render(<Toaster />);
    act(() =>
      showApiError(
        new ApiError(422, {
          message: 'The given data was invalid.',
          errors: { name: ['The name has already been taken.'] },
        }),
      ),
    );
    expect(shownToast().textContent).toBe('The given data was invalid. The name has already been taken.');
  });
});
