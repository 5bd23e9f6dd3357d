import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A dependency that has not answered within this long counts as unavailable. */
const CHECK_TIMEOUT_MS = 5_000;

type CheckState = 'ok' | 'unavailable';

async function probe(check: () => Promise<unknown>): Promise<{ state: CheckState; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { state: 'ok' };
  } catch (error) {
    return { state: 'unavailable', error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and process managers, outside `/api` so they need neither the app key nor a
 * session. `/healthz`: the process answers. `/readyz`: it can serve requests now, the database and
 * the file store both reachable; a 503 names the part that is not, and the reason goes to the log
 * only (an error can carry a host name). While the server drains (SIGTERM) both answer 503 like
 * every request (plugins/availability.ts), so a balancer stops sending before it exits.
 */
async function healthPlugin(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [database, storage] = await Promise.all([
      probe(() => app.db.execute(sql`select 1`)),
      probe(() => app.files.check()),
    ]);
    for (const [part, result] of Object.entries({ database, storage })) {
      if (result.error) app.log.warn({ err: result.error, part }, 'readiness check failed');
    }
    const isReady = database.state === 'ok' && storage.state === 'ok';
    reply.status(isReady ? 200 : 503).header('Cache-Control', 'no-store');
    return {
      status: isReady ? 'ok' : 'unavailable',
      checks: { database: database.state, storage: storage.state },
    };
  });
}

export default fp(healthPlugin, { name: 'health', dependencies: ['database', 'storage'] });
