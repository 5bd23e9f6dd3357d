import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouteErrorBox, RouteNotFound } from './route-fallbacks.tsx';

describe('RouteErrorBox', () => {
  it('says "Something went wrong!" and shows the error only on request', async () => {
    render(<RouteErrorBox error={new Error('The inventory list could not be read.')} />);
    const box = screen.getByRole('alert');
    expect(box.textContent).toContain('Something went wrong!');
    const toggle = screen.getByRole('button', { name: 'Show Error' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // The toggle controls the details, which start hidden.
    const details = screen.getByText('The inventory list could not be read.').closest('pre');
    expect(details?.id).toBe(toggle.getAttribute('aria-controls'));
    expect(details?.hidden).toBe(true);

    await userEvent.click(toggle);
    expect(toggle.textContent).toBe('Hide Error');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(details?.hidden).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.getByRole('button', { name: 'Show Error' }).getAttribute('aria-expanded')).toBe('false');
    expect(details?.hidden).toBe(true);
  });

  it('shows something thrown that is not an Error as text', async () => {
    render(<RouteErrorBox error="timeout" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('timeout').closest('pre')?.hidden).toBe(false);
  });
});

describe('RouteNotFound', () => {
  it('says Not Found', () => {
    render(<RouteNotFound />);
    expect(screen.getByText('Not Found')).toBeTruthy();
  });
});
