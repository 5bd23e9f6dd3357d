import type { LookupResource } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../components/toaster.tsx';
import { hazardsApi } from '../features/hazards/api.ts';
import { realApiServer } from '../test/api-server.ts';
import { dismissToast } from './toast.ts';
import { useRecordMutations } from './use-record-mutations.ts';

/**
 * The one answer every edit form gives a save over a newer version (issue 22.1), through
 * useRecordMutations' `reload`: the typed value stays, the notice gives the server's message and
 * Reload, and Reload fills the form with the record as it now is.
 */
const server = realApiServer();

afterEach(() => {
  act(() => dismissToast());
});

function HazardForm({ id }: { id: number }) {
  const { data } = useSuspenseQuery(hazardsApi.detailOptions(id));
  const hazard = data.resource;
  const form = useForm<{ name: string; description: string }>({
    defaultValues: { name: hazard.name, description: hazard.description },
  });
  const { save } = useRecordMutations<LookupResource, { name: string; description: string }>({
    entity: 'Hazard class',
    isNew: false,
    nameOf: (h) => h.name,
    save: (values) => hazardsApi.save(id, values, hazard.updated_at),
    invalidate: [],
    setError: form.setError,
    onDone: () => {},
    reload: {
      queryKey: hazardsApi.keys.detail(id),
      load: (h) => form.reset({ name: h.name, description: h.description }),
    },
  });
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <label>
        Description
        <input {...form.register('description')} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

function Harness({ id }: { id: number }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>Loading</p>}>
        <HazardForm id={id} />
      </Suspense>
      <Toaster />
    </QueryClientProvider>
  );
}

describe('a save over a newer version', () => {
  it('keeps what was typed, says who changed the record, and Reload loads the newer record', async () => {
    const id = await server.create('/hazards/create', {
      name: `Stale Hazard ${Date.now()}`,
      description: 'First',
    });
    render(<Harness id={id} />);
    const description = await screen.findByLabelText('Description');
    expect(description).toHaveProperty('value', 'First');

    // Someone else saves the record after this form loaded it.
    const { body: current } = await server.call<{ resource: LookupResource }>(
      'admin',
      'GET',
      `/hazards/${id}/get`,
    );
    const other = await server.call<{ resource: LookupResource }>('admin', 'PATCH', `/hazards/${id}/update`, {
      name: current.resource.name,
      description: 'Changed elsewhere',
      updated_at: current.resource.updated_at,
    });
    expect(other.status).toBe(200);

    await userEvent.clear(description);
    await userEvent.type(description, 'Typed here');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByText(/^This record was changed by .+\. Reload to see the changes\.$/);
    expect(notice.textContent).toMatch(
      /^This record was changed by Ada Tester at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\. Reload to see the changes\.$/,
    );
    expect(screen.getAllByText('Record changed').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Typed here');

    // A click alone: the toast viewport lets pointers through, and jsdom has no pointer capture
    // for the toast's swipe handling.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Changed elsewhere'),
    );
  });
});
