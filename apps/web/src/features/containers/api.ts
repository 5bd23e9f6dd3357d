import type { ContainerResource, ContainerUnitResource } from '@chemtrack/domain';
import { resourceApi } from '../../lib/resource-api.ts';

export const containersApi = resourceApi<ContainerResource>('/containers');
/** A unit alias carries its unit type (gal, lb, cu …), which the quantities are computed in. */
export const unitsApi = resourceApi<ContainerUnitResource>('/container-units');
