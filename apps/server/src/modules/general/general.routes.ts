import { StateSchema } from '@chemtrack/domain';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { states } from '../../db/schema/index.ts';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';

export const generalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/general/states',
    {
      config: { permission: 'states.read' },
      schema: {
        tags: ['General'],
        response: { 200: z.object({ resource: z.array(StateSchema) }), ...ERROR_RESPONSES },
      },
    },
    async () => ({ resource: await app.db.select().from(states).orderBy(asc(states.title)) }),
  );
};
