import { Checkbox } from '../../components/ui/checkbox.tsx';
import { NEEDS_REVIEW_LABEL } from './product-status-cell.tsx';

/** The products list's Needs review filter (issue 33 point 9): a technician's products not yet saved by staff. */
export function NeedsReviewFilter({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      htmlFor="needs-review"
      className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-700"
    >
      <Checkbox id="needs-review" checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      {NEEDS_REVIEW_LABEL}
    </label>
  );
}
