import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, useToast } from './toast.ts';

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the older one', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      result.current.toast({ title: 'First' });
      result.current.toast({ variant: 'destructive', title: 'Second', duration: 3000 });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Second',
      variant: 'destructive',
      duration: 3000,
      open: true,
    });
  });

  it('dismissing closes the toast and keeps it until the removal delay', () => {
    const { result } = renderHook(() => useToast());
    let id = '';
    act(() => {
      id = result.current.toast({ title: 'Bye' }).id;
    });
    act(() => result.current.dismiss(id));
    expect(result.current.toasts).toEqual([expect.objectContaining({ id, open: false })]);
  });
});
