import { Select } from './ui/select.tsx';

/** One choice of a list filter: a value in the API's words, or All (the filter left out). */
export interface FilterChoice<V extends string> {
  value: V | 'all';
  label: string;
}

const isChosen = <V extends string>(choice: FilterChoice<V>): choice is { value: V; label: string } =>
  choice.value !== 'all';

/**
 * A list's filter beside its search (spec 02 §2): the label, the choices with All among them,
 * and the choice the URL holds (none is All). Choosing All hands over `undefined`, so the filter
 * leaves the URL.
 */
export function ListFilter<V extends string>({
  id,
  label,
  className,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  className: string;
  value: V | 'all' | undefined;
  choices: readonly FilterChoice<V>[];
  onChange: (value: V | undefined) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        className={className}
        value={value ?? 'all'}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          onChange(chosen && isChosen(chosen) ? chosen.value : undefined);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
