import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { loadConfig } from '../../src/lib/config.ts';
import { apiModules } from '../../src/modules/index.ts';
import { API_PREFIX } from '../../src/plugins/auth.ts';

/** A route's Zod schemas as it registers them, keyed `POST /users/create` (under the API prefix). */
export interface RouteSchemas {
  method: string;
  url: string;
  params?: z.core.$ZodType | undefined;
  querystring?: z.core.$ZodType | undefined;
  body?: z.core.$ZodType | undefined;
  response: Record<number, z.core.$ZodType>;
}

interface RegisteredSchema {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
}

function isZod(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * Every API route's schemas. `buildApp`'s `onRoute` option reports paths and actions only, so the
 * API modules are registered again on a bare Fastify that records each route's `schema`: the
 * route objects are the ones the app builds, nothing is copied. Handlers never run here.
 */
export async function collectRouteSchemas(): Promise<Map<string, RouteSchemas>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-schemas-'));
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Some modules read the configuration as they register (the upload folder).
  app.decorate('config', loadConfig({ APP_KEY: 'schemas', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const routes = new Map<string, RouteSchemas>();
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RegisteredSchema;
    const response: Record<number, z.core.$ZodType> = {};
    for (const [status, value] of Object.entries(schema.response ?? {})) {
      if (isZod(value)) response[Number(status)] = value;
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.set(`${method} ${route.url.slice(API_PREFIX.length)}`, {
        method,
        url: route.url.slice(API_PREFIX.length),
        params: isZod(schema.params) ? schema.params : undefined,
        querystring: isZod(schema.querystring) ? schema.querystring : undefined,
        body: isZod(schema.body) ? schema.body : undefined,
        response,
      });
    }
  });
  for (const module of apiModules) await app.register(module, { prefix: API_PREFIX });
  await app.ready();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return routes;
}
