import type { AutocompleteItem } from '@chemtrack/domain';
import * as Popover from '@radix-ui/react-popover';
import { type InfiniteData, keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { api, type ListResponse, type QueryParams } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { SEARCH_DEBOUNCE_MS } from './search-input.tsx';
import { Input } from './ui/input.tsx';

export const PICKER_PAGE_SIZE = 10;
/** Spec 02 §2: the next page loads when the end marker is 10% visible, 20 px early. */
export const PICKER_OBSERVER_OPTIONS = { threshold: 0.1, rootMargin: '20px' } as const;

/**
 * A searchable select over an autocomplete endpoint: 10 items a page ordered by name, searched
 * 500 ms after the last keystroke, the next page loading as the end of the list comes into view.
 * Keyboard: the trigger opens it; in the search box ↑/↓ move through the options, Enter picks,
 * Escape closes.
 */
export function PagedPicker<T extends AutocompleteItem = AutocompleteItem>({
  id,
  path,
  params,
  value,
  onChange,
  placeholder = 'Select...',
  emptyText = 'Not found.',
  loadingText = 'Loading...',
  disabled,
  invalid,
  onBlur,
  describe,
  create,
}: {
  id: string;
  path: string;
  params?: QueryParams;
  /** The picked item; rows may carry more than id and name (a component's CAS #). */
  value: T | null;
  onChange: (item: T | null) => void;
  placeholder?: string;
  emptyText?: string;
  loadingText?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Focus left the picker with its list closed: a form marks the field touched and checks it. */
  onBlur?: () => void;
  /** A second, muted text beside each name (a customer's city) to tell equal names apart. */
  describe?: (item: T) => string | null | undefined;
  /**
   * Typed text is a choice of its own (a new product's name): a button under the search box
   * offers it, and Enter takes it while no option is active.
   */
  create?: { label: (text: string) => string; onCreate: (text: string) => void };
}) {
  const [isOpen, setOpen] = useState(false);
  // Opening moves focus into the list, which blurs the trigger: that is not leaving the field.
  const isOpenRef = useRef(false);
  isOpenRef.current = isOpen;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const listKey = JSON.stringify([path, params]);
  const query = useInfiniteQuery({
    queryKey: [path, 'autocomplete', params, search],
    enabled: isOpen,
    // While a new search of the same list loads, the options on screen stay: an option tapped
    // just as the search goes out keeps its element instead of vanishing under the finger. Another
    // list (the facilities of another customer) never shows the previous one's options.
    placeholderData: (
      previous: InfiniteData<ListResponse<T>, number> | undefined,
      previousQuery: { queryKey: QueryKey } | undefined,
    ) =>
      previousQuery && JSON.stringify([previousQuery.queryKey[0], previousQuery.queryKey[2]]) === listKey
        ? keepPreviousData(previous)
        : undefined,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<ListResponse<T>>(
        path,
        { ...params, page: pageParam, ipp: PICKER_PAGE_SIZE, search, order_by: 'name', order_dir: 'asc' },
        signal,
      ),
    getNextPageParam: ({ resource: { meta } }) =>
      meta.current_page < meta.last_page ? meta.current_page + 1 : undefined,
  });
  const items = query.data?.pages.flatMap((page) => page.resource.items) ?? [];

  const scroller = useRef<HTMLDivElement | null>(null);
  const endMarker = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const marker = endMarker.current;
    if (!marker || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, ...PICKER_OBSERVER_OPTIONS },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const choose = (item: T) => {
    onChange(item);
    setOpen(false);
  };
  const createFromText = () => {
    create?.onCreate(text.trim());
    setOpen(false);
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = Math.min(items.length - 1, Math.max(0, activeIndex + step));
      setActiveIndex(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[activeIndex];
      if (item) choose(item);
      else if (create && text.trim() !== '') createFromText();
    }
  };

  return (
    <Popover.Root
      open={isOpen}
      onOpenChange={(open) => {
        isOpenRef.current = open;
        setOpen(open);
        setActiveIndex(-1);
      }}
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={isOpen}
          aria-controls={isOpen ? listId : undefined}
          aria-invalid={invalid ? true : undefined}
          onBlur={() => {
            if (!isOpenRef.current) onBlur?.();
          }}
          className={cn(
            'flex h-10 w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 text-left text-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-100 disabled:cursor-not-allowed disabled:bg-slate-100',
            invalid && 'border-red-500',
          )}
        >
          <span className={cn('truncate', value ? 'text-slate-900' : 'text-slate-500')}>
            {value?.name ?? placeholder}
            {value && describe?.(value) ? <span className="text-slate-500"> · {describe(value)}</span> : null}
          </span>
          <ChevronsUpDown className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-[80] w-[var(--radix-popover-trigger-width)] min-w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
        >
          <Input
            aria-label="Search"
            placeholder="Search..."
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActiveIndex(-1);
            }}
            onKeyDown={onSearchKeyDown}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            className="mb-2 h-9"
          />
          {create && text.trim() !== '' ? (
            <button
              type="button"
              onClick={createFromText}
              className="mb-2 w-full rounded border border-dashed border-brand-300 px-2 py-2.5 text-left text-sm text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {create.label(text.trim())}
            </button>
          ) : null}
          <div ref={scroller} className="max-h-60 overflow-y-auto">
            {query.isPending ? <p className="px-2 py-2 text-sm text-slate-500">{loadingText}</p> : null}
            {!query.isPending && items.length === 0 ? (
              <p className="px-2 py-2 text-sm text-slate-500">{emptyText}</p>
            ) : null}
            <div id={listId} role="listbox" aria-label="Options">
              {items.map((item, index) => (
                <div
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={value?.id === item.id}
                  onClick={() => choose(item)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') choose(item);
                  }}
                  onMouseEnter={() => setActiveIndex(index)}
                  className={cn(
                    // Taller rows under a finger (issue 9: pickers usable by touch on a phone).
                    'flex cursor-pointer items-center justify-between rounded px-2 py-3 text-sm sm:py-2',
                    index === activeIndex ? 'bg-brand-50 text-brand-900' : 'text-slate-800',
                  )}
                >
                  <span className="min-w-0 truncate">
                    {item.name}
                    {describe?.(item) ? <span className="text-slate-500"> · {describe(item)}</span> : null}
                  </span>
                  {value?.id === item.id ? <Check className="h-4 w-4 text-brand-600" aria-hidden /> : null}
                </div>
              ))}
            </div>
            {hasNextPage ? (
              <div ref={endMarker} className="px-2 py-2 text-xs text-slate-500">
                {isFetchingNextPage ? 'Fetching...' : '\u00a0'}
              </div>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
