import type { ColumnDef } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SortState } from '../lib/pagination.ts';
import { DataTable } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  isActive: boolean;
  isFlagged?: boolean;
}

const columns: ColumnDef<Row>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name, meta: { sortKey: 'name' } },
  { id: 'id', header: 'Id', cell: ({ row }) => row.original.id },
];

function Harness({
  rows,
  isLoading = false,
  lastPage = 12,
}: {
  rows: Row[];
  isLoading?: boolean;
  lastPage?: number;
}) {
  const [page, setPage] = useState(5);
  const [sort, setSort] = useState<SortState | undefined>();
  return (
    <>
      <DataTable
        label="Things"
        columns={columns}
        data={rows}
        isLoading={isLoading}
        page={page}
        lastPage={lastPage}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        isRowArchived={(row) => !row.isActive}
        isRowHighlighted={(row) => row.isFlagged === true}
      />
      <output aria-label="state">{`${page}|${sort ? `${sort.field}:${sort.direction}` : 'none'}`}</output>
    </>
  );
}

const rows: Row[] = [
  { id: 1, name: 'Acetone', isActive: true },
  { id: 2, name: 'Benzene', isActive: false },
];

const MANY_ROWS: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Row ${i + 1}`,
  isActive: true,
}));

/** A table over a server's 23 rows, opened at ?page=999. */
function ServerHarness({ answeredPage }: { answeredPage?: number }) {
  const [page, setPage] = useState(999);
  const lastPage = Math.ceil(MANY_ROWS.length / 10);
  return (
    <>
      <DataTable
        label="Things"
        columns={columns}
        data={MANY_ROWS.slice((page - 1) * 10, page * 10)}
        isLoading={false}
        page={page}
        lastPage={lastPage}
        servedPage={answeredPage ?? page}
        onPageChange={setPage}
        sort={undefined}
        onSortChange={() => {}}
      />
      <output aria-label="page">{page}</output>
    </>
  );
}

describe('DataTable', () => {
  it('cycles a sortable header unsorted → asc → desc → unsorted, back to page 1 each time', async () => {
    render(<Harness rows={rows} />);
    const state = screen.getByLabelText('state');
    expect(state.textContent).toBe('5|none');
    const header = screen.getByRole('button', { name: 'Name' });
    await userEvent.click(header);
    expect(state.textContent).toBe('1|name:asc');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(header);
    expect(state.textContent).toBe('1|name:desc');
    await userEvent.click(header);
    expect(state.textContent).toBe('1|none');
    expect(screen.queryByRole('button', { name: 'Id' })).toBeNull();
  });

  it('pages with Prev, numbers with ellipses, and Next', async () => {
    render(<Harness rows={rows} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(['Prev', '1', '2', '3', '4', '5', '6', '11', '12', 'Next']);
    expect(nav.textContent).toContain('…');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('state').textContent).toBe('6|none');
  });

  it('greys archived rows, shows skeletons while loading and "No results." when empty', () => {
    const { rerender } = render(<Harness rows={rows} />);
    const archived = screen.getByText('Benzene').closest('tr');
    expect(archived?.getAttribute('data-archived')).toBe('true');
    expect(archived?.className).toContain('bg-slate-200');
    expect(screen.getByText('Acetone').closest('tr')?.className).toContain('bg-white');
    expect(screen.getByText('Acetone').closest('tr')?.getAttribute('data-archived')).toBeNull();
    rerender(<Harness rows={[]} isLoading />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    rerender(<Harness rows={[]} />);
    expect(screen.getByText('No results.')).toBeTruthy();
  });

  it('highlights flagged rows in amber, but an archived row stays grey even when flagged', () => {
    render(
      <Harness
        rows={[
          { id: 1, name: 'Toluene', isActive: true, isFlagged: true },
          { id: 2, name: 'Xylene', isActive: false, isFlagged: true },
        ]}
      />,
    );
    const flagged = screen.getByText('Toluene').closest('tr');
    expect(flagged?.className).toContain('bg-amber-50');
    expect(flagged?.className).not.toContain('bg-white');
    const archived = screen.getByText('Xylene').closest('tr');
    expect(archived?.getAttribute('data-archived')).toBe('true');
    expect(archived?.className).toContain('bg-slate-200');
    expect(archived?.className).not.toContain('bg-amber-50');
  });

  it('a page past the end shows the last page instead, once the answer for that page says so', () => {
    // An answer still for another page (the previous one, kept while loading) moves nothing.
    const { unmount } = render(<ServerHarness answeredPage={2} />);
    expect(screen.getByLabelText('page').textContent).toBe('999');
    unmount();
    render(<ServerHarness />);
    expect(screen.getByLabelText('page').textContent).toBe('3');
    expect(screen.getByText('Row 21')).toBeTruthy();
    expect(screen.getByText('Row 23')).toBeTruthy();
    expect(screen.queryByText('No results.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });
});

/**
 * A big list's table (decision 041): the server answers each page with the cursor of the next,
 * made of its last row. The harness keeps the URL state (page, cursor) as `useListState` does.
 */
function CursorHarness({ servedLag = false, refused = false }: { servedLag?: boolean; refused?: boolean }) {
  const [state, setState] = useState<{ page: number; cursor?: string | undefined }>({ page: 1 });
  const lastPage = Math.ceil(MANY_ROWS.length / 10);
  // The page the rows are from: the one asked for, or (while the next loads) the one before.
  const served = servedLag ? Math.max(1, state.page - 1) : state.page;
  const nextCursor = served < lastPage ? `after-row-${served * 10}` : undefined;
  return (
    <>
      <DataTable
        label="Things"
        columns={columns}
        data={MANY_ROWS.slice((served - 1) * 10, served * 10)}
        isLoading={false}
        page={state.page}
        lastPage={lastPage}
        servedPage={served}
        onPageChange={(page) => setState({ page })}
        nextCursor={nextCursor}
        onNextCursor={(cursor) => setState((previous) => ({ page: previous.page + 1, cursor }))}
        isCursorRefused={refused && state.cursor !== undefined}
        sort={undefined}
        onSortChange={() => {}}
      />
      <output aria-label="url">{`page=${state.page}${state.cursor ? `&cursor=${state.cursor}` : ''}`}</output>
    </>
  );
}

describe('the pager of a big list (cursor)', () => {
  it("goes to the next page by the served page's cursor, and jumps by number without it", async () => {
    render(<CursorHarness />);
    const url = screen.getByLabelText('url');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(url.textContent).toBe('page=1');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(url.textContent).toBe('page=2&cursor=after-row-10');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(url.textContent).toBe('page=3&cursor=after-row-20');
    // The last page has no cursor and Next is off.
    expect(within(nav).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 1' }));
    expect(url.textContent).toBe('page=1');
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(url.textContent).toBe('page=2');
    await userEvent.click(within(nav).getByRole('button', { name: 'Prev' }));
    expect(url.textContent).toBe('page=1');
  });

  it("does not take a previous answer's cursor for the next page: Next goes by number then", async () => {
    render(<CursorHarness servedLag />);
    const url = screen.getByLabelText('url');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    // Page 1 is served (no lag below page 2): its cursor leads to page 2.
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(url.textContent).toBe('page=2&cursor=after-row-10');
    // Page 2 is asked, page 1's rows still shown: page 1's cursor would repeat page 2.
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(url.textContent).toBe('page=3');
  });

  it('goes to the page by its number when the server refuses the cursor', async () => {
    render(<CursorHarness refused />);
    const url = screen.getByLabelText('url');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }),
    );
    expect(url.textContent).toBe('page=2');
  });
});
