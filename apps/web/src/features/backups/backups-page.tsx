import { type BackupItem, formatFileSize } from '@chemtrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { toast } from '../../lib/toast.ts';
import { backupsListOptions, createBackup, downloadBackup } from './api.ts';

/** "3 hours ago", "2 days ago": the age of the last backup. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} days ago`;
}

function utc(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * Backups (issue 32): the last backup with its size and age, "Back up now", the archives with their
 * downloads, and a warning when the last good backup is older than two scheduled periods. Restoring
 * is a command run with the server stopped (README, Backups), never a button of the running app.
 */
export function BackupsPage() {
  usePageMeta('Backups', [{ name: 'Backups' }]);
  const queryClient = useQueryClient();
  const list = useQuery(backupsListOptions());
  const data = list.data?.resource;
  const last: BackupItem | undefined = data?.items[0];
  const backUp = useMutation({
    mutationFn: createBackup,
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      toast({
        variant: 'success',
        title: result.message,
        description: `${result.resource.name}, ${formatFileSize(result.resource.size_bytes)}`,
      });
      await queryClient.invalidateQueries({ queryKey: ['backups'] });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError ? error.description : error.message,
      }),
  });
  const download = useMutation({
    mutationFn: downloadBackup,
    meta: { handlesErrors: true },
    onSuccess: (file, name) => saveBlob(file.blob, file.filename ?? name),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError ? error.description : error.message,
      }),
  });

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-slate-200 bg-white p-4">
        <div className="flex flex-col gap-1 text-sm">
          <h2 className="text-base font-semibold text-slate-900">Last backup</h2>
          {list.isPending ? (
            <p className="text-slate-600">Loading…</p>
          ) : last ? (
            <p className="text-slate-700">
              {utc(last.created_at)} · {formatFileSize(last.size_bytes)} · {formatAge(last.created_at)}
            </p>
          ) : (
            <p className="text-slate-700">No backup yet.</p>
          )}
          {data ? (
            <p className="text-slate-600">
              {data.every_hours === null
                ? 'Scheduled backups are off (BACKUP_EVERY).'
                : `A backup is taken every ${data.every_hours} hours; the last ${data.keep} are kept.`}
            </p>
          ) : null}
        </div>
        <Button type="button" disabled={backUp.isPending} onClick={() => backUp.mutate()}>
          {backUp.isPending ? 'Backing up…' : 'Back up now'}
        </Button>
      </div>
      {data?.is_stale ? (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          The last good backup is older than two scheduled periods: back up now and check the server's log.
        </p>
      ) : null}
      <table aria-label="Backups" className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th className="py-2 pr-3 font-medium">Taken (UTC)</th>
            <th className="py-2 pr-3 font-medium">Size</th>
            <th className="py-2 pr-3 font-medium">Tables</th>
            <th className="py-2 pr-3 font-medium">Rows</th>
            <th className="py-2 pr-3 font-medium">Files</th>
            <th className="py-2 font-medium">Download</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.length === 0 ? (
            <tr>
              <td colSpan={6} className="py-3 text-slate-600">
                No backups yet.
              </td>
            </tr>
          ) : null}
          {(data?.items ?? []).map((item) => (
            <tr key={item.name} className="border-b border-slate-100">
              <td className="py-2 pr-3">{utc(item.created_at)}</td>
              <td className="py-2 pr-3">{formatFileSize(item.size_bytes)}</td>
              <td className="py-2 pr-3">{item.tables ?? '-'}</td>
              <td className="py-2 pr-3">{item.rows ?? '-'}</td>
              <td className="py-2 pr-3">{item.files ?? '-'}</td>
              <td className="py-2">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={`Download ${item.name}`}
                  disabled={download.isPending}
                  onClick={() => download.mutate(item.name)}
                >
                  Download
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
