/**
 * Backup and restore (issue 32): on the bench data set, `npm run backup` and `npm run restore`
 * timed with their peak memory (RSS, from /usr/bin/time), on the embedded database and on
 * PostgreSQL, beside a bare `pg_dump -Fc` / `pg_restore` of the same PostgreSQL database in the
 * same run. Prints a table; nothing is asserted.
 *
 *   npx tsx bench/backup.ts --scale 0.05
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/backup.ts --scale 0.05
 *
 * Without BENCH_DATABASE_URL only the embedded rows are measured.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadDataSet, type RawClient } from './data.ts';
import { ROOT } from './processes.ts';
import { databaseUrlOn, onServer } from './server-databases.ts';

const scale = Number(process.argv[process.argv.indexOf('--scale') + 1] ?? 0.05) || 0.05;
const adminUrl = process.env.BENCH_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-bench-backup-'));

interface Measured {
  what: string;
  seconds: number;
  peakMiB: number;
  bytes?: number;
}

/** Runs a command under /usr/bin/time: wall seconds and peak RSS of the process tree's largest. */
function timed(what: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Measured {
  const report = path.join(work, 'time.txt');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', '-o', report, command, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${what}: exit ${run.status}\n${run.stderr}`);
  const peakKiB = Number(fs.readFileSync(report, 'utf8').trim().split('\n').at(-1));
  return { what, seconds, peakMiB: peakKiB / 1024 };
}

async function recreate(name: string): Promise<string> {
  const serverUrl = adminUrl ?? '';
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  return databaseUrlOn(serverUrl, name);
}

/** A migrated database with the data set loaded: PGlite in `dataDir/db`, or the PostgreSQL `url`. */
async function seeded(url: string | undefined, dataDir: string): Promise<void> {
  const database = await openDatabase(url, dataDir);
  await database.migrate();
  await loadDataSet((database.db as unknown as { $client: RawClient }).$client, scale);
  await database.close();
}

const results: Measured[] = [];
const size = (file: string) => fs.statSync(file).size;

// The embedded database: back up the loaded folder, restore into an empty one.
const pgliteDir = path.join(work, 'pglite');
fs.mkdirSync(pgliteDir);
const t0 = performance.now();
await seeded(undefined, pgliteDir);
console.log(`loaded scale ${scale} into PGlite in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const pgliteArchive = path.join(work, 'pglite.tar');
results.push({
  ...timed('PGlite: npm run backup', 'npm', ['run', '-s', 'backup', '--', '--to', pgliteArchive], {
    DATA_DIR: pgliteDir,
    DATABASE_URL: '',
  }),
  bytes: size(pgliteArchive),
});
const pgliteTarget = path.join(work, 'pglite-restored');
fs.mkdirSync(pgliteTarget);
results.push(
  timed('PGlite: npm run restore', 'npm', ['run', '-s', 'restore', '--', '--from', pgliteArchive], {
    DATA_DIR: pgliteTarget,
    DATABASE_URL: '',
  }),
);

if (adminUrl) {
  const source = await recreate('chemtrack_bench_backup_src');
  fs.mkdirSync(path.join(work, 'pg-src'));
  await seeded(source, path.join(work, 'pg-src'));
  const archive = path.join(work, 'postgres.tar');
  results.push({
    ...timed('PostgreSQL: npm run backup', 'npm', ['run', '-s', 'backup', '--', '--to', archive], {
      DATA_DIR: path.join(work, 'pg-src'),
      DATABASE_URL: source,
    }),
    bytes: size(archive),
  });
  const target = await recreate('chemtrack_bench_backup_dst');
  fs.mkdirSync(path.join(work, 'pg-dst'));
  results.push(
    timed('PostgreSQL: npm run restore', 'npm', ['run', '-s', 'restore', '--', '--from', archive], {
      DATA_DIR: path.join(work, 'pg-dst'),
      DATABASE_URL: target,
    }),
  );
  const dump = path.join(work, 'postgres.dump');
  results.push({
    ...timed('PostgreSQL: bare pg_dump -Fc', 'pg_dump', ['-Fc', '-f', dump, source]),
    bytes: size(dump),
  });
  const bare = await recreate('chemtrack_bench_backup_bare');
  results.push(timed('PostgreSQL: bare pg_restore', 'pg_restore', ['--no-owner', '-d', bare, dump]));
  console.log(`pg_dump ${execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }).trim()}`);
}

console.log(`\nBackup and restore at scale ${scale} (load average ${os.loadavg()[0]?.toFixed(1)})`);
console.log('| Step | Seconds | Peak RSS (MiB) | Archive |');
console.log('|---|---|---|---|');
for (const row of results) {
  const archive = row.bytes === undefined ? '' : `${(row.bytes / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`| ${row.what} | ${row.seconds.toFixed(1)} | ${row.peakMiB.toFixed(0)} | ${archive} |`);
}
fs.rmSync(work, { recursive: true, force: true });
