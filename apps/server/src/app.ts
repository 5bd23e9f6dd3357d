import type { Socket } from 'node:net';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import type { Config } from './lib/config.ts';
import { setListCountCap, setListCursorSecret } from './lib/list-query.ts';
import { prettyLogStream } from './lib/pretty-log.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import backupsPlugin from './modules/backups/backups.plugin.ts';
import fileSweepPlugin from './modules/files/file-sweep.plugin.ts';
import { apiModules } from './modules/index.ts';
import sessionPlugin from './modules/sessions/session.plugin.ts';
import authPlugin, { API_PREFIX } from './plugins/auth.ts';
import availabilityPlugin from './plugins/availability.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin from './plugins/errors.ts';
import healthPlugin from './plugins/health.ts';
import jsonBodyPlugin from './plugins/json-body.ts';
import multipartPlugin from './plugins/multipart.ts';
import securityPlugin, { isHttpsAppUrl } from './plugins/security.ts';
import storagePlugin from './plugins/storage.ts';
import webPlugin from './plugins/web.ts';
import { SERVER_ROOT } from './runtime/server-root.ts';
import type { FileStore } from './storage/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  /** Where uploads go; local disk under `DATA_DIR/files` by default. */
  fileStore?: FileStore;
  /** Routes seen as they register: the authorization matrix test reads them. */
  onRoute?: (route: { method: string | string[]; url: string; permission?: string | undefined }) => void;
}

const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

export const REQUEST_TIMEOUT_MSG = 'The request took too long to arrive and was cut off. Try again.';

/**
 * Node's answers to a request it could not hand to Fastify (Fastify's default, with our
 * `{ message }` body): a request that did not arrive within `requestTimeout` (a slow client, or
 * one trickling its body to hold the connection), headers too large, or a malformed request.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', REQUEST_TIMEOUT_MSG]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : [400, 'Bad Request', 'The request is malformed.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

// Header values that must never reach the logs.
const REDACT = ['req.headers.authorization', 'req.headers["x-app-key"]', 'req.headers.cookie'];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // One cap per process: the lists' repositories read it (lib/list-query.ts).
  setListCountCap(config.listCountCap);
  setListCursorSecret(config.listCursorSecret);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.logFormat === 'pretty' ? { stream: prettyLogStream(process.stdout) } : {}),
      redact: REDACT,
      // The URL alone: query strings carry reset tokens and e-mails.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
      },
    },
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Given to Node's server constructor as well: Fastify sets `requestTimeout` on the server
      // after creating it, which Node 20 ignores (a trickling body was never cut).
      requestTimeout: config.requestTimeoutMs,
      // Node checks the timeouts every 30 s by default, so a 2 s limit would cut at 30 s: check at
      // a quarter of it (1 s at least, 30 s at most), so the cut comes within 125 % of the limit.
      connectionsCheckingInterval: Math.min(30_000, Math.max(1_000, config.requestTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
    trustProxy: process.env.TRUST_PROXY === '1',
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate(
    'mailer',
    options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );
  if (options.onRoute) {
    const listener = options.onRoute;
    app.addHook('onRoute', (route) =>
      listener({ method: route.method, url: route.url, permission: route.config?.permission }),
    );
  }

  await app.register(errorsPlugin);
  await app.register(availabilityPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(databasePlugin, { db: options.db });
  await app.register(securityPlugin, { appUrl: config.appUrl });
  await app.register(multipartPlugin, { maxFileBytes: config.uploadMaxBytes });
  await app.register(storagePlugin, { store: options.fileStore });
  await app.register(fileSweepPlugin);
  await app.register(backupsPlugin);
  await app.register(healthPlugin);
  await app.register(authPlugin, { appKey: config.appKey });
  await app.register(sessionPlugin);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ChemTrack API',
        version: '1.0.0',
        description: 'Chemical inventory and compliance API.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
        },
      },
      security: [{ appKey: [], bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its policy asks for upgrade-insecure-requests too, which blanks the docs over plain HTTP.
    transformStaticCSP: (header) =>
      isHttpsAppUrl(config.appUrl) ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  for (const module of apiModules) {
    await app.register(module, { prefix: API_PREFIX });
  }
  await app.register(webPlugin, { webDist: config.webDist ?? DEFAULT_WEB_DIST, appKey: config.appKey });
  return app;
}
