import { useQuery } from '@tanstack/react-query';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { inventoryYearsOptions } from './api.ts';

/**
 * The earlier inventories of the facility whose lines a new one starts from (spec 02 §3
 * duplicates): the facility's years before the chosen one, from its years list. The technician's
 * starting list this year is last year's walk-through.
 */
export function DuplicatesField({
  customerId,
  facilityId,
  year,
  value,
  error,
  onChange,
}: {
  customerId: number | undefined;
  facilityId: number | undefined;
  year: number | undefined;
  value: number[];
  error: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const query = useQuery({
    ...inventoryYearsOptions(customerId ?? 0, facilityId ?? 0),
    enabled: customerId !== undefined && facilityId !== undefined && year !== undefined,
  });
  const earlier = (query.data?.resource ?? []).filter((item) => year !== undefined && item.year < year);
  let note: string | null = null;
  if (customerId === undefined || facilityId === undefined || year === undefined)
    note = 'Choose the year, customer and facility first.';
  else if (query.isPending) note = 'Loading...';
  else if (earlier.length === 0) note = 'No earlier inventories of this facility.';

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'inv-duplicates-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Copy Products From</legend>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
      {note === null ? (
        <div className="flex flex-wrap gap-4">
          {earlier.map((item) => {
            const checkboxId = `inv-duplicate-${item.id}`;
            return (
              <label
                key={item.id}
                htmlFor={checkboxId}
                className="flex items-center gap-2 text-sm text-slate-700"
              >
                <Checkbox
                  id={checkboxId}
                  checked={value.includes(item.id)}
                  onCheckedChange={(checked) =>
                    onChange(checked === true ? [...value, item.id] : value.filter((id) => id !== item.id))
                  }
                />
                {item.year}
              </label>
            );
          })}
        </div>
      ) : null}
      {error ? (
        <p id="inv-duplicates-error" role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
