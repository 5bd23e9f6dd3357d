import {
  AREA_ACTIONS,
  ContainerResourceSchema,
  ContainerUnitResourceSchema,
  LookupListQuerySchema,
  SaveContainerRequestSchema,
  SaveContainerUnitRequestSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { containersService, containerUnitsService } from './containers.service.ts';

/** Container types and units: staff view and add; editing and archiving are admin only. */
export const containersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/containers',
    tag: 'Containers',
    what: 'Container',
    nameOf: (container) => container.name,
    actions: AREA_ACTIONS.containers,
    contract: {
      listQuery: LookupListQuerySchema,
      listItem: ContainerResourceSchema,
      resource: ContainerResourceSchema,
      save: SaveContainerRequestSchema,
    },
    service: containersService,
  });
  registerCrudRoutes(app, {
    base: '/container-units',
    tag: 'Container units',
    what: 'Container unit',
    nameOf: (unit) => unit.name,
    actions: AREA_ACTIONS.containerUnits,
    contract: {
      listQuery: LookupListQuerySchema,
      listItem: ContainerUnitResourceSchema,
      resource: ContainerUnitResourceSchema,
      save: SaveContainerUnitRequestSchema,
    },
    service: containerUnitsService,
  });
};
