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

/** The one End Sessions button, on the user form and (through its own route) the technician form. */

const server = realApiServer();
let admin: UserResource;
let staff: UserResource;
let technician: UserResource;

beforeAll(async () => {
  admin = (await server.call<{ resource: UserResource }>('admin', 'GET', '/auth/me')).body.resource;
  staff = (await server.call<{ resource: UserResource }>('staff', 'GET', '/auth/me')).body.resource;
  technician = (await server.call<{ resource: UserResource }>('technician', 'GET', '/auth/me')).body.resource;
});

afterEach(() => {
  act(() => dismissToast());
});

function Harness({ base, account }: { base: '/users' | '/technicians'; account: UserResource }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const toasts = useToasts().filter((t) => t.open);
  return (
    <QueryClientProvider client={client}>
      <EndSessionsButton base={base} userId={account.id} fullName={account.profile.full_name} />
      <output data-testid="toasts">
        {JSON.stringify(toasts.map(({ title, description }) => ({ title, description })))}
      </output>
    </QueryClientProvider>
  );
}

describe.each([
  { base: '/users', role: 'staff', account: () => staff },
  { base: '/technicians', role: 'technician', account: () => technician },
] as const)('EndSessionsButton on $base', ({ base, role, account }) => {
  it('asks first, then ends every session of the account through its area route: its next call is refused', async () => {
    useSession.setState({ user: admin });
    render(<Harness base={base} account={account()} />);
    const name = account().profile.full_name;
    await userEvent.click(screen.getByRole('button', { name: 'End Sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End all sessions?' });
    expect(dialog.textContent).toContain(
      `${name} will be signed out on every device and must sign in again.`,
    );
    // Cancel changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await server.call(role, 'GET', '/auth/me')).status).toBe(200);

    await userEvent.click(screen.getByRole('button', { name: 'End Sessions' }));
    await screen.findByRole('alertdialog');
    const confirm = screen.getAllByRole('button', { name: 'End Sessions' }).at(-1) as HTMLElement;
    await userEvent.click(confirm);
    // A real server's round trip: on a loaded machine it can take longer than waitFor's 1 s.
    await waitFor(
      () =>
        expect(JSON.parse(screen.getByTestId('toasts').textContent ?? '[]')).toEqual([
          { title: 'Sessions ended', description: `1 session of ${name} was ended.` },
        ]),
      { timeout: 10_000 },
    );
    expect((await server.call(role, 'GET', '/auth/me')).status).toBe(401);
    const calls = (await server.requests()).filter((request) =>
      request.url.endsWith(`/${account().id}/end-sessions`),
    );
    expect(calls.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST /api/admin/v1${base}/${account().id}/end-sessions`,
    ]);
  });

  it('is not shown to staff, who may not end sessions', () => {
    useSession.setState({ user: staff });
    render(<Harness base={base} account={account()} />);
    expect(screen.queryByRole('button', { name: 'End Sessions' })).toBeNull();
  });
});
