import {
  type ContainerUnitResource,
  LOOKUP_MSG,
  type LookupListQuery,
  type LookupResource,
  type SaveContainerRequestSchema,
  type SaveContainerUnitRequestSchema,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { CrudService } from '../../lib/crud-routes.ts';
import { catalogValues, createCatalogService, toCatalogResource } from '../catalog/catalog.service.ts';
import { containersRepository, containerUnitsRepository } from './containers.repository.ts';

type ContainerBody = z.output<typeof SaveContainerRequestSchema>;
type UnitBody = z.output<typeof SaveContainerUnitRequestSchema>;

export const containersService: CrudService<LookupResource, LookupResource, LookupListQuery, ContainerBody> =
  createCatalogService({
    repository: containersRepository,
    entity: 'containers',
    duplicateMessage: LOOKUP_MSG.containerDuplicate,
    toValues: catalogValues,
    toResource: toCatalogResource,
  });

export const containerUnitsService: CrudService<
  ContainerUnitResource,
  ContainerUnitResource,
  LookupListQuery,
  UnitBody
> = createCatalogService({
  repository: containerUnitsRepository,
  entity: 'container units',
  duplicateMessage: LOOKUP_MSG.unitDuplicate,
  toValues: (body: UnitBody) => ({ ...catalogValues(body), unitType: body.unit_type }),
  toResource: (row) => ({ ...toCatalogResource(row), unit_type: row.unitType }),
});
