import {
  NO_EARLIER_INVENTORY_LINE,
  NO_YEAR_CHANGES_LINE,
  type ReportChanges,
  type ReportPreviewDocument,
  YEAR_CHANGES_BASIS_LINE,
  yearChangeGroups,
  yearChangesHeading,
} from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { ErrorLine } from '../../components/error-line.tsx';
import { reportChangesOptions } from './api.ts';
import { PendingLine } from './query-lines.tsx';

/**
 * Issue 36 "What changed since last year", in the Tier II preview: the facility's chemicals added,
 * removed and changed since its previous inventory, as `GET /report/changes` answers them and in
 * the Tier II PDF's words (the domain's), so the screen and the filed file read alike. Asked apart
 * from the preview: comparing runs the engine on a second year, which only Tier II shows.
 */
export function YearChanges({
  report,
}: {
  report: Pick<ReportPreviewDocument, 'type' | 'customer' | 'facility' | 'year'>;
}) {
  const query = useQuery(
    reportChangesOptions({
      type: report.type,
      customer_id: report.customer.id,
      facility_id: report.facility.id,
      year: report.year,
    }),
  );
  if (query.isPending) return <PendingLine text="Comparing with the previous year..." />;
  if (query.isError) return <ErrorLine error={query.error} />;
  return <ChangesList changes={query.data.resource} />;
}

function ChangesList({ changes }: { changes: ReportChanges }) {
  const heading = yearChangesHeading(changes);
  return (
    <section aria-label={heading} className="flex flex-col gap-2 text-sm text-slate-800">
      <h3 className="font-semibold">{heading}</h3>
      {changes.previous_year === null ? (
        <p>{NO_EARLIER_INVENTORY_LINE}</p>
      ) : (
        <>
          <p className="text-slate-600">{YEAR_CHANGES_BASIS_LINE}</p>
          {yearChangeGroups(changes).map(({ group, heading: title, lines }) => (
            <div key={group}>
              <h4 className="font-medium text-slate-900">{title}</h4>
              {lines.length === 0 ? (
                <p className="pl-5">{NO_YEAR_CHANGES_LINE}</p>
              ) : (
                <ul aria-label={title} className="list-disc pl-5">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </>
      )}
    </section>
  );
}
