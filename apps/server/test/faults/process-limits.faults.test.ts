import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MSG } from '../../src/app.ts';
import {
  ADMIN,
  APP_KEY,
  call,
  cleanUp,
  eventually,
  logLines,
  onCleanUp,
  PrivateCluster,
  paddedPdf,
  signIn,
  sleep,
  startReadyServer,
  tempDir,
  uploadFile,
} from './harness.ts';

const run = promisify(execFile);
let cluster: PrivateCluster;

beforeAll(async () => {
  cluster = await PrivateCluster.create();
});
afterAll(cleanUp);

describe('a slow client', () => {
  it('trickling its body is cut with a 408 and a message after REQUEST_TIMEOUT_SECONDS', async () => {
    const server = await startReadyServer({
      dataDir: tempDir('slow'),
      databaseUrl: cluster.url(await cluster.createDatabase('slow_client')),
      env: { REQUEST_TIMEOUT_SECONDS: '2' },
    });
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      'POST /api/admin/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `X-App-Key: ${APP_KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
    );
    // A byte every 200 ms: never idle long enough for an idle timeout, far too slow to finish.
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) {
        socket.write(' ');
        sent += 1;
      }
    }, 200);
    try {
      await Promise.race([closed, sleep(60_000)]);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(sent).toBeGreaterThan(5);
    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(body)).toEqual({ message: REQUEST_TIMEOUT_MSG });
    // Only that connection was cut.
    expect((await call(server, 'POST', '/auth/sign-in', { body: ADMIN })).status).toBe(200);
  });
});

