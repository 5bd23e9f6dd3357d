import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadOverHttp, type HttpDownload } from './http-download.ts';
import { makePng } from './images.ts';
import { multipartBody } from './uploads.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-start-'));
const children: ChildProcess[] = [];

// What `npm start` does after the web build: bundle the server once, then run plain JavaScript.
beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'pipe' });
}, 60_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start`'s server process, the built JavaScript (no tsx), on the shared data directory. */
function startServer(port: number, env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_KEY: 'start-key',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string) {
  // Up to 3 minutes: a cold start migrates and seeds the embedded database, slow beside a full CI run.
  for (let i = 0; i < 1800; i++) {
    if (started.output().includes(text)) return;
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never printed "${text}":\n${started.output()}`);
}

async function signIn(port: number, email: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': 'start-key' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

async function tokenOf(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': 'start-key' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { credentials: { access_token: string } }).credentials.access_token;
}

function get(port: number, url: string, token: string) {
  return fetch(`http://127.0.0.1:${port}/api/admin/v1${url}`, {
    headers: { 'x-app-key': 'start-key', authorization: `Bearer ${token}` },
  });
}

describe('npm start', () => {
  it('creates the first admin once, refuses a second process, stops cleanly and keeps its data', async () => {
    const port = await freePort();
    const first = startServer(port, { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'BossPass123' });
    await waitFor(first, `ChemTrack is running at http://localhost:${port}`);
    expect(first.output()).toContain('First admin: boss@example.com');
    expect(first.output()).not.toContain('BossPass123');
    expect(await signIn(port, 'boss@example.com', 'BossPass123')).toBe(200);
    expect(await signIn(port, 'staff@chemtrack.local', 'Staff1234')).toBe(200);
    expect(first.output()).toContain(`Files: local folder ${path.join(dataDir, 'files')}`);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'ok', checks: { database: 'ok', storage: 'ok' } },
    ]);
    // Print All SDS over the demo SDS files: the merge worker is built JavaScript too.
    const token = await tokenOf(port, 'staff@chemtrack.local', 'Staff1234');
    const inventories = (await (await get(port, '/inventories/list?ipp=100', token)).json()) as {
      resource: { items: { id: number; customer: { id: number }; facility: { id: number }; year: number }[] };
    };
    let merged: HttpDownload | undefined;
    for (const { id } of inventories.resource.items) {
      // Node's client: the counts of included SDS come as trailers, which fetch does not give.
      const res = await downloadOverHttp(
        `http://127.0.0.1:${port}/api/admin/v1/inventories/${id}/print-all-sds-v2`,
        {
          'x-app-key': 'start-key',
          authorization: `Bearer ${token}`,
        },
      );
      if (res.response.statusCode === 200) {
        merged = res;
        break;
      }
    }
    expect(merged?.response.headers['content-type']).toBe('application/pdf');
    expect(merged?.error).toBeUndefined();
    expect(Number(merged?.response.trailers['x-sds-included'])).toBeGreaterThan(0);
    const pdf = await PDFDocument.load(new Uint8Array(merged!.body));
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    // Reports are drawn by the report worker, built JavaScript too (fonts read from the source tree).
    const place = inventories.resource.items[0]!;
    const report = await fetch(`http://127.0.0.1:${port}/api/admin/v1/report/generate`, {
      method: 'POST',
      headers: {
        'x-app-key': 'start-key',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        type: 'epcra_311_312_tier2',
        customer_id: place.customer.id,
        facility_id: place.facility.id,
        year: place.year,
        format: 'pdf',
      }),
    });
    expect(
      [report.status, report.headers.get('content-type')],
      await report
        .clone()
        .text()
        .then((text) => text.slice(0, 300)),
    ).toEqual([200, 'application/pdf']);
    const reportPdf = await PDFDocument.load(new Uint8Array(await report.arrayBuffer()));
    expect(reportPdf.getTitle()).toContain('EPCRA 311/312');
    // A label photo is decoded by its own worker, built JavaScript as well: a PNG comes back a PDF.
    const { payload, contentType } = multipartBody([
      { filename: 'label.png', contentType: 'image/png', content: makePng(20, 10) },
    ]);
    const photo = await fetch(`http://127.0.0.1:${port}/api/admin/v1/file/upload?kind=sds-photo`, {
      method: 'POST',
      headers: { 'x-app-key': 'start-key', authorization: `Bearer ${token}`, 'content-type': contentType },
      body: new Uint8Array(payload),
    });
    expect(photo.status).toBe(201);
    expect(((await photo.json()) as { file: { original_name: string } }).file.original_name).toBe(
      'label.pdf',
    );

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another ChemTrack process (pid ${first.child.pid}) is already using ${dataDir}`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

    const again = startServer(port);
    await waitFor(again, 'ChemTrack is running');
    expect(again.output()).toContain('Sign in with an existing account.');
    expect(await signIn(port, 'boss@example.com', 'BossPass123')).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 360_000);
});
