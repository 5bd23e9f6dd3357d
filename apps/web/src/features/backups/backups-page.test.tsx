import { type BackupList, formatFileSize } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../lib/toast.ts';
import { realApiServer } from '../../test/api-server.ts';
import { catchSavedFiles } from '../../test/saved-files.ts';
import { ToastProbe } from '../../test/toast-probe.tsx';
import { BackupsPage } from './backups-page.tsx';

// The real app on the embedded database: scheduled backups on, every 24 hours, 7 kept.
const server = realApiServer();
const DAY_MS = 24 * 60 * 60 * 1000;
const STALE =
  "The last good backup is older than two scheduled periods: back up now and check the server's log.";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => dismissToast());
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BackupsPage />
      <ToastProbe />
    </QueryClientProvider>,
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Backups' }))
    .getAllByRole('row')
    .slice(1);

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** `2026-11-25T08:00:00.000Z` → `2026-11-25 08:00:00 UTC`, as the page writes times. */
const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

// The tests build on each other: none yet, then an old one, then one taken now.
describe('BackupsPage', { timeout: 60_000 }, () => {
  it('says there is no backup yet, and warns while the schedule is on', async () => {
    renderPage();
    expect(await screen.findByText('No backup yet.')).toBeTruthy();
    expect(screen.getByText('A backup is taken every 24 hours; the last 7 are kept.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(STALE);
    expect(bodyRows().map(cellsOf)).toEqual([['No backups yet.']]);
  });

  it('shows the last backup with its size and age, and warns when it is older than two periods', async () => {
    const createdAt = new Date(Date.now() - 3 * DAY_MS);
    const name = await server.backupArchive(createdAt, 2048);
    renderPage();
    expect(await screen.findByText(`${utc(createdAt.toISOString())} · 2 KB · 3 days ago`)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(STALE);
    expect(bodyRows().map(cellsOf)).toEqual([
      [utc(createdAt.toISOString()), '2 KB', '1', '1', '0', 'Download'],
    ]);
    expect(screen.getByRole('button', { name: `Download ${name}` })).toBeTruthy();
  });

  it('backs up now: busy while it runs, then the new archive heads the list and downloads as a tar', async () => {
    renderPage();
    await screen.findByText(/3 days ago/);
    await server.hold('request');
    await userEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(screen.getByRole('button', { name: 'Backing up…' })).toHaveProperty('disabled', true);
    await server.release();
    await waitFor(() => expect(bodyRows()).toHaveLength(2), { timeout: 45_000 });
    expect(screen.getByRole('button', { name: 'Back up now' })).toHaveProperty('disabled', false);

    const listed = await server.call<{ resource: BackupList }>('admin', 'GET', '/backups/list');
    const [taken] = listed.body.resource.items;
    if (!taken) throw new Error('no backup listed');
    const [toast] = JSON.parse(screen.getByTestId('toasts').textContent ?? '[]');
    expect(toast).toMatchObject({ variant: 'success', title: 'Backup created successfully' });
    const size = formatFileSize(taken.size_bytes);
    expect(bodyRows().map(cellsOf)).toEqual([
      [
        utc(taken.created_at),
        size,
        String(taken.tables),
        String(taken.rows),
        String(taken.files),
        'Download',
      ],
      [expect.stringMatching(/ UTC$/), '2 KB', '1', '1', '0', 'Download'],
    ]);
    expect(screen.getByText(`${utc(taken.created_at)} · ${size} · 0 minutes ago`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const { saved, click } = catchSavedFiles();
    await userEvent.click(screen.getByRole('button', { name: `Download ${taken.name}` }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(taken.name);
    const bytes = new Uint8Array(await (saved[0] as Blob).arrayBuffer());
    expect(bytes.length).toBe(taken.size_bytes);
    // A tar: the first entry's name, and the ustar magic at offset 257.
    const decode = (from: number, to: number) => new TextDecoder().decode(bytes.subarray(from, to));
    expect(decode(0, 21)).toBe('chemtrack-backup.json');
    expect(decode(257, 262)).toBe('ustar');
  });
});
