import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { useListState } from '../lib/use-list-state.ts';
import { SearchInput } from './search-input.tsx';
import { Button } from './ui/button.tsx';
import { Checkbox } from './ui/checkbox.tsx';

/**
 * Above every list: the search box, Show Archived, the list's own filters, and the area's own
 * buttons on the right. `controlsAtEnd` puts the heading alone on the left and the search and
 * Show Archived on the right (the users list, which has no buttons). `add` is the usual single
 * add button (its label the spec's exact text, plus sign included); `actions` any other buttons.
 * A list whose status filter has an archived choice of its own (inventories) sets
 * `hasArchivedToggle={false}`; `searchPlaceholder` is the spec's text where it names one.
 */
export function ListToolbar({
  list,
  searchLabel,
  searchPlaceholder,
  hasArchivedToggle = true,
  heading,
  filters,
  actions,
  add,
  controlsAtEnd = false,
}: {
  list: Pick<ReturnType<typeof useListState>, 'search' | 'setSearch' | 'isArchived' | 'setArchived'>;
  searchLabel: string;
  searchPlaceholder?: string;
  hasArchivedToggle?: boolean;
  heading?: ReactNode;
  filters?: ReactNode;
  actions?: ReactNode;
  add?: { label: string; link: LinkProps } | null | undefined;
  controlsAtEnd?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {controlsAtEnd ? heading : null}
      <div className="flex flex-wrap items-center gap-4">
        {controlsAtEnd ? null : heading}
        <SearchInput
          label={searchLabel}
          value={list.search}
          onChange={list.setSearch}
          {...(searchPlaceholder && { placeholder: searchPlaceholder })}
        />
        {hasArchivedToggle ? (
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
        ) : null}
        {filters}
      </div>
      {actions || add ? (
        <div className="flex gap-2">
          {actions}
          {add ? (
            <Button asChild>
              <Link {...add.link}>{add.label}</Link>
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
