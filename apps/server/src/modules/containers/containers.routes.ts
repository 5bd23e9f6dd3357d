import {
  AREA_ACTIONS,
  CATALOG_MSG,
  CatalogResourceSchema,
  ContainerUnitResourceSchema,
  SaveContainerRequestSchema,
  SaveContainerUnitRequestSchema,
  type UnitType,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { containers, containerUnits } from '../../db/schema/index.ts';
import {
  type CatalogRow,
  createCatalogRepository,
  toCatalogResource,
} from '../catalog/catalog.repository.ts';
import { registerCatalogRoutes } from '../catalog/catalog-routes.ts';

type ContainerBody = z.output<typeof SaveContainerRequestSchema>;
type UnitBody = z.output<typeof SaveContainerUnitRequestSchema>;
type UnitRow = CatalogRow & { unitType: UnitType };

export const containersRepository = createCatalogRepository<CatalogRow>(
  containers,
  'Container',
  'updated_at',
  CATALOG_MSG.containerDuplicate,
);
export const containerUnitsRepository = createCatalogRepository<UnitRow>(
  containerUnits,
  'Container unit',
  'updated_at',
  CATALOG_MSG.unitDuplicate,
);

function activeValue(isActive: boolean | undefined) {
  return isActive === undefined ? {} : { isActive };
}

/** Container types and units: staff view and add; editing and archiving are admin only. */
export const containersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCatalogRoutes(app, {
    base: '/containers',
    tag: 'Containers',
    what: 'Container',
    repository: containersRepository,
    saveSchema: SaveContainerRequestSchema,
    toValues: (body: ContainerBody) => ({
      name: body.name,
      description: body.description ?? '',
      ...activeValue(body.is_active),
    }),
    resourceSchema: CatalogResourceSchema,
    toResource: toCatalogResource,
    actions: AREA_ACTIONS.containers,
  });
  registerCatalogRoutes(app, {
    base: '/container-units',
    tag: 'Container units',
    what: 'Container unit',
    repository: containerUnitsRepository,
    saveSchema: SaveContainerUnitRequestSchema,
    toValues: (body: UnitBody) => ({
      name: body.name,
      unitType: body.unit_type,
      description: body.description ?? '',
      ...activeValue(body.is_active),
    }),
    resourceSchema: ContainerUnitResourceSchema,
    toResource: (row: UnitRow) => ({ ...toCatalogResource(row), unit_type: row.unitType }),
    actions: AREA_ACTIONS.containerUnits,
  });
};
