import { BACKUP_MSG, BackupItemSchema, BackupListSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { sendDownload } from '../../lib/download-reply.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';

/**
 * Issue 32: online backups, an admin's. `create` answers once the archive is complete (other
 * requests are served meanwhile: the copy is a snapshot, decision 027); `download` streams it.
 */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/backups/create',
    {
      config: { permission: 'backups.create' },
      schema: {
        tags: ['Backups'],
        response: { 201: z.object({ message: z.string(), resource: BackupItemSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { held_ms: _held, ...item } = await app.backups.run(actorOf(request));
      return reply.status(201).send({ message: BACKUP_MSG.created, resource: item });
    },
  );

  app.get(
    '/backups/list',
    {
      config: { permission: 'backups.read' },
      schema: {
        tags: ['Backups'],
        response: { 200: z.object({ resource: BackupListSchema }), ...ERROR_RESPONSES },
      },
    },
    async () => ({ resource: await app.backups.list() }),
  );

  app.get(
    '/backups/:name/download',
    {
      config: { permission: 'backups.read' },
      schema: { tags: ['Backups'], params: z.object({ name: z.string().max(100) }) },
    },
    async (request, reply) => {
      const found = await app.backups.open(request.params.name, actorOf(request));
      if (!found) return reply.status(404).send({ message: BACKUP_MSG.notFound });
      return sendDownload(
        reply,
        { type: 'application/x-tar', name: request.params.name, size: found.size, isPlainName: true },
        found.stream,
      );
    },
  );
};
