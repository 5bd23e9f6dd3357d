import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Clients send `Content-Type: application/json` on every call (spec 01 §7), including calls
 * with no body (logout, forgot-password, activate). Fastify's parser refuses an empty JSON body;
 * this one reads it as no body and otherwise keeps Fastify's own parsing, with its
 * prototype-poisoning protection.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
