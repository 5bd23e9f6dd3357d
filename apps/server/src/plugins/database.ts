import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    mailer: Mailer;
  }
}

async function databasePlugin(app: FastifyInstance, options: { db: Db }) {
  app.decorate('db', options.db);
}

export default fp(databasePlugin, { name: 'database' });
