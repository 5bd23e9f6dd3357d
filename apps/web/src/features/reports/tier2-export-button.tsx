import {
  type compliance,
  DEFAULT_REPORT_SETTINGS,
  TIER2_EXPORT_MSG,
  type Tier2ExportQueryValues,
  type Tier2Option,
  tier2CustomerExportFileName,
  tier2ExportFileName,
} from '@chemtrack/domain';
import { useMutation } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { exportTier2 } from './api.ts';

export const TIER2_EXPORT_LABEL = 'Export Tier II (.t2s)';
export const TIER2_EXPORT_WARNINGS_LABEL = 'The .t2s file was saved; before filing it:';

interface Tier2ExportButtonProps {
  customerId: number | '';
  customerName: string;
  facilityName: string;
  /**
   * The facility whose year is exported; '' while none is chosen yet (the button waits);
   * absent or null: every facility of the customer with an inventory that year, in one file (issue 36).
   */
  facilityId?: number | '' | null;
  year: number | '';
  /** The report settings chosen for Tier II (the defaults while another type is chosen). */
  percentBasis?: compliance.PercentBasis;
  tier2Option?: Tier2Option;
  /** A 422's field messages go under the form's fields; true when one was placed. */
  onFieldErrors(error: unknown): boolean;
  /** Any other failure: the page's destructive notice. */
  onError(message: string): void;
}

/**
 * The Reports screen's Tier II export (issue 25): the chosen customer, facility and year as a Tier2
 * Submit `.t2s`, saved under the server's name (type, customer, facility, year). Offered once the
 * three are chosen; the report type is not needed (the file is always Tier II). Given no facility
 * (issue 36), the customer's facilities with an inventory that year go in one file, and the
 * facilities left out are named under the button.
 */
export function Tier2ExportButton(props: Tier2ExportButtonProps) {
  const { customerId, year } = props;
  const facilityId = props.facilityId ?? null;
  // What the last file saved lacks (issue 33): shown under the button until the next export.
  const [warnings, setWarnings] = useState<string[]>([]);
  const exporting = useMutation({
    mutationFn: (query: Tier2ExportQueryValues) => exportTier2(query),
    meta: { handlesErrors: true },
    onMutate: () => setWarnings([]),
    onSuccess: (file, query) => {
      const leftOut = file.leftOut.length > 0 ? [TIER2_EXPORT_MSG.leftOut(query.year, file.leftOut)] : [];
      setWarnings([...leftOut, ...file.warnings]);
      saveBlob(
        file.blob,
        file.filename ??
          (query.facility_id === undefined
            ? tier2CustomerExportFileName(props.customerName, query.year)
            : tier2ExportFileName(props.customerName, props.facilityName, query.year)),
      );
    },
    onError: (error) => {
      if (props.onFieldErrors(error)) return;
      if (error instanceof ApiError) props.onError(error.body.message ?? error.description);
      else props.onError(error instanceof Error ? error.message : String(error));
    },
  });
  const ready = customerId !== '' && facilityId !== '' && year !== '';
  const chooseFirst =
    facilityId === null
      ? 'Choose a customer and a year first.'
      : 'Choose a customer, a facility and a year first.';
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        disabled={!ready || exporting.isPending}
        aria-busy={exporting.isPending || undefined}
        title={ready ? undefined : chooseFirst}
        onClick={() => {
          if (!ready) return;
          exporting.mutate({
            customer_id: customerId,
            ...(facilityId === null ? {} : { facility_id: facilityId }),
            year,
            percent_basis: props.percentBasis ?? DEFAULT_REPORT_SETTINGS.percent_basis,
            tier2_option: props.tier2Option ?? DEFAULT_REPORT_SETTINGS.tier2_option,
          });
        }}
      >
        {exporting.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        ) : (
          <Download className="h-4 w-4" aria-hidden />
        )}
        {TIER2_EXPORT_LABEL}
      </Button>
      {warnings.length > 0 ? (
        <div
          role="status"
          aria-label={TIER2_EXPORT_WARNINGS_LABEL}
          className="basis-full rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-medium">{TIER2_EXPORT_WARNINGS_LABEL}</p>
          <ul className="list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