describe('the event loop saturated', () => {
  it('answers 503 with Retry-After and a message, and recovers on its own', async () => {
    const server = await startReadyServer({
      dataDir: tempDir('busy'),
      databaseUrl: cluster.url(await cluster.createDatabase('busy_loop')),
      // A low threshold for this process only (busy slices of 400 ms put the mean delay near 400 ms,
      // an idle process stays far below 200 ms even on a loaded machine); the busy loop is a
      // test-only preload.
      env: { MAX_EVENT_LOOP_DELAY_MS: '200', FAULT_BUSY_MS: '6000' },
      preload: ['./test/faults/preload/busy-event-loop.ts'],
    });
    const token = await signIn(server);
    await eventually('a normal answer first', async () => {
      return (await call(server, 'GET', '/customers/list', { token })).status === 200;
    });

    server.child.kill('SIGUSR2');
    const refused = await eventually(
      'a 503 while the loop is busy',
      async () => {
        const answer = await call(server, 'GET', '/customers/list', { token });
        return answer.status === 503 ? answer : undefined;
      },
      30_000,
    );
    expect(refused.json()).toEqual({ message: 'The server is too busy right now. Try again in a moment.' });
    expect(refused.headers.get('retry-after')).toBe('5');

    await eventually('a normal answer once the loop is free', async () => {
      return (await call(server, 'GET', '/customers/list', { token })).status === 200;
    });
    expect(server.child.exitCode).toBeNull();
  });

  it('does not refuse anyone after one long turn under the limit (a large report drawn, not saturation)', async () => {
    const server = await startReadyServer({
      dataDir: tempDir('long-turn'),
      databaseUrl: cluster.url(await cluster.createDatabase('long_turn')),
      // A limit of 4 s and one 1.2 s turn, longer than the check's 1 s sampling interval: the
      // turn's delay is measured, not read as infinite, so what queued behind it is answered. The
      // default 2 s left 0.8 s for the machine: with the other fault files' clusters starting on
      // the same 2 cores, the process was starved past it and refused a second of requests.
      env: { FAULT_BUSY_MS: '1200', FAULT_BUSY_SLICE_MS: '1200', MAX_EVENT_LOOP_DELAY_MS: '4000' },
      preload: ['./test/faults/preload/busy-event-loop.ts'],
    });
    const token = await signIn(server);
    server.child.kill('SIGUSR2');
    const answers: { status: number; body: string; at: number }[] = [];
    const started = Date.now();
    // Requests queued behind the turn and sent for 2.5 s after it: every one answered.
    const until = started + 4000;
    while (Date.now() < until) {
      const answer = await call(server, 'GET', '/customers/list', { token });
      answers.push({ status: answer.status, body: answer.body.slice(0, 120), at: Date.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answers.length).toBeGreaterThan(5);
    // A refusal is named with its message and its time after the signal, and the server's warnings
    // and errors go with it: CI saw a second of 503s here twice (2026-11-28 with a 2 s limit,
    // 2026-11-29 with 4 s) that no run on a quiet or a busy-looped machine reproduced.
    const warnings = logLines(server)
      .filter((line) => Number(line.level) >= 40)
      .map((line) =>
        `${String(line.time)} ${String(line.msg)} ${JSON.stringify(line.err ?? '')}`.slice(0, 300),
      );
    expect(
      answers.filter((answer) => answer.status !== 200),
      `signal sent at ${new Date(started).toISOString()}; server warnings:\n${warnings.join('\n')}`,
    ).toEqual([]);
  });
});

/** Files under `dir`, recursively (none if it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Whether this machine lets us mount a small tmpfs (root, as in CI). */
async function canMount(): Promise<boolean> {
  const probe = tempDir('mount-probe');
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    await run('umount', [probe]);
    return true;
  } catch {
    return false;
  }
}

describe('the disk full during an upload', () => {
  it('answers 507 with a message, leaves no partial file, and records nothing', async () => {
    const dataDir = tempDir('full');
    const filesDir = path.join(dataDir, 'files');
    const tempUploads = path.join(dataDir, 'tmp', 'uploads');
    fs.mkdirSync(filesDir, { recursive: true });
    fs.mkdirSync(tempUploads, { recursive: true });
    const isMounted = await canMount();
    // A real small file system where the machine allows it (root, as in CI), otherwise the same
    // limits injected into the process's write streams (decision 011).
    const database = await cluster.createDatabase('disk_full');
    const server = await startReadyServer(
      isMounted
        ? { dataDir, databaseUrl: cluster.url(database) }
        : {
            dataDir,
            databaseUrl: cluster.url(database),
            preload: ['./test/faults/preload/full-disk.ts'],
            env: {
              FAULT_FULL_DIRS: [`${filesDir}=${1024 * 1024}`, `${tempUploads}=${4 * 1024 * 1024}`].join(
                path.delimiter,
              ),
            },
          },
    );
    if (isMounted) {
      // Mounted once the server started: its first start stored the shipped reference lists.
      for (const [dir, size] of [
        [filesDir, '1m'],
        [path.join(dataDir, 'tmp'), '4m'],
      ] as const) {
        await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
        // Lazily: a server that failed the test may still hold a file open there.
        onCleanUp(() => run('umount', ['-l', dir]).then(() => undefined));
      }
      fs.mkdirSync(tempUploads, { recursive: true });
    }
    const storedBefore = filesUnder(filesDir);
    const token = await signIn(server);
    const pdf = (name: string, content: Uint8Array) => ({ name, type: 'application/pdf', content });

    // 2 MB: the temporary copy fits, the store does not.
    const storeFull = await uploadFile(server, token, 'sds', pdf('store-full.pdf', await paddedPdf(2)));
    expect(storeFull.status, storeFull.body).toBe(507);
    expect(storeFull.json()).toEqual({
      message:
        'The server has no storage space left for this file. Nothing was saved. Please tell your administrator.',
    });
    expect(filesUnder(filesDir)).toEqual(storedBefore);
    expect(filesUnder(tempUploads)).toEqual([]);

    // 5 MB: the temporary copy itself does not fit.
    const tempFull = await uploadFile(server, token, 'sds', pdf('temp-full.pdf', await paddedPdf(5)));
    expect(tempFull.status, tempFull.body).toBe(507);
    expect(filesUnder(filesDir)).toEqual(storedBefore);
    expect(filesUnder(tempUploads)).toEqual([]);

    // What still fits is stored as usual.
    const small = await uploadFile(server, token, 'sds', pdf('small.pdf', await paddedPdf(0.1)));
    expect(small.status, small.body).toBe(201);
    expect(filesUnder(filesDir)).toHaveLength(storedBefore.length + 1);

    const names = await cluster.query<{ original_name: string }>(
      database,
      "SELECT original_name FROM files WHERE original_name LIKE '%.pdf' ORDER BY id",
    );
    expect(names).toEqual([{ original_name: 'small.pdf' }]);
  });
});
