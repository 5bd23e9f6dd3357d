import type { UserResource } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { dismissToast, useToasts } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { EndSessionsButton } from '../users/end-sessions-button.tsx';

/** The technician form's End Sessions button: the users' component on the technicians' route. */

const server = realApiServer();
let technician: UserResource;

beforeAll(async () => {
  const me = await server.call<{ resource: UserResource }>('admin', 'GET', '/auth/me');
  useSession.setState({ user: me.body.resource });
  technician = (await server.call<{ resource: UserResource }>('technician', 'GET', '/auth/me')).body.resource;
});

afterEach(() => {
  act(() => dismissToast());
});

function Harness() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const toasts = useToasts().filter((t) => t.open);
  return (
    <QueryClientProvider client={client}>
      <EndSessionsButton base="/technicians" userId={technician.id} fullName={technician.profile.full_name} />
      <output data-testid="toasts">
        {JSON.stringify(toasts.map(({ title, description }) => ({ title, description })))}
      </output>
    </QueryClientProvider>
  );
}

describe('End Sessions on a technician', () => {
  it('asks first, then ends every session of the technician through the technicians route', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'End Sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End all sessions?' });
    expect(dialog.textContent).toContain(
      `${technician.profile.full_name} will be signed out on every device and must sign in again.`,
    );
    const confirm = screen.getAllByRole('button', { name: 'End Sessions' }).at(-1) as HTMLElement;
    await userEvent.click(confirm);
    // A real server's round trip: on a loaded machine it can take longer than waitFor's 1 s.
    await waitFor(
      () =>
        expect(JSON.parse(screen.getByTestId('toasts').textContent ?? '[]')).toEqual([
          { title: 'Sessions ended', description: `1 session of ${technician.profile.full_name} was ended.` },
        ]),
      { timeout: 10_000 },
    );
    expect((await server.call('technician', 'GET', '/auth/me')).status).toBe(401);
    const calls = (await server.requests()).filter((request) => request.url.includes('/end-sessions'));
    expect(calls.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST /api/admin/v1/technicians/${technician.id}/end-sessions`,
    ]);
  });

  it('is not shown to staff, who may not end a technician’s sessions', async () => {
    const staff = await server.call<{ resource: UserResource }>('staff', 'GET', '/auth/me');
    useSession.setState({ user: staff.body.resource });
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'End Sessions' })).toBeNull();
  });
});
