import {
  type ChangedEntry,
  type ChangeSummary,
  type CreateDbEntryRequest,
  REFERENCE_LIST_MSG,
  REFERENCE_LIST_TYPE_LABEL,
  type RegulatoryListType,
} from '@chemtrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { createReferenceList, previewReferenceList, referenceListKeys, uploadListFile } from './api.ts';

type CreateBody = Omit<CreateDbEntryRequest, 'encode'>;

/**
 * What the upload of one type is doing: sending (with its progress), reading, waiting for the
 * admin to confirm what the dry run said it changes, replacing, or nothing.
 */
type UploadState =
  | { step: 'idle' }
  | { step: 'sending'; percent: number }
  | { step: 'reading' }
  | { step: 'review'; summary: ChangeSummary; body: CreateBody }
  | { step: 'replacing'; summary: ChangeSummary; body: CreateBody };

/** A refused upload: the server's message and, for a file that does not parse, its row problems. */
export interface UploadFailure {
  type: RegulatoryListType;
  message: string;
  problems: string[];
}

function toFailure(type: RegulatoryListType, error: unknown): UploadFailure {
  if (error instanceof ApiError) {
    const problems = error.body.errors?.file;
    return {
      type,
      message: error.body.message ?? 'The upload failed.',
      problems: Array.isArray(problems) ? problems.filter((p) => p !== error.body.message) : [],
    };
  }
  return { type, message: error instanceof Error ? error.message : 'The upload failed.', problems: [] };
}

/**
 * Spec 02 §4 "Database upload": the file goes up (with its progress), the server's dry run says
 * what it would change (issue 22: a 7-row file once replaced a 541-row list unasked), and only
 * Confirm makes it the list of its type; Cancel writes nothing. Then the entry table and that
 * type's data table are refreshed and the caller shows what changed.
 */
