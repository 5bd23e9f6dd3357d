import { type ComponentResource, SDS_READ_MSG, type SdsReadResult } from '@chemtrack/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProposalWrite } from './proposal.ts';
import { type ProductFieldValues, SAVE_FIRST_MESSAGE, SdsProposalPanel } from './sds-proposal-panel.tsx';

const READING: SdsReadResult = {
  scanned: false,
  components: [
    {
      name: 'Sulfuric acid',
      number: '7664-93-9',
      percentage_weight_low: 30,
      percentage_weight_high: 40,
      basis: 'weight',
      page: 2,
      source_text: 'Sulfuric acid 7664-93-9 30 - 40 %',
      warnings: [],
    },
    {
      name: 'Water',
      number: '7732-18-5',
      percentage_weight_low: 60,
      percentage_weight_high: 70,
      basis: 'weight',
      page: 2,
      source_text: 'Water 7732-18-5 60 - 70 %',
      warnings: [],
    },
    {
      name: 'Proprietary surfactant',
      number: null,
      percentage_weight_low: null,
      percentage_weight_high: 1,
      basis: 'weight',
      page: 3,
      source_text: 'Proprietary surfactant Trade secret < 1 %',
      warnings: [SDS_READ_MSG.casWithheld],
    },
  ],
  specific_gravity: { value: 1.3, low: 1.3, high: 1.3, printed: '1.30 (20 °C)', page: 4 },
  physical_state: 'liquid',
  warnings: [],
};

