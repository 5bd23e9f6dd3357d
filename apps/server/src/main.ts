import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { DatabaseWaitError, describePostgresUrl, openDatabase, waitForPostgres } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock.ts';
import { loadConfig } from './lib/config.ts';
import {
  keepSdsMergeWorkerReady,
  stopSdsMergeWorkerReady,
} from './modules/inventory-products/print-all-sds/index.ts';
import { sweepPrintAllSdsTemp } from './modules/inventory-products/print-all-sds.service.ts';
import { seedDemoData } from './seed/demo.ts';
import { DEMO_STAFF } from './seed/demo-accounts.ts';
import { countUsers, ensureFirstAdmin } from './seed/first-admin.ts';
import { seedReferenceLists } from './seed/reference-lists/load.ts';
import { createFileStore } from './storage/create-file-store.ts';
import { StorageUrlError } from './storage/file-store.ts';

async function main() {
  const config = loadConfig();
  // A STORAGE_URL that does not parse stops the start here, before the database is touched.
  const files = await createFileStore(config);
  const isEmbedded = !config.databaseUrl?.startsWith('postgres');
  let releaseLock = () => {};
  if (isEmbedded) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  if (config.databaseUrl && !isEmbedded) {
    const where = describePostgresUrl(config.databaseUrl);
    await waitForPostgres(config.databaseUrl, {
      timeoutMs: config.databaseWaitMs,
      onRetry: (reason, delayMs) =>
        console.error(
          `PostgreSQL at ${where} is not reachable (${reason}); trying again in ${(delayMs / 1000).toFixed(1)} s ` +
            `(giving up after ${Math.round(config.databaseWaitMs / 1000)} s, DATABASE_WAIT_SECONDS).`,
        ),
    });
  }

  // Until the app's logger exists, a dropped connection is reported on stderr.
  let reportConnectionError = (error: Error) => console.error(`database connection lost: ${error.message}`);
  const database = await openDatabase(config.databaseUrl, config.dataDir, {
    onConnectionError: (error) => reportConnectionError(error),
  });
  const { wasEmpty, admin, shouldSeed } = await database.whileStarting(async () => {
    await database.migrate();
    const wasEmpty = (await countUsers(database.db)) === 0;
    const admin = await ensureFirstAdmin(database.db, {
      email: config.adminEmail,
      password: config.adminPassword,
    });
    const shouldSeed = config.seedDemo ?? (wasEmpty && isEmbedded);
    if (wasEmpty && shouldSeed) await seedDemoData(database.db, files);
    // Every fresh install, demo or not, starts with the shipped reference lists, so reports work.
    if (wasEmpty) await seedReferenceLists(database.db, files);
    return { wasEmpty, admin, shouldSeed };
  });
  if (database.kind === 'pglite') {
    // PGlite runs single-user, without autovacuum: refresh the planner's statistics and the
    // visibility map at each start, or trigram searches fall back to sequential scans as data grows.
    await database.db.execute(sql`VACUUM ANALYZE`);
  }

  const app = await buildApp({ config, db: database.db, fileStore: files });
  reportConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost');
  if (config.isDevAppKey) {
    app.log.warn('APP_KEY is not set: using the development key. Set APP_KEY in production.');
  }

  let isClosing = false;
  // Drain first (new requests 503, open ones finish: plugins/availability), then close: the
  // process exits 0 when every open request was answered, 1 when some had to be cut.
  async function shutdown(signal: string) {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal, openRequests: app.openRequests() }, 'shutting down: finishing open requests');
    let code = 0;
    try {
      if (!(await app.drain(config.shutdownTimeoutMs))) {
        app.log.warn(
          { openRequests: app.openRequests() },
          'shutting down: requests still open after SHUTDOWN_TIMEOUT_SECONDS, closing them',
        );
        app.server.closeAllConnections();
        code = 1;
      }
      await app.close();
      await stopSdsMergeWorkerReady();
      await database.close();
      files.close?.();
    } catch (error) {
      app.log.error({ err: error }, 'shutting down failed');
      code = 1;
    } finally {
      releaseLock();
      process.exit(code);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await sweepPrintAllSdsTemp(config.dataDir);
  await app.listen({ port: config.port, host: config.host });
  // Print All SDS answers without first waiting for a merge worker to start.
  keepSdsMergeWorkerReady();
  const url = config.appUrl;
  const lines = [
    '',
    `ChemTrack is running at ${url}`,
    `Database: ${isEmbedded ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`,
    `Files: ${files.description}`,
  ];
  if (admin) {
    lines.push(`First admin: ${admin.email}`);
    lines.push(
      admin.password ? `Password (shown once): ${admin.password}` : 'Password: the ADMIN_PASSWORD you set',
    );
    if (wasEmpty && shouldSeed) lines.push(`Demo staff: ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  } else {
    lines.push('Sign in with an existing account.');
  }
  console.log(lines.join('\n'));
}

/** The URL's password, so that no message printed at a failed start can show it. */
function hidePassword(text: string): string {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return text;
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password ? text.replaceAll(password, '***').replaceAll(encodeURIComponent(password), '***') : text;
  } catch {
    return text;
  }
}

main().catch((error: unknown) => {
  // An expected failure is one clear line; anything else keeps its stack for whoever debugs it.
  if (error instanceof DatabaseWaitError || error instanceof StorageUrlError) console.error(error.message);
  else if (error instanceof Error) console.error(hidePassword(error.stack ?? error.message));
  else console.error(hidePassword(String(error)));
  process.exit(1);
});
