import { afterAll, beforeAll, expect, inject } from 'vitest';
import { API_BASE } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The control server of apps/server/test/web-api-server.ts (the web project's global setup). */
    webApiControl: string;
  }
}

/** A request as it reached the real server. */
export interface RecordedRequest {
  method: string;
  url: string;
  content_type: string | null;
  app_key: string | null;
  authorization: string | null;
}

type Role = 'admin' | 'staff' | 'technician';

interface Started {
  id: number;
  url: string;
  app_key: string;
  tokens: Record<Role, string>;
}

export interface ApiServer {
  /** The app's origin, e.g. http://127.0.0.1:41234; jsdom's page is at this origin. */
  readonly url: string;
  /** The key the page carries, as the server writes it into index.html. */
  readonly appKey: string;
  readonly tokens: Record<Role, string>;
  /** A call to the API as a role, for seeding and checking, outside the component under test. */
  call<T>(role: Role, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** An admin's create call for seeding (`encode: true` added): the new record's id; anything but 201 fails. */
  create(path: string, body: object): Promise<number>;
  /** Every request the server received so far, oldest first. */
  requests(): Promise<RecordedRequest[]>;
  /** Until `release`, new requests wait before the app sees them, or their answers wait before the body. */
  hold(stage: 'request' | 'response'): Promise<void>;
  release(): Promise<void>;
  /** A finished backup archive of that time and size in the app's BACKUP_DIR: its name. */
  backupArchive(createdAt: Date, sizeBytes: number): Promise<string>;
}

/** What vitest's jsdom environment exposes as `globalThis.jsdom`: the JSDOM instance. */
interface JsdomHandle {
  /** `_origin` is jsdom's own field: the origin its XMLHttpRequest sends from. */
  window: { _origin?: unknown };
  reconfigure(settings: { url: string }): void;
}

declare global {
  /** Set by vitest's jsdom environment, which the web tests run in. */
  var jsdom: JsdomHandle | undefined;
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('webApiControl')}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * The real app on a fresh PGlite database for this test file, signed in as `role`: jsdom's page
 * moves to the app's origin (so XMLHttpRequest is same-origin, as in the browser), the page carries
 * the app key as the server would write it, and the session holds the role's token.
 */
export function realApiServer(options: { uploadMaxBytes?: number; role?: Role } = {}): ApiServer {
  let started: Started | undefined;
  const nodeFetch = globalThis.fetch;
  const current = () => {
    if (!started) throw new Error('the API server starts in beforeAll');
    return started;
  };

  beforeAll(async () => {
    started = await control<Started>('POST', '/servers', { upload_max_bytes: options.uploadMaxBytes });
    const { jsdom } = globalThis;
    if (!jsdom) throw new Error("the web tests run in vitest's jsdom environment");
    jsdom.reconfigure({ url: `${started.url}/` });
    // reconfigure moves the document but not the origin jsdom's XMLHttpRequest sends from (fixed
    // when the window is made): without this, an upload is a cross-origin request the app refuses.
    if (typeof jsdom.window._origin !== 'string') throw new Error("jsdom's window has no _origin any more");
    jsdom.window._origin = location.origin;
    // Node's fetch (which vitest's jsdom keeps) takes absolute URLs only; a browser resolves a
    // path against the page, so this does the same.
    globalThis.fetch = (input, init) =>
      nodeFetch(
        typeof input === 'string' && input.startsWith('/') ? new URL(input, location.href) : input,
        init,
      );
    const meta = document.createElement('meta');
    meta.name = 'chemtrack-app-key';
    meta.content = started.app_key;
    document.head.append(meta);
    useSession.setState({ token: started.tokens[options.role ?? 'admin'], isAuthenticated: true });
  }, 60_000);

  afterAll(async () => {
    globalThis.fetch = nodeFetch;
    useSession.setState({ token: null, isAuthenticated: false });
    if (started) await control('DELETE', `/servers/${started.id}`);
  });

  return {
    get url() {
      return current().url;
    },
    get appKey() {
      return current().app_key;
    },
    get tokens() {
      return current().tokens;
    },
    async call<T>(role: Role, method: string, path: string, body?: unknown) {
      const server = current();
      const response = await nodeFetch(`${server.url}${API_BASE}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-app-key': server.app_key,
          authorization: `Bearer ${server.tokens[role]}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    async create(path: string, body: object) {
      const res = await this.call<{ resource: { id: number } }>('admin', 'POST', path, {
        ...body,
        encode: true,
      });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body.resource.id;
    },
    requests: () => control<RecordedRequest[]>('GET', `/servers/${current().id}/requests`),
    hold: (stage) => control('POST', `/servers/${current().id}/hold`, { stage }),
    release: () => control('POST', `/servers/${current().id}/release`),
    async backupArchive(createdAt, sizeBytes) {
      const body = { created_at: createdAt.toISOString(), size_bytes: sizeBytes };
      return (await control<{ name: string }>('POST', `/servers/${current().id}/backup-archive`, body)).name;
    },
  };
}
