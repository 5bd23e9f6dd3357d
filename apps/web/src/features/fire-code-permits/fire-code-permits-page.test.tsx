import type { PermitAmountResource, UserResource } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { realApiServer } from '../../test/api-server.ts';
import { FireCodePermitsPage } from './fire-code-permits-page.tsx';

const server = realApiServer();

afterEach(() => {
  useSession.setState({ user: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FireCodePermitsPage />
    </QueryClientProvider>,
  );
}

const CLASS_I_INSIDE = 'Flammable liquid Class I (IA, IB, IC), liquid, inside a building';

async function storedClassIInside(): Promise<number | null> {
  const answer = await server.call<{ resource: PermitAmountResource[] }>(
    'admin',
    'GET',
    '/fire-code-permit-amounts/list',
  );
  const row = answer.body.resource.find(
    (item) => item.permit_group === 'flammable_liquid_i' && item.form === 'liquid' && item.place === 'inside',
  );
  return row?.amount ?? null;
}

describe('FireCodePermitsPage', { timeout: 30_000 }, () => {
  it('an admin edits one amount: a minus is refused under the field, a figure is saved', async () => {
    useSession.setState({ user: { role: 'admin' } as UserResource });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Permit amounts' });
    await within(table).findAllByText('Flammable liquid Class I (IA, IB, IC)');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Flammable liquid Class I (IA, IB, IC)', 'Liquid', 'Inside a building', '5', 'gal', 'Edit']);
    await userEvent.click(screen.getByRole('button', { name: `Edit ${CLASS_I_INSIDE}` }));
    const input = screen.getByRole('textbox', { name: `Permit amount of ${CLASS_I_INSIDE}` });
    await userEvent.clear(input);
    await userEvent.type(input, '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Permit Amount must be 0 or more.');
    expect(await storedClassIInside()).toBe(5);

    await userEvent.clear(input);
    await userEvent.type(input, '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: `Edit ${CLASS_I_INSIDE}` }, { timeout: 10_000 });
    expect(await storedClassIInside()).toBe(7.5);
  });

  it('staff read the amounts and get no Edit', async () => {
    useSession.setState({ user: { role: 'staff' } as UserResource });
    renderPage();
    expect((await screen.findAllByText('Explosive')).length).toBe(6);
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});
