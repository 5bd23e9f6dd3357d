import {
  type ChangedEntry,
  type ChangeSummary,
  REFERENCE_LIST_TYPE_LABEL,
  type RegulatoryListType,
} from '@chemtrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { createReferenceList, referenceListKeys, uploadListFile } from './api.ts';

/** What the upload of one type is doing: sending (with its progress), reading, or neither. */
type UploadState = { step: 'idle' } | { step: 'sending'; percent: number } | { step: 'reading' };

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
 * Spec 02 §4 "Database upload": the file goes up (with its progress), becomes the list of its type,
 * and the entry table and that type's data table are refreshed; the caller shows what changed.
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
      const answer = await createReferenceList({
        type,
        name: uploaded.file.original_name,
        db_entry: { filepath: uploaded.file.filepath, original_name: uploaded.file.original_name },
      });
      await queryClient.invalidateQueries({ queryKey: referenceListKeys.all });
      toast({ variant: 'success', title: `${label} list uploaded`, description: answer.message });
      onDone(answer.resource.summary);
    } catch (error) {
      if (!abort.signal.aborted) onFailed(toFailure(type, error));
    } finally {
      if (controller.current === abort) controller.current = null;
      setState({ step: 'idle' });
    }
  };

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

/** What an upload changed against the list before it: rows added, removed and changed, and warnings. */
export function ChangeSummaryPanel({ summary }: { summary: ChangeSummary }) {
  const label = REFERENCE_LIST_TYPE_LABEL(summary.type);
  return (
    <section
      aria-label={`${label} change summary`}
      className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm"
    >
      <h3 className="text-base font-semibold text-emerald-900">{label} list updated</h3>
      <p className="text-slate-800">
        {summary.total} rows (before: {summary.previous_total}): {summary.added_count} added,{' '}
        {summary.removed_count} removed, {summary.changed_count} changed, {summary.unchanged_count} unchanged.
      </p>
      <EntryList title="Added" count={summary.added_count} entries={summary.added} />
      <EntryList title="Removed" count={summary.removed_count} entries={summary.removed} />
      <EntryList title="Changed" count={summary.changed_count} entries={summary.changed} />
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
