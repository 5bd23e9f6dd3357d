import type { AutocompleteItem } from '@chemtrack/domain';
import { MultiPicker } from '../../components/multi-picker.tsx';
import { hazardsApi } from '../hazards/api.ts';

/** A product's hazard classes, picked one at a time from the paged hazard picker (hazard_ids). */
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
    <MultiPicker
      id={id}
      path={hazardsApi.autocompletePath}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      placeholder="Add a hazard class"
      emptyText="No options were found."
      selectedLabel="Selected hazard classes"
      disabled={disabled}
      invalid={invalid}
    />
  );
}
