import { formatWeightPercent } from '@chemtrack/domain';
import { useNavigate } from '@tanstack/react-router';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { useModalRoute } from '../../components/modal-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { componentLinksApi, percentText } from './api.ts';

const DETAILS = [
  { key: 'number', label: 'CAS #' },
  { key: 'percentage_weight', label: 'Percentage by Weight' },
  { key: 'percentage_volume', label: 'Percentage by Volume' },
  { key: 'regulations', label: 'Regulations' },
  { key: 'restrictions', label: 'Restrictions' },
  { key: 'reporting_requirements', label: 'Reporting Requirements' },
] as const;

/** One component of a line, read-only (spec 02 §2); closing returns to the line's form. */
export function ComponentDetailsModal({
  inventoryId,
  lineId,
  componentId,
}: {
  inventoryId: number;
  lineId: number;
  componentId: number;
}) {
  const navigate = useNavigate();
  const { isOpen, close } = useModalRoute(
    () =>
      void navigate({
        to: '/inventories/$inventoryId/products/$inventoryProductId',
        params: { inventoryId: String(inventoryId), inventoryProductId: String(lineId) },
        search: keepSearch,
      }),
  );
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <LoadedRecord
        options={componentLinksApi({
          kind: 'line',
          inventoryId,
          lineId,
        }).detailOptions(componentId)}
      >
        {(component) => (
          <DialogContent title="Chemical Component Details">
            <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              <dt className="font-medium text-slate-700">Name</dt>
              <dd className="text-slate-900">{component.name}</dd>
              {DETAILS.map((detail) => {
                const value = component[detail.key];
                // By weight the SDS often gives a range ("30–60%"): show both bounds, not the upper alone.
                const text =
                  detail.key === 'percentage_weight'
                    ? formatWeightPercent(component)
                    : typeof value === 'number'
                      ? percentText(value)
                      : value === null || value === ''
                        ? '-'
                        : value;
                return (
                  <div key={detail.key} className="contents">
                    <dt className="font-medium text-slate-700">{detail.label}</dt>
                    <dd className="whitespace-pre-wrap break-words text-slate-900">
                      {detail.key === 'number' ? component.number : text}
                    </dd>
                  </div>
                );
              })}
            </dl>
            <div className="mt-4 flex justify-end">
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
            </div>
          </DialogContent>
        )}
      </LoadedRecord>
    </Dialog>
  );
}
