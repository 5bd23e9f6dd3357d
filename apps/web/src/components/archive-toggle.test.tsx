import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ArchiveToggle } from './archive-toggle.tsx';

describe('ArchiveToggle', () => {
  it('asks first by default and acts only on the confirmation', async () => {
    const onConfirm = vi.fn();
    render(<ArchiveToggle entity="User" name="Ada Lovelace" isActive onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Archive Ada Lovelace' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Archive User?');
    expect(dialog.textContent).toContain('Are you sure you want to archive Ada Lovelace?');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('acts at once with confirm={false}, from the icon or the labelled button', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ArchiveToggle entity="Product" name="Toluene" isActive confirm={false} onConfirm={onConfirm} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Archive Toluene' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(
      <ArchiveToggle
        asText
        entity="Product"
        name="Toluene"
        isActive={false}
        confirm={false}
        onConfirm={onConfirm}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unarchive' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
