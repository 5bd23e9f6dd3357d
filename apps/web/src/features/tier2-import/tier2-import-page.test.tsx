import fs from 'node:fs';
import path from 'node:path';
import { TIER2_IMPORT_MSG, type UserResource } from '@chemtrack/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { realApiServer } from '../../test/api-server.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { CREATE_NEW_PRODUCT, Tier2ImportPage } from './tier2-import-page.tsx';

const server = realApiServer();

const SAMPLE = fs.readFileSync(
  path.join(import.meta.dirname, '../../../../server/test/fixtures/tier2/epcra_tier2_data.xml'),
  'utf8',
);

afterEach(() => {
  useSession.setState({ user: null });
});

function renderPage() {
  renderRoutes({ '/reports/tier2-import': () => <Tier2ImportPage /> }, '/reports/tier2-import');
}

const xml = (text: string, name = 'epcra_tier2_data.xml') => new File([text], name, { type: 'text/xml' });

describe('Tier2ImportPage', { timeout: 60_000 }, () => {
  it('previews the shared sample (nothing written), then imports it and links what was written', async () => {
    useSession.setState({ user: { role: 'staff' } as UserResource });
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Tier II file'), xml(SAMPLE));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, { timeout: 30_000 });
    expect(preview.textContent).toContain(
      'Preview: 1 facility(ies), 2 chemical(s), 4 contact(s). Nothing was written.',
    );
    const rows = (caption: string) =>
      within(within(preview).getByRole('table', { name: caption }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rows('Facilities')).toEqual([
      'Green Valley Water Facility123 First Avenue, Colchester, VT 05408New—New 2025 inventory',
    ]);
    // Issue 33: each chemical says which product it uses and why (here none: the catalogue is empty).
    expect(rows('Chemicals')).toEqual([
      `Chlorine7782-50-5NewNew product${TIER2_IMPORT_MSG.noMatch}New product020000061`,
      `Fluorosilic Acid16961-83-4NewNew product${TIER2_IMPORT_MSG.noMatch}New product345000071`,
    ]);
    expect(
      within(within(preview).getByRole('list', { name: 'What the file brings' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      TIER2_IMPORT_MSG.notCarried,
      TIER2_IMPORT_MSG.linesComeIn,
      TIER2_IMPORT_MSG.hazardsFromFile,
      TIER2_IMPORT_MSG.coordinator,
    ]);
    expect(rows('Contacts')).toHaveLength(4);
    const before = await server.call<{ resource: { meta: { total: number } } }>(
      'admin',
      'GET',
      '/customers/list',
    );
    expect(before.body.resource.meta.total).toBe(0);

    await userEvent.click(within(preview).getByRole('button', { name: 'Import' }));
    const done = await screen.findByRole('region', { name: 'Imported' }, { timeout: 30_000 });
    expect(done.textContent).toContain('Tier II file imported: 1 facility(ies), 2 inventory line(s).');
    expect(
      within(done).getByRole('link', { name: 'Green Valley Water Facility, 2025 inventory' }),
    ).toBeTruthy();
    const after = await server.call<{ resource: { items: { name: string }[] } }>(
      'admin',
      'GET',
      '/customers/list',
    );
    expect(after.body.resource.items.map((item) => item.name)).toEqual(['Green Valley Water Facility']);
  });

  it('names the catalogue product a chemical will use and why, and "Create a new product" is sent with the import', async () => {
    useSession.setState({ user: { role: 'staff' } as UserResource });
    renderPage();
    // The first test's import made Chlorine and Fluorosilic Acid catalogue products.
    await userEvent.upload(await screen.findByLabelText('Tier II file'), xml(SAMPLE));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, { timeout: 30_000 });
    const chemicals = within(preview).getByRole('table', { name: 'Chemicals' });
    const chlorine = within(chemicals).getAllByRole('row')[1]!;
    expect(chlorine.textContent).toContain(
      `Chlorine · Unknown (Tier II import) · CAS 7782-50-5${TIER2_IMPORT_MSG.matchedPure('7782-50-5')}`,
    );
    const choice = within(chlorine).getByRole('combobox', { name: 'Product for Chlorine' });
    expect((choice as HTMLSelectElement).value).toBe('catalogue');
    await userEvent.selectOptions(choice, CREATE_NEW_PRODUCT);

    await userEvent.click(within(preview).getByRole('button', { name: 'Import' }));
    const done = await screen.findByRole('region', { name: 'Imported' }, { timeout: 30_000 });
    // Only the chlorine is new (the choice went with the import): the acid uses the catalogue's.
    expect(done.textContent).toContain('1 product(s) created');
  });

  it("shows the server's message for a refused file and writes nothing", async () => {
    useSession.setState({ user: { role: 'staff' } as UserResource });
    renderPage();
    await userEvent.upload(
      await screen.findByLabelText('Tier II file'),
      xml(SAMPLE.replace('reportyear="2025"', 'reportyear="2016"')),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert', {}, { timeout: 30_000 })).textContent).toBe(
      'Tier II files before reporting year 2017 use the five old hazard categories; import a 2017 or later file.',
    );
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });
});
