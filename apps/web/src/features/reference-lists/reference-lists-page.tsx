import {
  type ChangeSummary,
  type DbEntryRow,
  type DbEntryUpload,
  REFERENCE_LIST_TYPE_LABEL,
  toTableDate,
} from '@chemtrack/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FixedTable } from '../../components/fixed-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { showApiError } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { downloadReferenceListFile, referenceListsOptions } from './api.ts';
import {
  ChangeSummaryPanel,
  type UploadFailure,
  UploadFailurePanel,
  UploadListButton,
} from './reference-list-upload.tsx';

const HEADERS = ['Type', 'File Name', 'Last Updated At', 'Date Tables', 'Upload'];

function DownloadLink({ upload, label }: { upload: DbEntryUpload; label: string }) {
  const download = useMutation({
    mutationFn: () => downloadReferenceListFile(upload.id),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename ?? upload.file?.original_name ?? upload.name),
    onError: showApiError,
  });
  if (!upload.file) return <span>{upload.name}</span>;
  return (
    <Button
      variant="link"
      size="sm"
      className="h-auto p-0"
      aria-label={label}
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {upload.name}
    </Button>
  );
}

/** The File Name cell: the file (a download), the rows it holds, and the previous upload's file. */
function FileCell({ row }: { row: DbEntryRow }) {
  const label = REFERENCE_LIST_TYPE_LABEL(row.type);
  if (!row.current) return <span className="text-slate-500">No list uploaded</span>;
  // The seed marks its partial samples (decision 029); an upload clears the mark.
  const isSample = row.current.is_sample;
  return (
    <div className="flex flex-col gap-0.5">
      <DownloadLink upload={row.current} label={`Download ${label} file ${row.current.name}`} />
      <span className="text-xs text-slate-600">
        {row.row_count} {row.row_count === 1 ? 'row' : 'rows'}
        {isSample ? ' — partial sample list: upload the current official list' : ''}
      </span>
      {row.previous ? (
        <span className="text-xs text-slate-600">
          Previous:{' '}
          <DownloadLink
            upload={row.previous}
            label={`Download previous ${label} file ${row.previous.name}`}
          />
        </span>
      ) : null}
    </div>
  );
}

/**
 * Spec 02 §2 "/database/ (admin only)": one row per list type, not paged, with its file, last
 * update, a View link to its data table and an Upload that shows progress and then what changed.
 */
export function ReferenceListsPage() {
  usePageMeta('Database Entry');
  const query = useQuery(referenceListsOptions());
  const [summary, setSummary] = useState<ChangeSummary | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const rows = query.data?.resource.items;
  return (
    <section className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        ChemTrack ships partial samples of the EPA and OSHA lists so that reports work on a new install.
        Upload the current official list of each type (EPA's Consolidated List of Lists, OSHA PSM Appendix A)
        as .csv, .xls or .xlsx.
      </p>
      <FixedTable
        label="Database entries"
        headers={HEADERS}
        rows={rows}
        isError={query.isError}
        errorText="The database entries could not be loaded."
        skeletonRows={5}
        row={(row) => (
          <tr key={row.type} className="border-t border-slate-100 align-top">
            <td className="px-4 py-3 font-medium">{REFERENCE_LIST_TYPE_LABEL(row.type)}</td>
            <td className="px-4 py-3">
              <FileCell row={row} />
            </td>
            <td className="px-4 py-3">{toTableDate(row.updated_at)}</td>
            <td className="px-4 py-3">
              <Link
                to="/database/$type"
                params={{ type: row.type }}
                className="text-brand-700 underline"
                aria-label={`View ${REFERENCE_LIST_TYPE_LABEL(row.type)} list`}
              >
                View
              </Link>
            </td>
            <td className="px-4 py-3">
              <UploadListButton
                type={row.type}
                onDone={(next) => {
                  setFailure(null);
                  setSummary(next);
                }}
                onFailed={(next) => {
                  setSummary(null);
                  setFailure(next);
                }}
              />
            </td>
          </tr>
        )}
      />
      {summary ? <ChangeSummaryPanel summary={summary} /> : null}
      {failure ? <UploadFailurePanel failure={failure} /> : null}
    </section>
  );
}
