import type { BackupItem, BackupList } from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Issue 32: the backups an admin keeps (`BACKUP_DIR`), newest first. */
export const backupsListOptions = () =>
  queryOptions({
    queryKey: ['backups', 'list'] as const,
    queryFn: ({ signal }) => api.get<{ resource: BackupList }>('/backups/list', undefined, signal),
  });

export function createBackup() {
  return api.post<{ message: string; resource: BackupItem }>('/backups/create');
}

export function downloadBackup(name: string) {
  return api.download(`/backups/${encodeURIComponent(name)}/download`);
}
