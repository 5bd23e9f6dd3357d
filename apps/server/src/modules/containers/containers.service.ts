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
import { createLookupService, lookupValues, toLookupResource } from '../lookups/lookups.service.ts';
import { containersRepository, containerUnitsRepository } from './containers.repository.ts';

type ContainerBody = z.output<typeof SaveContainerRequestSchema>;
type UnitBody = z.output<typeof SaveContainerUnitRequestSchema>;

export const containersService: CrudService<LookupResource, LookupResource, LookupListQuery, ContainerBody> =
  createLookupService({
    repository: containersRepository,
    entity: 'containers',
    duplicateMessage: LOOKUP_MSG.containerDuplicate,
    toValues: lookupValues,
    toResource: toLookupResource,
  });

export const containerUnitsService: CrudService<
  ContainerUnitResource,
  ContainerUnitResource,
  LookupListQuery,
  UnitBody
> = createLookupService({
  repository: containerUnitsRepository,
  entity: 'container units',
  duplicateMessage: LOOKUP_MSG.unitDuplicate,
  toValues: (body: UnitBody) => ({ ...lookupValues(body), unitType: body.unit_type }),
  toResource: (row) => ({ ...toLookupResource(row), unit_type: row.unitType }),
});
