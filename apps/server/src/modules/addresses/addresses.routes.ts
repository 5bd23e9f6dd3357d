import { StateSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_RESPONSES } from '../../lib/route-schemas.ts';
import { listAllStates } from './addresses.service.ts';

export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/general/states',
    {
      config: { permission: 'states.read' },
      schema: {
        tags: ['General'],
        response: { 200: z.object({ resource: z.array(StateSchema) }), ...ERROR_RESPONSES },
      },
    },
    async () => ({ resource: await listAllStates(app.db) }),
  );
};
