export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page numbers to show: the first and last `edge` pages, `sibling` pages either side of the
 * current one, and an ellipsis for each gap of two or more pages (a gap of one shows the page).
 */
export function getPageItems(current: number, last: number, edge = 2, sibling = 1): PageItem[] {
  const pages = new Set<number>();
  for (let p = 1; p <= Math.min(edge, last); p++) pages.add(p);
  for (let p = Math.max(1, last - edge + 1); p <= last; p++) pages.add(p);
  for (let p = Math.max(1, current - sibling); p <= Math.min(last, current + sibling); p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2)
      items.push(page < current ? 'ellipsis-start' : 'ellipsis-end');
    items.push(page);
  }
  return items;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: string;
  direction: SortDirection;
}

/** Clicking a column header cycles unsorted → asc → desc → unsorted. */
export function nextSort(current: SortState | undefined, field: string): SortState | undefined {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return undefined;
}
