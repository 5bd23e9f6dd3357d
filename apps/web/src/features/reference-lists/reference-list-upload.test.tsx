import type { ChangeSummary } from '@chemtrack/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import {
  ChangeSummaryPanel,
  type UploadFailure,
  UploadFailurePanel,
  UploadListButton,
} from './reference-list-upload.tsx';

const server = realApiServer();

/** The Upload button of one type with what the entry table shows after it: the summary or the refusal. */
function Harness() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [summary, setSummary] = useState<ChangeSummary | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  return (
    <QueryClientProvider client={client}>
      <UploadListButton type="cercla" onDone={setSummary} onFailed={setFailure} />
      {summary ? <ChangeSummaryPanel summary={summary} /> : null}
      {failure ? <UploadFailurePanel failure={failure} /> : null}
    </QueryClientProvider>
  );
}

const csv = (text: string) => new File([text], 'cercla.csv', { type: 'text/csv' });

describe('UploadListButton', { timeout: 30_000 }, () => {
  it('uploads a list with its progress, creates the entry and shows what changed', async () => {
    // The upload's answer waits: the bytes are sent (jsdom reports progress then) but not answered.
    await server.hold('response');
    render(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('CERCLA list file'),
      csv('Chemical Name,CAS #,Final RQ (lb)\nAmmonia,7664-41-7,100\nChlorine,7782-50-5,10\n'),
    );
    expect(await screen.findByText('Uploading... 100%')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'CERCLA upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await server.release();
    // The dry run's summary comes first; nothing is replaced before Confirm.
    const review = await screen.findByRole('dialog', { name: 'Replace the CERCLA list?' });
    expect(within(review).getByRole('region', { name: 'CERCLA changes to confirm' }).textContent).toContain(
      '2 rows (before: 0): 2 added, 0 removed, 0 changed, 0 unchanged.',
    );
    expect(screen.queryByRole('region', { name: 'CERCLA change summary' })).toBeNull();
    await userEvent.click(within(review).getByRole('button', { name: 'Confirm' }));
    const first = await screen.findByRole('region', { name: 'CERCLA change summary' });
    expect(first.textContent).toContain('2 rows (before: 0): 2 added, 0 removed, 0 changed, 0 unchanged.');

    await userEvent.upload(
      screen.getByLabelText('CERCLA list file'),
      csv('Chemical Name,CAS #,Final RQ (lb)\nAmmonia,7664-41-7,"1,000"\nChloroform,67-66-3,10\n'),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Replace the CERCLA list?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    const second = await screen.findByText(/before: 2/);
    const panel = second.closest('section') as HTMLElement;
    expect(panel.textContent).toContain('2 rows (before: 2): 1 added, 1 removed, 1 changed, 0 unchanged.');
    expect(within(panel).getByText('Chloroform (67-66-3)')).toBeTruthy();
    expect(within(panel).getByText('Chlorine (7782-50-5)')).toBeTruthy();
    expect(
      within(panel).getByText('Ammonia (7664-41-7): Final Reportable Quantity: 100 → 1000'),
    ).toBeTruthy();
    const requests = (await server.requests()).map((request) => `${request.method} ${request.url}`);
    expect(requests).toContain('POST /api/admin/v1/file/upload?kind=database');
    expect(requests).toContain('POST /api/admin/v1/db-entry/create?dry_run=1');
    expect(requests).toContain('POST /api/admin/v1/db-entry/create');
  });

  it('warns of rows without a CAS number, and Cancel replaces nothing', async () => {
    const seen = (await server.requests()).length;
    const listBefore = await server.call('admin', 'GET', '/db-entry/list');
    render(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('CERCLA list file'),
      csv('Chemical Name,CAS #,Final RQ (lb)\nAmmonia,7664-41-7,100\nGlycol ethers,,1\nMystery,Varies,5\n'),
    );
    const review = await screen.findByRole('dialog', { name: 'Replace the CERCLA list?' });
    expect(within(review).getByRole('status').textContent).toBe(
      '2 rows have no CAS number and can never match a product: rows 3, 4.',
    );
    await userEvent.click(within(review).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'CERCLA change summary' })).toBeNull();
    const creates = (await server.requests())
      .slice(seen)
      .filter((request) => request.url.startsWith('/api/admin/v1/db-entry/create'));
    expect(creates.map((request) => request.url)).toEqual(['/api/admin/v1/db-entry/create?dry_run=1']);
    expect(await server.call('admin', 'GET', '/db-entry/list')).toEqual(listBefore);
  });

  it('shows a refused file with the rows and columns that are wrong', async () => {
    render(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('CERCLA list file'),
      csv('Chemical Name,CAS #,Final RQ (lb)\nAmmonia,7664-41-7,a lot\n'),
    );
    const alert = await screen.findByRole('alert', { name: 'CERCLA upload refused' });
    expect(alert.textContent).toContain(
      'The file could not be read as the CERCLA list; nothing was changed.',
    );
    expect(alert.textContent).toContain('Row 2, Final RQ (lb): "a lot" is not a number');
  });

  it('shows the refusal of a workbook renamed .csv', async () => {
    render(<Harness />);
    const zip = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])], 'list.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(screen.getByLabelText('CERCLA list file'), zip);
    const alert = await screen.findByRole('alert', { name: 'CERCLA upload refused' });
    expect(alert.textContent).toContain('The file is not a valid CSV file');
  });
});
