import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBody } from '../../src/seed/factories.ts';
import { toCsv } from '../reference-files.ts';
import {
  call,
  cleanUp,
  eventually,
  PrivateCluster,
  signIn,
  sleep,
  startReadyServer,
  tempDir,
  uploadFile,
} from './harness.ts';

let cluster: PrivateCluster;

beforeAll(async () => {
  cluster = await PrivateCluster.create();
});
afterAll(cleanUp);

describe('kill -9 of the server', () => {
  it('during a burst of writes: every acknowledged write is there after a restart', async () => {
    const database = await cluster.createDatabase('burst');
    const dataDir = tempDir('burst');
    const server = await startReadyServer({ dataDir, databaseUrl: cluster.url(database) });
    const token = await signIn(server);

    const acknowledged: { id: number; name: string }[] = [];
    let isKilled = false;
    let failures = 0;
    const writers = Array.from({ length: 6 }, async () => {
      for (;;) {
        const body = customerBody();
        try {
          const res = await call(server, 'POST', '/customers/create', { token, body });
          if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.body}`);
          acknowledged.push({ id: (res.json().resource as { id: number }).id, name: body.name });
        } catch (error) {
          // The kill: the connection drops, so the write was never acknowledged.
          if (isKilled) return;
          failures += 1;
          throw error;
        }
      }
    });
    await eventually('30 acknowledged writes', () => acknowledged.length >= 30);
    isKilled = true;
    server.child.kill('SIGKILL');
    await Promise.all(writers);
    expect(failures).toBe(0);

    const again = await startReadyServer({ dataDir, databaseUrl: cluster.url(database) });
    const tokenAgain = await signIn(again);
    for (const { id, name } of acknowledged) {
      const res = await call(again, 'GET', `/customers/${id}/get`, { token: tokenAgain });
      expect(res.status, `customer ${id}`).toBe(200);
      expect((res.json().resource as { name: string }).name).toBe(name);
    }
  });

  it('during a reference-list replacement: the old list is intact after a restart', async () => {
    const database = await cluster.createDatabase('list_replacement');
    const dataDir = tempDir('list');
    const server = await startReadyServer({ dataDir, databaseUrl: cluster.url(database) });
    const token = await signIn(server);

    const listOf = async (port: typeof server, session: string) => {
      const res = await call(port, 'GET', '/db-entry-data/rmp/list?ipp=100', {
        token: session,
      });
      expect(res.status, res.body).toBe(200);
      return res.json().resource as { items: unknown[]; total?: number };
    };
    const entriesOf = async (port: typeof server, session: string) => {
      const res = await call(port, 'GET', '/db-entry/list', { token: session });
      expect(res.status, res.body).toBe(200);
      return res.json().resource;
    };
    const listBefore = await listOf(server, token);
    const entriesBefore = await entriesOf(server, token);
    expect(listBefore.items.length).toBeGreaterThan(0);

    const rows = [['Chemical Name', 'CAS #', 'Condition', 'Threshold Quantity (lbs)']];
    for (let n = 0; n < 2000; n++) rows.push([`Replacement ${n}`, '50-00-0', `grade ${n}`, '1,000']);
    const uploaded = await uploadFile(server, token, 'database', {
      name: 'replacement.csv',
      type: 'text/csv',
      content: toCsv(rows),
    });
    expect(uploaded.status, uploaded.body).toBe(201);
    const { file } = uploaded.json() as { file: { filepath: string; original_name: string } };

    // The replacement deletes the old rows, inserts the new ones, then writes its audit row: a
    // lock held on the audit table stops it there, mid-transaction, where the process is killed.
    const locker = cluster.client(database);
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE audit_log IN EXCLUSIVE MODE');
      const pending = call(server, 'POST', '/db-entry/create', {
        token,
        body: { type: 'rmp', name: 'replacement.csv', db_entry: file },
      }).catch((error: unknown) => error);
      const backend = await eventually('the replacement waiting on the audit table', async () => {
        const waiting = await cluster.query<{ pid: number }>(
          database,
          `SELECT pid FROM pg_stat_activity
            WHERE datname = $1 AND wait_event_type = 'Lock' AND query ILIKE '%audit_log%'`,
          [database],
        );
        return waiting[0]?.pid;
      });
      // It has written to the list's table in that transaction already.
      const written = await cluster.query(
        database,
        `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE l.pid = $1 AND c.relname = 'regulatory_entries' AND l.mode = 'RowExclusiveLock' AND l.granted`,
        [backend],
      );
      expect(written).toHaveLength(1);

      server.child.kill('SIGKILL');
      await server.exited;
      expect(await pending).toBeInstanceOf(Error);
      await locker.query('ROLLBACK');
      await eventually('the killed server’s transaction to end', async () => {
        const left = await cluster.query(database, 'SELECT 1 FROM pg_stat_activity WHERE pid = $1', [
          backend,
        ]);
        return left.length === 0;
      });
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    await sleep(100);

    const again = await startReadyServer({ dataDir, databaseUrl: cluster.url(database) });
    const tokenAgain = await signIn(again);
    expect(await listOf(again, tokenAgain)).toEqual(listBefore);
    expect(await entriesOf(again, tokenAgain)).toEqual(entriesBefore);
  });
});
