import {
  type ContainerResource,
  type ContainerUnitResource,
  LOOKUP_MSG,
  type LookupListQuery,
  parseContainerPlacement,
  type SaveContainerRequestSchema,
  type SaveContainerUnitRequestSchema,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { CrudService } from '../../lib/crud-routes.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { createLookupService, lookupValues, toLookupResource } from '../lookups/lookups.service.ts';
import {
  type ContainerRow,
  containersRepository,
  containerUnitsRepository,
} from './containers.repository.ts';

type ContainerBody = z.output<typeof SaveContainerRequestSchema>;
type UnitBody = z.output<typeof SaveContainerUnitRequestSchema>;

/** The SPCC figures of a container type (rules §7); each omitted one keeps what is stored. */
function containerValues(body: ContainerBody) {
  return {
    ...lookupValues(body),
    ...(body.shell_capacity_gal === undefined
      ? {}
      : { shellCapacityGal: toNumeric(body.shell_capacity_gal) }),
    ...(body.placement === undefined ? {} : { placement: body.placement }),
  };
}

function toContainerResource(row: ContainerRow): ContainerResource {
  return {
    ...toLookupResource(row),
    shell_capacity_gal: fromNumeric(row.shellCapacityGal ?? null),
    placement: parseContainerPlacement(row.placement),
  };
}

export const containersService: CrudService<
  ContainerResource,
  ContainerResource,
  LookupListQuery,
  ContainerBody
> = createLookupService({
  repository: containersRepository,
  entity: 'containers',
  duplicateMessage: LOOKUP_MSG.containerDuplicate,
  toValues: containerValues,
  toResource: toContainerResource,
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
