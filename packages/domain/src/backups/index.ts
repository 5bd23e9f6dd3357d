import { z } from 'zod';

/** Issue 32: one backup archive in `BACKUP_DIR`, as `GET /backups/list` answers it. */
export const BackupItemSchema = z.object({
  /** The file name, `chemtrack-backup-2026-11-28T04-05-06-789Z.tar`: what the download takes. */
  name: z.string(),
  created_at: z.string(),
  size_bytes: z.number().int(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  files: z.number().int().nullable(),
});
export type BackupItem = z.infer<typeof BackupItemSchema>;

export const BackupListSchema = z.object({
  /** Newest first. */
  items: z.array(BackupItemSchema),
  /** `BACKUP_EVERY` in hours; null when scheduled backups are off. */
  every_hours: z.number().nullable(),
  keep: z.number().int(),
  /** The last good backup is older than two periods (or there is none while the schedule is on). */
  is_stale: z.boolean(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BACKUP_NAME_PATTERN = /^chemtrack-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar$/;

export const BACKUP_MSG = {
  created: 'Backup created successfully',
  notFound: 'Backup not found.',
} as const;
