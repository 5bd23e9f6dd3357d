import { useNavigate } from '@tanstack/react-router';
import type { ListSearch } from './list-search.ts';
import type { SortState } from './pagination.ts';

/**
 * Reads and changes a list's URL state. A new search, sort or filter goes back to page 1. `S`
 * is the list's own search shape when it has filters of its own (the products' SDS status), or
 * statuses of its own (the inventories' all, active, completed, inactive).
 */
export function useListState<S extends Omit<ListSearch, 'status'> & { status?: string | undefined }>(
  search: S,
) {
  const navigate = useNavigate();
  const update = (patch: Partial<S>) =>
    void navigate({
      to: '.',
      // `to: '.'` types the search against every list route at once, whose order keys differ; the
      // patch holds this list's own fields, which its route's schema checks again.
      search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never,
      replace: true,
    });
  const sort: SortState | undefined =
    search.order_by && search.order_dir ? { field: search.order_by, direction: search.order_dir } : undefined;
  return {
    page: search.page ?? 1,
    search: search.search ?? '',
    isArchived: search.status === 'inactive',
    sort,
    /** A page by its number (a jump, Prev): the cursor goes, the number alone says where. */
    setPage: (page: number) => update({ page, cursor: undefined } as Partial<S>),
    /**
     * The next page by the big lists' `next_cursor` (decision 041): the page number goes with it,
     * so the pager still shows where the list is and a jump from there is by number.
     */
    goNext: (cursor: string) => update({ page: (search.page ?? 1) + 1, cursor } as Partial<S>),
    setSearch: (text: string) =>
      update({ search: text || undefined, page: undefined, cursor: undefined } as Partial<S>),
    setArchived: (archived: boolean) =>
      update({ status: archived ? 'inactive' : undefined, page: undefined, cursor: undefined } as Partial<S>),
    setSort: (next: SortState | undefined) =>
      update({
        order_by: next?.field,
        order_dir: next?.direction,
        page: undefined,
        cursor: undefined,
      } as Partial<S>),
    /** The list's own filters; undefined drops one from the URL. */
    setFilters: (patch: Partial<S>) => update({ ...patch, page: undefined, cursor: undefined }),
  };
}
