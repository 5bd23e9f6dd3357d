import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BackupService, createBackupService } from './backups.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
  }
}

/**
 * The backup service and its schedule (`BACKUP_EVERY`): the next backup comes one period after
 * the last finished one (a restart does not push it back), then every period. The timer never
 * keeps the process alive, and the app's close waits for a running backup.
 */
async function backupsPlugin(app: FastifyInstance) {
  const service = createBackupService({
    db: app.db,
    files: app.files,
    dir: app.config.backupDir,
    everyMs: app.config.backupEveryMs,
    keep: app.config.backupKeep,
    log: app.log,
  });
  app.decorate('backups', service);
  let timer: NodeJS.Timeout | undefined;
  const every = app.config.backupEveryMs;
  if (every > 0) {
    const schedule = (delayMs: number) => {
      timer = setTimeout(() => {
        service
          .run()
          .catch((error: unknown) => app.log.error({ err: error }, 'scheduled backup failed'))
          .finally(() => schedule(every));
      }, delayMs);
      timer.unref();
    };
    app.addHook('onReady', async () => {
      const [last] = (await service.list()).items;
      const since = last ? Date.now() - Date.parse(last.created_at) : 0;
      schedule(Math.max(1_000, every - since));
    });
  }
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await service.idle();
  });
}

export default fp(backupsPlugin, { name: 'backups', dependencies: ['database', 'storage'] });
