import type { ReactNode } from 'react';
import type { useListState } from '../lib/use-list-state.ts';
import { SearchInput } from './search-input.tsx';
import { Checkbox } from './ui/checkbox.tsx';

/**
 * Above every list: the search box, Show Archived, the list's own filters, and the area's own
 * buttons on the right. `controlsAtEnd` puts the heading alone on the left and the search and
 * Show Archived on the right (the users list, which has no buttons).
 */
export function ListToolbar({
  list,
  searchLabel,
  heading,
  filters,
  actions,
  controlsAtEnd = false,
}: {
  list: Pick<ReturnType<typeof useListState>, 'search' | 'setSearch' | 'isArchived' | 'setArchived'>;
  searchLabel: string;
  heading?: ReactNode;
  filters?: ReactNode;
  actions?: ReactNode;
  controlsAtEnd?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {controlsAtEnd ? heading : null}
      <div className="flex flex-wrap items-center gap-4">
        {controlsAtEnd ? null : heading}
        <SearchInput label={searchLabel} value={list.search} onChange={list.setSearch} />
        <label
          htmlFor="show-archived"
          className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-700"
        >
          <Checkbox
            id="show-archived"
            checked={list.isArchived}
            onCheckedChange={(v) => list.setArchived(v === true)}
          />
          Show Archived
        </label>
        {filters}
      </div>
      {actions ? <div className="flex gap-2">{actions}</div> : null}
    </div>
  );
}
