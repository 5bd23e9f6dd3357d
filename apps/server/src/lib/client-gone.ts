import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer was sent (a cancelled download,
 * a closed tab), so long work in a worker stops for nobody (Print All SDS, the reports of every
 * facility). `release` stops listening once the work is done.
 */
export function abortWhenClientLeaves(reply: FastifyReply): { signal: AbortSignal; release: () => void } {
  const abort = new AbortController();
  // The response closing before it was sent means the client went away.
  const onClose = () => {
    if (!reply.raw.writableFinished) abort.abort(new Error('The client closed the connection'));
  };
  reply.raw.once('close', onClose);
  return { signal: abort.signal, release: () => reply.raw.off('close', onClose) };
}