export function UploadListButton({
  type,
  onDone,
  onFailed,
}: {
  type: RegulatoryListType;
  onDone: (summary: ChangeSummary) => void;
  onFailed: (failure: UploadFailure) => void;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement | null>(null);
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  useEffect(() => () => controller.current?.abort(), []);
  const label = REFERENCE_LIST_TYPE_LABEL(type);

  const onChoose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: 'sending', percent: 0 });
    try {
      const uploaded = await uploadListFile(
        file,
        (percent) => setState({ step: 'sending', percent }),
        abort.signal,
      );
      setState({ step: 'reading' });
      const body: CreateBody = {
        type,
        name: uploaded.file.original_name,
        db_entry: { filepath: uploaded.file.filepath, original_name: uploaded.file.original_name },
      };
      const preview = await previewReferenceList(body);
      if (abort.signal.aborted) return;
      setState({ step: 'review', summary: preview.resource.summary, body });
    } catch (error) {
      if (!abort.signal.aborted) onFailed(toFailure(type, error));
      setState({ step: 'idle' });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const onConfirm = async (summary: ChangeSummary, body: CreateBody) => {
    setState({ step: 'replacing', summary, body });
    try {
      const answer = await createReferenceList(body);
      await queryClient.invalidateQueries({ queryKey: referenceListKeys.all });
      toast({ variant: 'success', title: `${label} list uploaded`, description: answer.message });
      onDone(answer.resource.summary);
    } catch (error) {
      onFailed(toFailure(type, error));
    } finally {
      setState({ step: 'idle' });
    }
  };

  const reviewing = state.step === 'review' || state.step === 'replacing' ? state : null;
  const inputId = `upload-${type}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        tabIndex={-1}
        aria-label={`${label} list file`}
        disabled={state.step !== 'idle'}
        onChange={(event) => void onChoose(event.target.files?.[0])}
      />
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Upload ${label} list`}
        disabled={state.step !== 'idle'}
        onClick={() => input.current?.click()}
      >
        <Upload className="h-4 w-4" aria-hidden />
        Upload
      </Button>
      {state.step === 'sending' ? (
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <div
            role="progressbar"
            aria-label={`${label} upload progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="h-2 w-24 overflow-hidden rounded bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${state.percent}%` }} />
          </div>
          <span>Uploading... {state.percent}%</span>
        </div>
      ) : null}
      {state.step === 'reading' ? <span className="text-sm text-slate-600">Reading the list...</span> : null}
      <Dialog
        open={reviewing !== null}
        onOpenChange={(open) => {
          if (!open && state.step === 'review') setState({ step: 'idle' });
        }}
      >
        {reviewing ? (
          <DialogContent
            title={`Replace the ${label} list?`}
            description="Nothing has been changed yet. The list is replaced only when you confirm."
            className="w-[min(94vw,44rem)]"
          >
            <ChangeSummaryPanel summary={reviewing.summary} preview />
            <div className="mt-4 flex justify-end gap-2">
              <Button
                variant="secondary"
                disabled={reviewing.step === 'replacing'}
                onClick={() => setState({ step: 'idle' })}
              >
                Cancel
              </Button>
              <Button
                disabled={reviewing.step === 'replacing'}
                onClick={() => void onConfirm(reviewing.summary, reviewing.body)}
              >
                {reviewing.step === 'replacing' ? 'Replacing...' : 'Confirm'}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function entryName(entry: ChangedEntry): string {
  const id = entry.cas_number || entry.category || 'no CAS';
  return `${entry.chemical_name} (${id}${entry.condition ? `, ${entry.condition}` : ''})`;
}

function EntryList({ title, count, entries }: { title: string; count: number; entries: ChangedEntry[] }) {
  if (count === 0) return null;
  return (
    <div>
      <h4 className="font-semibold text-slate-800">
        {title} ({count})
      </h4>
      <ul className="ml-5 list-disc text-slate-700">
        {entries.map((entry) => (
          <li key={`${entry.cas_number}|${entry.category}|${entry.condition}|${entry.chemical_name}`}>
            {entryName(entry)}
            {entry.changes.length > 0 ? `: ${entry.changes.join('; ')}` : ''}
          </li>
        ))}
        {count > entries.length ? <li>and {count - entries.length} more</li> : null}
      </ul>
    </div>
  );
}

/** The rows kept without a CAS number, by their row in the file: they can never match a product. */
function NoCasWarning({ summary }: { summary: ChangeSummary }) {
  if (summary.no_cas_count === 0) return null;
  const more = summary.no_cas_count - summary.no_cas_rows.length;
  return (
    <p role="status" className="font-medium text-amber-900">
      {REFERENCE_LIST_MSG.noCas(summary.no_cas_count)}: {summary.no_cas_count === 1 ? 'row' : 'rows'}{' '}
      {summary.no_cas_rows.join(', ')}
      {more > 0 ? ` and ${more} more` : ''}.
    </p>
  );
}

/**
 * What an upload changes against the list before it: rows added, removed and changed, and
 * warnings. `preview`: the dry run's answer, before anything is written.
 */
export function ChangeSummaryPanel({
  summary,
  preview = false,
}: {
  summary: ChangeSummary;
  preview?: boolean;
}) {
  const label = REFERENCE_LIST_TYPE_LABEL(summary.type);
  return (
    <section
      aria-label={preview ? `${label} changes to confirm` : `${label} change summary`}
      className={
        preview
          ? 'flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm'
          : 'flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm'
      }
    >
      <h3
        className={
          preview ? 'text-base font-semibold text-amber-900' : 'text-base font-semibold text-emerald-900'
        }
      >
        {preview ? `What replacing the ${label} list changes` : `${label} list updated`}
      </h3>
      <p className="text-slate-800">
        {summary.total} rows (before: {summary.previous_total}): {summary.added_count} added,{' '}
        {summary.removed_count} removed, {summary.changed_count} changed, {summary.unchanged_count} unchanged.
      </p>
      <EntryList title="Added" count={summary.added_count} entries={summary.added} />
      <EntryList title="Removed" count={summary.removed_count} entries={summary.removed} />
      <EntryList title="Changed" count={summary.changed_count} entries={summary.changed} />
      <NoCasWarning summary={summary} />
      {summary.warning_count > 0 ? (
        <div>
          <h4 className="font-semibold text-amber-900">Warnings ({summary.warning_count})</h4>
          <ul className="ml-5 list-disc text-amber-900">
            {summary.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A refused file: the message and the rows and columns that are wrong; the list is unchanged. */
export function UploadFailurePanel({ failure }: { failure: UploadFailure }) {
  return (
    <section
      role="alert"
      aria-label={`${REFERENCE_LIST_TYPE_LABEL(failure.type)} upload refused`}
      className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <h3 className="font-semibold">{failure.message}</h3>
      {failure.problems.length > 0 ? (
        <ul className="ml-5 list-disc">
          {failure.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
