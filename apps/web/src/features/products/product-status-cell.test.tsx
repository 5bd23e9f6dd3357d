import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InventoryStatistics } from '../inventory-products/inventory-statistics.tsx';
import { NeedsReviewFilter } from './needs-review-filter.tsx';
import { ProductReviewNotes, ProductStatusCell } from './product-status-cell.tsx';

function FilterHarness() {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <NeedsReviewFilter checked={checked} onChange={setChecked} />
      <output>{checked ? '1' : 'all'}</output>
    </>
  );
}

/** Issue 33 point 9: a label photo is not an SDS; a technician's new product awaits staff review. */
describe('a product a technician added with a label photo', () => {
  it('shows Pending SDS and Needs review in the list, and only the status once reviewed', () => {
    const { container, rerender } = render(<ProductStatusCell status="pending" needsReview />);
    expect(container.textContent).toBe('Pending SDSNeeds review');
    rerender(<ProductStatusCell status="pending" needsReview={false} />);
    expect(container.textContent).toBe('Pending SDS');
  });

  it('says on the product form that it needs review and that the label photo is not an SDS', () => {
    const { rerender } = render(<ProductReviewNotes needsReview isLabelPhoto />);
    expect(screen.getByRole('note').textContent).toBe(
      'Added by a technician on site: check it and save the product to mark it reviewed.' +
        'The file is a photo of the label, not an SDS: the SDS stays pending until you attach the SDS.',
    );
    rerender(<ProductReviewNotes needsReview={false} isLabelPhoto={false} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offers a Needs review filter on the products list', async () => {
    render(<FilterHarness />);
    const box = screen.getByRole('checkbox', { name: 'Needs review' });
    await userEvent.click(box);
    expect(screen.getByRole('status').textContent).toBe('1');
    await userEvent.click(box);
    expect(screen.getByRole('status').textContent).toBe('all');
  });

  it('is counted apart from the products with SDS in the inventory header', () => {
    render(
      <InventoryStatistics
        summary={{ products_inventoried: 3, products_with_sds: 1, products_with_label_photo: 2 }}
      />,
    );
    expect(screen.getByLabelText('Statistics').textContent).toBe(
      'products inventoried3products with sds1label photo only2',
    );
  });
});
