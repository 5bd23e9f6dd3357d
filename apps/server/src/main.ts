import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock.ts';
import { seedDemoData } from './seed/demo.ts';
import { DEMO_STAFF } from './seed/demo-accounts.ts';
import { countUsers, ensureFirstAdmin } from './seed/first-admin.ts';
import { seedReferenceLists } from './seed/reference-lists/load.ts';
import { createLocalFileStore } from './storage/file-store.ts';

async function main() {
  const config = loadConfig();
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

  // Until the app's logger exists, a dropped connection is reported on stderr.
  let reportConnectionError = (error: Error) => console.error(`database connection lost: ${error.message}`);
  const database = await openDatabase(config.databaseUrl, config.dataDir, {
    onConnectionError: (error) => reportConnectionError(error),
  });
  await database.migrate();
  const wasEmpty = (await countUsers(database.db)) === 0;
  const admin = await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const shouldSeed = config.seedDemo ?? (wasEmpty && isEmbedded);
  if (wasEmpty && shouldSeed) await seedDemoData(database.db, createLocalFileStore(config.dataDir));
  // Every fresh install, demo or not, starts with the shipped reference lists, so reports work.
  if (wasEmpty) await seedReferenceLists(database.db, createLocalFileStore(config.dataDir));
  if (database.kind === 'pglite') {
    // PGlite runs single-user, without autovacuum: refresh the planner's statistics and the
    // visibility map at each start, or trigram searches fall back to sequential scans as data grows.
    await database.db.execute(sql`VACUUM ANALYZE`);
  }

  const app = await buildApp({ config, db: database.db });
  reportConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost');
  if (config.isDevAppKey) {
    app.log.warn('APP_KEY is not set: using the development key. Set APP_KEY in production.');
  }

  let isClosing = false;
  async function shutdown(signal: string) {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.appUrl;
  const lines = [
    '',
    `ChemTrack is running at ${url}`,
    `Database: ${isEmbedded ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`,
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
