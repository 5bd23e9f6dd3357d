import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkJsonLimits, JSON_LIMITS, type JsonLimits } from '../lib/json-limits.ts';

/**
 * Clients send `Content-Type: application/json` on every call (spec 01 §7), including calls
 * with no body (logout, forgot-password, activate). Fastify's parser refuses an empty JSON body;
 * this one reads it as no body and otherwise keeps Fastify's own parsing, with its
 * prototype-poisoning protection (secure-json-parse: `__proto__` and `constructor.prototype`
 * are refused).
 *
 * Before parsing, the text's nesting, widths and number lengths are checked in one linear scan
 * (lib/json-limits.ts): a bomb is refused with a 4xx before anything builds or walks it. The size
 * is capped before that by the app's `bodyLimit`, which Fastify applies while reading the body.
 */
async function jsonBodyPlugin(app: FastifyInstance, options: { limits?: JsonLimits } = {}) {
  const limits = options.limits ?? JSON_LIMITS;
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    try {
      checkJsonLimits(text, limits);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
