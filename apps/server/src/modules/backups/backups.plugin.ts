import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFolderObjects, type NamedObjects } from '../../storage/named-objects.ts';
import { type BackupSchedule, createBackupSchedule } from './backup-schedule.ts';
import { type BackupService, createBackupService } from './backups.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
    /** Scheduled backups (`BACKUP_EVERY`); undefined when they are off. */
    backupSchedule: BackupSchedule | undefined;
  }
}

/** Where finished archives are kept: a prefix in the bucket (`backupPrefix`), or the folder `BACKUP_DIR`. */
function backupShelf(app: FastifyInstance): NamedObjects {
  const { backupPrefix, backupDir } = app.config;
  if (backupPrefix === undefined) return createFolderObjects(backupDir);
  if (!app.files.under) throw new Error(`Backups cannot be kept in ${app.files.description}.`);
  return app.files.under(backupPrefix);
}

/**
 * The backup service and its schedule (`backup-schedule.ts`). The app's close stops the schedule
 * and waits for a running backup.
 */
async function backupsPlugin(app: FastifyInstance) {
  const service = createBackupService({
    db: app.db,
    files: app.files,
    dir: app.config.backupDir,
    shelf: backupShelf(app),
    everyMs: app.config.backupEveryMs,
    keep: app.config.backupKeep,
    log: app.log,
  });
  app.decorate('backups', service);
  const every = app.config.backupEveryMs;
  const schedule = every > 0 ? createBackupSchedule(service, every, app.log) : undefined;
  app.decorate('backupSchedule', schedule);
  if (schedule) app.addHook('onReady', () => schedule.start());
  app.addHook('onClose', async () => {
    schedule?.stop();
    await service.idle();
  });
}

export default fp(backupsPlugin, { name: 'backups', dependencies: ['database', 'storage'] });
