import type { AutocompleteItem } from '@chemtrack/domain';
import { X } from 'lucide-react';
import { PagedPicker } from '../../components/paged-picker.tsx';
import { hazardsApi } from '../hazards/api.ts';

/**
 * Several hazard classes: pick one at a time from the paged hazard picker; each shows as a chip
 * that can be removed. The form sends their ids (hazard_ids).
 */
export function HazardClassesField({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  invalid,
}: {
  id: string;
  value: AutocompleteItem[];
  onChange: (hazards: AutocompleteItem[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <PagedPicker
        id={id}
        path={hazardsApi.autocompletePath}
        value={null}
        placeholder="Add a hazard class"
        emptyText="No options were found."
        disabled={disabled}
        invalid={invalid}
        onChange={(item) => {
          if (item && !value.some((hazard) => hazard.id === item.id)) onChange([...value, item]);
          onBlur?.();
        }}
      />
      {value.length > 0 ? (
        <ul aria-label="Selected hazard classes" className="flex flex-wrap gap-2">
          {value.map((hazard) => (
            <li
              key={hazard.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900"
            >
              {hazard.name}
              <button
                type="button"
                aria-label={`Remove ${hazard.name}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other.id !== hazard.id))}
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
