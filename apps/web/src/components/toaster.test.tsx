import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, showApiError } from '../lib/api.ts';
import { dismissToast, toast } from '../lib/toast.ts';
import { ToastAction, Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => dismissToast());
});

function shownToast(): HTMLElement {
  const viewport = screen.getByRole('region', { name: 'Notifications (F8)' });
  const item = viewport.querySelector('li');
  if (!item) throw new Error('no toast');
  return item;
}

describe('Toaster', () => {
  it('reads title and text as one sentence (spec 01 §8 "Welcome back! Successfully…")', () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'success', title: 'Welcome back!', description: 'Successfully logged in as Ada' });
    });
    expect(shownToast().textContent).toBe('Welcome back! Successfully logged in as Ada');
  });

  it('says title and text as given, even when they are the same word (spec 01 §8 reset failure)', () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Error', description: 'Error', duration: 3000 });
    });
    expect(shownToast().textContent).toBe('Error Error');
  });

  it('renders an action as a Radix toast action with its alt text', () => {
    const onUndo = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({
        title: 'User archived',
        action: (
          <ToastAction altText="Undo the archive" onClick={onUndo}>
            Undo
          </ToastAction>
        ),
      });
    });
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(
      undo.closest('[data-radix-toast-announce-alt]')?.getAttribute('data-radix-toast-announce-alt'),
    ).toBe('Undo the archive');
    // A plain click: jsdom has no pointer capture, which the toast's swipe handling asks for.
    fireEvent.click(undo);
    expect(onUndo).toHaveBeenCalledTimes(1);
  });
});

// How the API's errors read in the notice (lib/api.ts's showApiError, shown by the Toaster).
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
