import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { watchEventLoopDelay } from '../lib/event-loop-delay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts refusing new requests (503) and resolves once every request already in progress has
     * been answered; `main.ts` then closes the server. Resolves `false` if `timeoutMs` passed first.
     */
    drain(timeoutMs: number): Promise<boolean>;
    /** Requests received and not yet answered (the ones being refused during a drain excluded). */
    openRequests(): number;
  }
}

export const AVAILABILITY_MSG = {
  shuttingDown: 'The server is restarting. Try again in a moment.',
  overloaded: 'The server is too busy right now. Try again in a moment.',
} as const;

/** Seconds a client is told to wait, for either refusal. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Refuses work the server cannot do well, with a 503, `Retry-After` and a message, instead of
 * taking it on and failing it (decision 011):
 *
 * - **Draining.** After SIGTERM the server keeps listening so that new requests get a clear 503
 *   (Fastify's own `close()` stops listening, which a client sees as a refused connection), and
 *   the ones in progress (a Print All SDS merge, a report) finish.
 * - **Saturated event loop.** The event loop's mean delay is read every second
 *   (`lib/event-loop-delay.ts`); past `maxEventLoopDelayMs` (2 s by default: far above what a
 *   loaded CI machine shows, so only a loop that is really stuck trips it) new requests are
 *   refused until it recovers.
 */
async function availabilityPlugin(app: FastifyInstance) {
  let isDraining = false;
  let open = 0;
  let onIdle: (() => void) | undefined;

  // Registered first, so a refused request costs no session lookup or body parsing.
  app.addHook('onRequest', async (_request, reply) => {
    if (isDraining) {
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Connection', 'close')
        .send({ message: AVAILABILITY_MSG.shuttingDown });
    }
    open += 1;
    // 'close' fires once the answer is out or the client went away: both end the request.
    reply.raw.once('close', () => {
      open -= 1;
      if (open === 0) onIdle?.();
    });
  });

  app.decorate('openRequests', () => open);
  app.decorate('drain', (timeoutMs: number) => {
    isDraining = true;
    if (open === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  });

  // 0 turns the check off: the in-process test apps share a vitest worker's event loop, whose
  // delays on a loaded CI machine say nothing about a server (the fault scenarios test it for real).
  if (app.config.maxEventLoopDelayMs === 0) return;
  const delay = watchEventLoopDelay();
  app.addHook('onClose', async () => delay.stop());
  app.addHook('onRequest', async (_request, reply) => {
    if (delay.current() <= app.config.maxEventLoopDelayMs) return;
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send({ message: AVAILABILITY_MSG.overloaded });
  });
}

export default fp(availabilityPlugin, { name: 'availability' });
