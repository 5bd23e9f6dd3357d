import type { AutocompleteItem } from '@chemtrack/domain';
import { X } from 'lucide-react';
import type { QueryParams } from '../lib/api.ts';
import { PagedPicker } from './paged-picker.tsx';

/**
 * Several records of one kind (a product's hazard classes, an inventory's technicians): pick one
 * at a time from the paged picker; each shows as a chip that can be removed. The form sends
 * their ids.
 */
export function MultiPicker({
  id,
  path,
  params,
  value,
  onChange,
  onBlur,
  placeholder,
  emptyText,
  selectedLabel,
  disabled,
  invalid,
}: {
  id: string;
  path: string;
  params?: QueryParams;
  value: AutocompleteItem[];
  onChange: (items: AutocompleteItem[]) => void;
  onBlur?: () => void;
  placeholder: string;
  emptyText?: string;
  /** The chips' list, as a screen reader names it ("Selected hazard classes"). */
  selectedLabel: string;
  disabled?: boolean;
  invalid?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <PagedPicker
        id={id}
        path={path}
        params={params}
        value={null}
        placeholder={placeholder}
        emptyText={emptyText}
        disabled={disabled}
        invalid={invalid}
        onChange={(item) => {
          if (item && !value.some((chosen) => chosen.id === item.id)) onChange([...value, item]);
          onBlur?.();
        }}
      />
      {value.length > 0 ? (
        <ul aria-label={selectedLabel} className="flex flex-wrap gap-2">
          {value.map((item) => (
            <li
              key={item.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900"
            >
              {item.name}
              <button
                type="button"
                aria-label={`Remove ${item.name}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other.id !== item.id))}
                className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
