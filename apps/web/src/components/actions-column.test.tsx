import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { actionsColumn } from './actions-column.tsx';
import { DataTable } from './data-table.tsx';

interface Row {
  id: number;
  name: string;
  is_active: boolean;
}

const ROWS: Row[] = [
  { id: 1, name: 'Tom Becker', is_active: true },
  { id: 2, name: 'Ann Lee', is_active: false },
];

function renderList(column: ReturnType<typeof actionsColumn<Row>>) {
  render(
    <DataTable
      label="Things"
      columns={[{ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }, column]}
      data={ROWS}
      isLoading={false}
      page={1}
      lastPage={1}
      onPageChange={() => {}}
      sort={undefined}
      onSortChange={() => {}}
    />,
  );
}

describe('actionsColumn', () => {
  it('shows a disabled eye to who may not edit, and archives per row after the question', async () => {
    const onArchive = vi.fn();
    renderList(
      actionsColumn<Row>({
        entity: 'Technician',
        nameOf: (row) => row.name,
        edit: { link: () => ({ to: '/' }), can: false, whenDenied: 'disabled' },
        archive: {
          isActive: (row) => row.is_active,
          onConfirm: (row) => onArchive(row.id),
          isPending: false,
          disabled: (row) => row.id === 2,
        },
      }),
    );
    expect(screen.getByRole('button', { name: 'View Tom Becker' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Unarchive Ann Lee' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Archive Tom Becker' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Archive Technician?').textContent).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to archive Tom Becker?').textContent).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(onArchive).toHaveBeenCalledWith(1);
  });

  it('removes instead of deleting when asked, with its own question', async () => {
    const onRemove = vi.fn();
    renderList(
      actionsColumn<Row>({
        entity: 'Component',
        nameOf: (row) => row.name,
        remove: {
          verb: 'Remove',
          description: (name) => `Are you sure you want to remove ${name} from this product?`,
          onConfirm: (row) => onRemove(row.id),
          isPending: false,
        },
      }),
    );
    expect(screen.queryByRole('button', { name: /Archive|Delete|Edit|View/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ann Lee' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Remove Component?').textContent).toBeTruthy();
    expect(
      within(dialog).getByText('Are you sure you want to remove Ann Lee from this product?').textContent,
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith(2);
  });
});