const WATER_STORED: ComponentResource = {
  id: 7,
  product_chemical_component_id: 7,
  chemical_component_id: 70,
  name: 'Water',
  number: '7732-18-5',
  percentage_weight: 70,
  percentage_weight_low: 60,
  percentage_weight_high: 70,
  percentage_volume: null,
  regulations: '',
  restrictions: '',
  reporting_requirements: '',
  is_carcinogen: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

const DYE_STORED: ComponentResource = {
  ...WATER_STORED,
  id: 8,
  product_chemical_component_id: 8,
  chemical_component_id: 80,
  name: 'Blue dye',
  number: '2610-05-1',
  percentage_weight: 1,
  percentage_weight_low: null,
  percentage_weight_high: 1,
};

const EMPTY_FIELDS: ProductFieldValues = { specific_gravity: '', physical_state: '' };

function renderPanel({
  reading = READING,
  existing = [],
  isNewProduct = false,
  fields = EMPTY_FIELDS,
}: {
  reading?: SdsReadResult;
  existing?: ComponentResource[];
  /** A product not created yet: no components to compare with or write to. */
  isNewProduct?: boolean;
  fields?: ProductFieldValues;
} = {}) {
  const handlers = {
    onSave: vi.fn<(writes: ProposalWrite[]) => Promise<unknown>>(() => Promise.resolve()),
    onRemove: vi.fn<(component: ComponentResource) => void>(),
    onUseSpecificGravity: vi.fn<(value: string) => void>(),
    onUsePhysicalState: vi.fn<(value: string) => void>(),
    onIgnore: vi.fn<() => void>(),
  };
  render(
    <SdsProposalPanel
      reading={reading}
      existing={isNewProduct ? undefined : existing}
      catalog={new Map([['7664-93-9', null]])}
      fields={fields}
      isSaving={false}
      {...handlers}
    />,
  );
  return handlers;
}

describe('SdsProposalPanel', () => {
  it('says a scanned SDS is one, with no table of components', () => {
    renderPanel({ reading: { ...READING, scanned: true, components: [] } });
    expect(screen.getByRole('heading', { name: 'Proposed from the SDS' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(SDS_READ_MSG.scanned);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept all' })).toBeNull();
  });

  it('shows each row with its page and printed text, and what the catalogue and the reader say of it', () => {
    renderPanel();
    const rows = within(screen.getByRole('table', { name: 'Proposed components' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AcceptComponentCAS #Low %High %BasisPagePrinted textDifference',
      'Sulfuric acidNot in the chemical list: accepting adds it.weight2Sulfuric acid 7664-93-9 30 - 40 %Added',
      'Waterweight2Water 7732-18-5 60 - 70 %Added',
      'Proprietary surfactantThe SDS withholds the CAS #: type it, or leave the row out.The CAS number is withheld (trade secret, proprietary or a mixture).weight3Proprietary surfactant Trade secret < 1 %Added',
    ]);
    expect((screen.getByLabelText('Low % of Sulfuric acid') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Low % of Proprietary surfactant') as HTMLInputElement).value).toBe('');
  });

  it('saves only after the confirmation: two rows accepted, one concentration edited', async () => {
    const { onSave } = renderPanel();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Accept Sulfuric acid' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Accept Water' }));
    const high = screen.getByLabelText('High % of Water');
    await userEvent.clear(high);
    await userEvent.type(high, '65');
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Add Sulfuric acid (30–40%)');
    expect(dialog.textContent).toContain('Add Water (60–65%)');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(
      onSave.mock.calls[0]?.[0].map((write) => [
        write.kind,
        write.body.number,
        write.body.percentage_weight_high,
      ]),
    ).toEqual([
      ['create', '7664-93-9', 40],
      ['create', '7732-18-5', 65],
    ]);
  });

  it('accepts a withheld CAS # row only once a valid CAS # is typed', async () => {
    renderPanel();
    const checkbox = screen.getByRole('checkbox', { name: 'Accept Proprietary surfactant' });
    expect((checkbox as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('CAS # of Proprietary surfactant'), '7664-93-8');
    expect(
      screen.getByText('The CAS # check digit does not match: correct it, or leave the row out.'),
    ).toBeTruthy();
    expect((checkbox as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('CAS # of Proprietary surfactant'));
    await userEvent.type(screen.getByLabelText('CAS # of Proprietary surfactant'), '9016-45-9');
    expect((checkbox as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the difference with the stored components and offers to remove the ones the SDS omits', async () => {
    const { onRemove, onSave } = renderPanel({ existing: [WATER_STORED, DYE_STORED] });
    const table = screen.getByRole('table', { name: 'Proposed components' });
    expect(within(table).getAllByRole('row')[2]?.textContent).toContain('Unchanged');
    expect((screen.getByRole('checkbox', { name: 'Accept Water' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Low % of Water'));
    await userEvent.type(screen.getByLabelText('Low % of Water'), '50');
    expect(within(table).getAllByRole('row')[2]?.textContent).toContain('Changed 60–70% → 50–70%');

    expect(screen.getByRole('heading', { name: 'Not in the SDS' })).toBeTruthy();
    expect(screen.getByText('Blue dye (2610-05-1, <1%)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Blue dye' }));
    expect(onRemove).not.toHaveBeenCalled();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith(DYE_STORED);

    // Accept all: the new acid and the changed water; the withheld row cannot be saved.
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]?.[0].map((write) => [write.kind, write.name])).toEqual([
      ['create', 'Sulfuric acid'],
      ['update', 'Water'],
    ]);
  });

  it('fills the specific gravity and the physical state only while the form has none', async () => {
    const first = renderPanel();
    expect(screen.getByText('1.30 (20 °C) (page 4)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use specific gravity 1.3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use physical state Liquid' }));
    expect(first.onUseSpecificGravity).toHaveBeenCalledWith('1.3');
    expect(first.onUsePhysicalState).toHaveBeenCalledWith('liquid');
  });

  it('shows the specific gravity as printed, and offers no figure for a range', () => {
    renderPanel({
      reading: {
        ...READING,
        specific_gravity: { value: null, low: 1.1, high: 1.2, printed: '1.10 - 1.20', page: 5 },
      },
    });
    expect(screen.getByText('1.10 - 1.20 (page 5)')).toBeTruthy();
    expect(screen.getByText('A range: type the figure to use.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Use specific gravity/ })).toBeNull();
  });

  it('keeps a value the form has instead of offering the SDS one', () => {
    renderPanel({ fields: { specific_gravity: '1.1', physical_state: 'solid' } });
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
    expect(screen.getAllByText('The form already has a value: it is kept.')).toHaveLength(2);
  });

  it('shows a new product the rows without accepting them, and Ignore closes the proposal', async () => {
    const { onIgnore } = renderPanel({ isNewProduct: true });
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(SAVE_FIRST_MESSAGE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(onIgnore).toHaveBeenCalledTimes(1);
  });
});
