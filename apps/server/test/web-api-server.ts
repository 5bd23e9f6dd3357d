/**
 * The real API for the web component tests (the web project's global setup). Those tests run in
 * jsdom, where PGlite cannot start (jsdom's Blob is not Node's), so this Node process serves them:
 * a small control server on 127.0.0.1 creates, per test file, the real app on a fresh PGlite copy
 * of the migrated template, listening on a free port. The test points jsdom at that origin and
 * the components talk to it over real HTTP.
 *
 * Control routes (JSON):
 * - POST /servers {upload_max_bytes?} → {id, url, app_key, tokens: {admin, staff, technician}}
 * - POST /servers/:id/hold {stage: 'request' | 'response'}: until release, requests wait before
 *   the app sees them ('request'), or their answers send the status line and headers and wait
 *   before the body ('response'), so a test can see a component's loading and progress states.
 * - POST /servers/:id/release
 * - POST /servers/:id/backup-archive {created_at, size_bytes}: a finished archive of that time and
 *   size (its bytes are filler) in the app's BACKUP_DIR, as an earlier backup would have left it,
 *   for the Backups page's age and stale warning
 * - GET /servers/:id/requests → what reached the server: method, url, content type, auth headers
 * - DELETE /servers/:id
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { backupName } from '../src/modules/backups/backups.service.ts';
import { APP_KEY, createTestContext, type TestContext } from './helper.ts';
import { createTemplate, openFromTemplate } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    webApiControl: string;
  }
}

export interface RecordedRequest {
  method: string;
  url: string;
  content_type: string | null;
  app_key: string | null;
  authorization: string | null;
}

interface ServedApp {
  context: TestContext;
  requests: RecordedRequest[];
  hold: { stage: 'request' | 'response'; gate: Promise<void>; release: () => void } | null;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/**
 * The test file is done with its app. A request the page aborted (a Cancel) can leave the client's
 * socket open with no request on it, which the server counts as busy until its headers timeout
 * (60 s): no request is left to wait for, so every connection is closed before the app.
 */
async function closeServed(served: ServedApp) {
  served.hold?.release();
  served.context.app.server.closeAllConnections();
  await served.context.close();
}

/** Puts the recorder and the hold in front of Fastify's own request listener. */
function intercept(served: ServedApp) {
  const server = served.context.app.server;
  const [fastifyListener] = server.listeners('request') as Listener[];
  if (!fastifyListener) throw new Error('the app has no request listener');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    served.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      content_type: header(req, 'content-type'),
      app_key: header(req, 'x-app-key'),
      authorization: header(req, 'authorization'),
    });
    const hold = served.hold;
    if (!hold) return fastifyListener(req, res);
    if (hold.stage === 'request') {
      void hold.gate.then(() => fastifyListener(req, res));
      return;
    }
    // The body waits, whether it comes whole in `end` or streamed through `write` (a streamed
    // answer with a Content-Length is complete for the client once its bytes arrive, before
    // `end`): each call is replayed in order when the gate opens.
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    let held = Promise.resolve();
    const later = (send: () => unknown) => {
      res.flushHeaders();
      held = held
        .then(() => hold.gate)
        .then(() => {
          send();
        });
    };
    res.write = ((...args: unknown[]) => {
      later(() => write(...args));
      return true;
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      later(() => end(...args));
      return res;
    }) as ServerResponse['end'];
    fastifyListener(req, res);
  });
}

export default async function setup(project: TestProject) {
  // Made on the first request for a server: a web run without such a test file pays nothing.
  let template: ReturnType<typeof createTemplate> | undefined;
  const apps = new Map<number, ServedApp>();
  let nextId = 1;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const [, collection, idText, action] = (req.url ?? '').split('/');
    if (collection !== 'servers') return send(404, { message: 'unknown control route' });
    if (req.method === 'POST' && !idText) {
      const body = await readJson(req);
      const overrides =
        typeof body.upload_max_bytes === 'number' ? { uploadMaxBytes: body.upload_max_bytes } : {};
      template ??= createTemplate(undefined);
      const database = await openFromTemplate((await template).template);
      const context = await createTestContext(overrides, database);
      await context.app.listen({ host: '127.0.0.1', port: 0 });
      const served: ServedApp = { context, requests: [], hold: null };
      intercept(served);
      const id = nextId++;
      apps.set(id, served);
      const { port } = context.app.server.address() as AddressInfo;
      return send(201, {
        id,
        url: `http://127.0.0.1:${port}`,
        app_key: APP_KEY,
        tokens: {
          admin: context.users.admin.token,
          staff: context.users.staff.token,
          technician: context.users.technician.token,
        },
      });
    }
    const served = apps.get(Number(idText));
    if (!served) return send(404, { message: 'no such server' });
    if (req.method === 'GET' && action === 'requests') return send(200, served.requests);
    if (req.method === 'POST' && action === 'hold') {
      const body = await readJson(req);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      served.hold = { stage: body.stage === 'response' ? 'response' : 'request', gate, release };
      return send(204);
    }
    if (req.method === 'POST' && action === 'release') {
      served.hold?.release();
      served.hold = null;
      return send(204);
    }
    if (req.method === 'POST' && action === 'backup-archive') {
      const body = await readJson(req);
      const createdAt = new Date(String(body.created_at));
      const dir = served.context.config.backupDir;
      const name = backupName(createdAt);
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(path.join(dir, name), Buffer.alloc(Number(body.size_bytes)));
      const summary = { created_at: createdAt.toISOString(), tables: 1, rows: 1, files: 0, held_ms: 0 };
      await fs.promises.writeFile(path.join(dir, `${name}.json`), JSON.stringify(summary));
      return send(201, { name });
    }
    if (req.method === 'DELETE' && !action) {
      apps.delete(Number(idText));
      await closeServed(served);
      return send(204);
    }
    return send(404, { message: 'unknown control route' });
  }

  const control = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: error instanceof Error ? error.stack : String(error) }));
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as AddressInfo;
  project.provide('webApiControl', `http://127.0.0.1:${port}`);

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    for (const served of apps.values()) await closeServed(served);
    if (template) await (await template).drop();
  };
}
