import type { FilingItem } from '@chemtrack/domain';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { filingColumns } from './filings-columns.tsx';

const item: FilingItem = {
  key: '7-tier2',
  customer_id: 1,
  customer_name: 'Filing Co.',
  facility_id: 2,
  facility_name: 'Filing Plant',
  facility_state: 'OK',
  year: 2025,
  inventory_id: 7,
  inventory_completed: true,
  obligation: 'tier2',
  obligation_label: 'Tier II',
  due_on: '2026-03-01',
  missing: null,
  status: 'filed',
  filing: {
    id: 3,
    filed_on: '2026-02-20',
    method: 'portal',
    confirmation_number: 'A-1',
    filed_by: 'Admin User',
  },
  reports: [
    {
      type: 'epcra_311_312_tier2',
      format: 'pdf',
      generated_at: '2026-02-19T10:30:00.000Z',
      generated_by: 'Admin User',
      inventory_changed_since: true,
      percent_basis: null,
      tier2_option: null,
    },
  ],
};

/** One cell of the filings table as the table renders it, alone. */
function renderCell(id: string) {
  const columns = filingColumns({ onMark: () => {}, onDownloadAgain: () => {}, onUnmark: () => {} });
  const column = columns.find((c) => c.id === id) as ColumnDef<FilingItem> & {
    cell: (context: CellContext<FilingItem, unknown>) => ReactNode;
  };
  const context = { row: { original: item } } as CellContext<FilingItem, unknown>;
  return render(<div data-testid="cell">{column.cell(context)}</div>);
}

/** The text as copied and as a screen reader reads it: the nodes' text, with no CSS margins. */
const spokenText = () => (screen.getByTestId('cell').textContent ?? '').replace(/\s+/g, ' ').trim();

describe('filing columns', () => {
  it('keeps "by {user}" and "Inventory changed since" apart in the text', () => {
    renderCell('reports');
    expect(spokenText()).toContain('by Admin User Inventory changed since Download again');
    expect(spokenText()).not.toContain('UserInventory');
  });

  it('keeps the filer and Take back apart in the text', () => {
    renderCell('filed');
    expect(spokenText()).toBe('02-20-2026, portal, #A-1 (Admin User) Take back');
  });
});
