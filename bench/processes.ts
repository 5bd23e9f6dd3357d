/**
 * The processes the suite measures: the real app (`apps/server/src/main.ts`, as `npm start` runs
 * it) and the bare Fastify + pg reference, each a child process of its own so the load generator
 * in this process does not share their event loop, and so their peak memory is theirs alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API = '/api/admin/v1';
export const APP_KEY = 'bench-app-key';

/** A port the system says is free now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  url: string;
  pid: number;
  /** The process's current and peak resident memory in bytes (Linux /proc). */
  memory(): { rss: number; peak: number };
  /** CPU time the process has used so far, user and system, in milliseconds (Linux /proc). */
  cpuMs(): number;
  /** Starts a new peak (Linux `clear_refs` 5), so the next `peak` is this interval's. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

function readStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** utime + stime of /proc/<pid>/stat (fields 14 and 15, after the command's parentheses), in ms. */
function readCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Clock ticks of 1/100 s on Linux (USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`no answer from ${url} after 120 s:\n${output()}`);
}

export async function startProcess(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** Another checkout's copy of the script (the side-by-side benches: main's build beside this one). */
  root = ROOT,
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child, () => output);
  const pid = child.pid!;
  return {
    url,
    pid,
    memory: () => ({ rss: readStatus(pid, 'VmRSS'), peak: readStatus(pid, 'VmHWM') }),
    cpuMs: () => readCpuMs(pid),
    resetPeak() {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    stop() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * The app as `npm start` runs it, without the web build (the bench reads the API only).
 * `profileDir`: run it under `--cpu-prof`, its profile written there when it stops.
 */
export function startApp(
  env: { DATA_DIR: string; DATABASE_URL?: string },
  profileDir?: string,
  root = ROOT,
): Promise<RunningProcess> {
  return startProcess(
    'apps/server/src/main.ts',
    {
      APP_KEY,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      WEB_DIST: path.join(env.DATA_DIR, 'no-web'),
      ...env,
    },
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [],
    root,
  );
}

/** Signs in over HTTP as the suite's admin and answers the headers every call carries. */
export async function signIn(url: string, email: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}${API}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': APP_KEY },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { credentials: { access_token: string } };
  return { 'x-app-key': APP_KEY, authorization: `Bearer ${body.credentials.access_token}` };
}
