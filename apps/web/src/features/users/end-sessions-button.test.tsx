import type { UserResource } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { dismissToast, useToasts } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { EndSessionsButton } from './end-sessions-button.tsx';

const server = realApiServer();
let staff: UserResource;

beforeAll(async () => {
  const me = await server.call<{ resource: UserResource }>('admin', 'GET', '/auth/me');
  useSession.setState({ user: me.body.resource });
  staff = (await server.call<{ resource: UserResource }>('staff', 'GET', '/auth/me')).body.resource;
});

afterEach(() => {
  act(() => dismissToast());
});

function Harness() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const toasts = useToasts().filter((t) => t.open);
  return (
    <QueryClientProvider client={client}>
      <EndSessionsButton userId={staff.id} fullName={staff.profile.full_name} />
      <output data-testid="toasts">
        {JSON.stringify(toasts.map(({ title, description }) => ({ title, description })))}
      </output>
    </QueryClientProvider>
  );
}

describe('EndSessionsButton', () => {
  it('asks first, then ends every session of the user: their next call is refused', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'End Sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End all sessions?' });
    expect(dialog.textContent).toContain(
      `${staff.profile.full_name} will be signed out on every device and must sign in again.`,
    );
    // Cancel changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await server.call('staff', 'GET', '/auth/me')).status).toBe(200);

    await userEvent.click(screen.getByRole('button', { name: 'End Sessions' }));
    await screen.findByRole('alertdialog');
    const confirm = screen.getAllByRole('button', { name: 'End Sessions' }).at(-1) as HTMLElement;
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('toasts').textContent ?? '[]')).toEqual([
        { title: 'Sessions ended', description: `1 session of ${staff.profile.full_name} was ended.` },
      ]),
    );
    expect((await server.call('staff', 'GET', '/auth/me')).status).toBe(401);
  });

  it('is not shown to someone who may not end sessions', () => {
    useSession.setState({ user: staff });
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'End Sessions' })).toBeNull();
  });
});
