import { Search } from 'lucide-react';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { Input } from './ui/input.tsx';

export const SEARCH_DEBOUNCE_MS = 500;

/** A search box that reports its text 500 ms after the last keystroke. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  const shown = placeholder ?? label;
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    // As wide as its placeholder (18rem at least) from a tablet up, so the hint is read in full;
    // a `ch` is a digit's width, wider than most letters, and 6 more make room for the icon.
    <div
      className="relative w-full sm:w-[max(18rem,var(--search-width))] sm:max-w-full"
      style={{ '--search-width': `${shown.length + 6}ch` } as CSSProperties}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        value={text}
        placeholder={shown}
        onChange={(event) => setText(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
