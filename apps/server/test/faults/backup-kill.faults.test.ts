import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BACKUP_NAME_PATTERN } from '@chemtrack/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../src/backup/read-archive.ts';
import {
  APP_KEY,
  call,
  cleanUp,
  PrivateCluster,
  paddedPdf,
  signIn,
  startReadyServer,
  tempDir,
  uploadFile,
} from './harness.ts';

// Issue 32: a backup is written under a hidden `.….tar.partial` name and renamed once complete.
afterAll(cleanUp);

const PARTIAL = /^\.chemtrack-backup-.+\.tar\.partial$/;

/** Resolves with the partial archive's name the moment it appears in `dir`, the caller's kill in `then`. */
function partialAppears(dir: string, onAppear: (name: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(dir, (_event, name) => {
      if (name && PARTIAL.test(name)) {
        onAppear(name);
        watcher.close();
        resolve(name);
      }
    });
    watcher.on('error', reject);
  });
}

/** PostgreSQL's cluster, made only for its case. */
let cluster: PrivateCluster | undefined;

describe.each(['embedded', 'postgres'] as const)('kill -9 of the server during a backup (%s)', (kind) => {
  it('leaves no archive listed; the next backup removes the partial one and verifies', async () => {
    const dataDir = tempDir(`backup-kill-${kind}`);
    const backups = path.join(dataDir, 'backups');
    fs.mkdirSync(backups);
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      cluster ??= await PrivateCluster.create();
      databaseUrl = cluster.url(await cluster.createDatabase('backup_kill'));
    }
    const server = await startReadyServer({ dataDir, databaseUrl });
    const token = await signIn(server);
    // Files big enough that the archive is still being written when the kill lands.
    for (const name of ['first.pdf', 'second.pdf']) {
      const content = await paddedPdf(4);
      const res = await uploadFile(server, token, 'sds', { name, type: 'application/pdf', content });
      expect(res.status, res.body).toBe(201);
    }

    const killed = partialAppears(backups, () => server.child.kill('SIGKILL'));
    const answer = call(server, 'POST', '/backups/create', { token }).then(
      (res) => res.status,
      () => 'connection lost',
    );
    const partial = await killed;
    await server.exited;
    expect(await answer).toBe('connection lost');
    // Killed mid-backup: the partial is there, no finished archive.
    const left = fs.readdirSync(backups);
    expect(left).toContain(partial);
    expect(left.filter((name) => BACKUP_NAME_PATTERN.test(name))).toEqual([]);

    const restarted = await startReadyServer({ dataDir, databaseUrl });
    const again = await signIn(restarted);
    const before = await call(restarted, 'GET', '/backups/list', { token: again });
    expect(before.status).toBe(200);
    expect((before.json().resource as { items: unknown[] }).items).toEqual([]);

    const created = await call(restarted, 'POST', '/backups/create', { token: again });
    expect(created.status, created.body).toBe(201);
    const item = created.json().resource as { name: string; size_bytes: number; files: number };
    expect(fs.readdirSync(backups).sort()).toEqual([item.name, `${item.name}.json`]);
    const after = await call(restarted, 'GET', '/backups/list', { token: again });
    expect((after.json().resource as { items: { name: string }[] }).items.map((i) => i.name)).toEqual([
      item.name,
    ]);

    const download = await fetch(`${restarted.base}/api/admin/v1/backups/${item.name}/download`, {
      headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${again}` },
    });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(item.size_bytes);
    const manifest = await verifyArchive(Readable.from([bytes]));
    // Every stored file, the two large uploads among them (the start stores reference lists too).
    expect(manifest.files).toHaveLength(item.files);
    expect(manifest.files.filter((file) => file.size > 4 * 1024 * 1024)).toHaveLength(2);
  });
});
