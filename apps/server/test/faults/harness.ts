import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Role } from '@chemtrack/domain';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import type { ApiClient, ApiResponse } from '../../src/seed/factories.ts';

/**
 * The fault scenarios (decision 011) drive the real server process, `node --import tsx
 * src/main.ts`, over HTTP, and a PostgreSQL cluster of their own that they stop, restart and
 * lock at will: never the machine's shared server, which other test runs use at the same time.
 */

const run = promisify(execFile);
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const APP_KEY = 'faults-key';
export const ADMIN = { email: 'faults-admin@example.com', password: 'Faults-Pass-123' };
const API = '/api/admin/v1';

/** Every process and cluster a test file starts, for `cleanUp` to end whatever happened. */
const cleanups: (() => Promise<void> | void)[] = [];

export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => console.error('fault clean-up failed:', error));
  }
}

/** Runs `cleanup` in `cleanUp`, before whatever was registered earlier. */
export function onCleanUp(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `chemtrack-faults-${prefix}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL cluster

/** `PG_BIN`, or the newest Debian PostgreSQL install (`/usr/lib/postgresql/<major>/bin`). */
function postgresBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).map(Number).filter(Number.isInteger) : [];
  if (majors.length === 0) throw new Error(`No PostgreSQL under ${root}: install postgresql or set PG_BIN.`);
  return path.join(root, String(Math.max(...majors)), 'bin');
}

const PG_BIN = postgresBinaries();

/**
 * A throwaway cluster in a temporary folder, on a free port, trust authentication, its socket in
 * its own folder. As root (CI) the binaries run as `postgres`, which owns the folder: PostgreSQL
 * refuses to run as root.
 */
export class PrivateCluster {
  readonly port: number;
  private readonly dir: string;
  private readonly asPostgres = process.getuid?.() === 0;

  private constructor(dir: string, port: number) {
    this.dir = dir;
    this.port = port;
  }

  static async create(): Promise<PrivateCluster> {
    const dir = tempDir('pg');
    const cluster = new PrivateCluster(dir, await freePort());
    cleanups.push(() => cluster.kill());
    fs.mkdirSync(path.join(dir, 'socket'));
    if (cluster.asPostgres) await run('chown', ['-R', 'postgres:postgres', dir]);
    await cluster.pg('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  private pg(binary: string, args: string[]) {
    const file = path.join(PG_BIN, binary);
    return this.asPostgres
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: this.dir })
      : run(file, args, { cwd: this.dir });
  }

  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${path.join(this.dir, 'socket')}`,
      '-c listen_addresses=127.0.0.1',
      '-c shared_buffers=16MB',
      '-c max_connections=40',
    ].join(' ');
    await this.pg('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-t',
      '120',
      '-o',
      options,
      'start',
    ]);
  }

  /** A clean stop (`fast`: open sessions are terminated, as on a restart by an operator). */
  async stop(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
  }

  /** Stops it however it is, for clean-up: ignores a cluster that is not running. */
  async kill(): Promise<void> {
    if (!fs.existsSync(path.join(this.dataDir, 'postmaster.pid'))) return;
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  }

  url(database: string, password?: string): string {
    const user = password ? `postgres:${encodeURIComponent(password)}` : 'postgres';
    return `postgres://${user}@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    await this.query('postgres', `CREATE DATABASE ${name}`);
    return name;
  }

  async query<Row extends pg.QueryResultRow>(
    database: string,
    text: string,
    values: unknown[] = [],
  ): Promise<Row[]> {
    const client = this.client(database);
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** A connection the caller ends (a test holding a lock). */
  client(database: string): pg.Client {
    const client = new pg.Client({ connectionString: this.url(database) });
    client.on('error', () => {});
    return client;
  }
}

// ---------------------------------------------------------------------------------------------
// The server process

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text` (or matches it); fails if the process exits first. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  /** Unset: PGlite in `dataDir/db`. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Modules loaded before the server (`--import`): test-only faults, never shipped. */
  preload?: string[];
  port?: number;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const preloads = (options.preload ?? []).flatMap((file) => ['--import', file]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...preloads, 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      APP_KEY,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  async function waitFor(text: string | RegExp, timeoutMs = 120_000) {
    const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
    const deadline = Date.now() + timeoutMs;
    while (!matches()) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited before printing ${String(text)}:\n${output.slice(-4000)}`);
      }
      if (Date.now() > deadline) throw new Error(`never printed ${String(text)}:\n${output.slice(-4000)}`);
      await sleep(100);
    }
  }
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited, waitFor };
}

export async function startReadyServer(options: ServerOptions): Promise<ServerProcess> {
  const server = await startServer(options);
  await server.waitFor('ChemTrack is running');
  return server;
}

/** The JSON log lines of the server's output (pino), parsed. */
export function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

// ---------------------------------------------------------------------------------------------
// HTTP

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json(): Record<string, unknown> & { message?: string };
}

export async function call(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-app-key': APP_KEY };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.base}${API}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body,
    json: () => JSON.parse(body) as Record<string, unknown> & { message?: string },
  };
}

export async function signIn(server: ServerProcess): Promise<string> {
  const res = await call(server, 'POST', '/auth/sign-in', { body: ADMIN });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.body}`);
  const { credentials } = res.json() as { credentials: { access_token: string } };
  return credentials.access_token;
}

/** The factories' client over HTTP, as the signed-in admin whatever role they ask for. */
export function apiClient(server: ServerProcess, token: string): ApiClient {
  return {
    async call(_role: Role, options: { method: 'POST'; url: string; payload: object }): Promise<ApiResponse> {
      const res = await call(server, options.method, options.url, { token, body: options.payload });
      return { statusCode: res.status, body: res.body, json: () => res.json() };
    },
  };
}

/** `POST /file/upload?kind=…` of one file. */
export async function uploadFile(
  server: ServerProcess,
  token: string,
  kind: 'sds' | 'database' | 'general',
  file: { name: string; type: string; content: Uint8Array },
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([file.content], { type: file.type }), file.name);
  const res = await fetch(`${server.base}${API}/file/upload?kind=${kind}`, {
    method: 'POST',
    headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body,
    json: () => JSON.parse(body) as Record<string, unknown> & { message?: string },
  };
}

/** Lines printed as a stack trace (`    at fn (file:line)`). */
export function stackLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s+at .+[:(]/.test(line));
}

/**
 * A one-page SDS padded to about `megabytes` with a content stream of PDF comments (stored as
 * is, never compressed): large files that are still valid PDFs.
 */
export async function paddedPdf(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Safety Data Sheet', { x: 50, y: 700, size: 24 });
  const line = `% ${'padding '.repeat(12)}\n`;
  const padding = Buffer.from(line.repeat(Math.ceil((megabytes * 1024 * 1024) / line.length)));
  page.node.addContentStream(doc.context.register(doc.context.stream(padding)));
  return doc.save({ useObjectStreams: false });
}
