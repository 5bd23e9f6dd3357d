import type { UnitType } from '@chemtrack/domain';
import { containers, containerUnits } from '../../db/schema/index.ts';
import { createLookupRepository, type LookupRow } from '../lookups/lookups.repository.ts';

export type ContainerUnitRow = LookupRow & { unitType: UnitType };
/** Optional here so a save that omits them keeps what is stored; a read always has them. */
export type ContainerRow = LookupRow & { shellCapacityGal?: string | null; placement?: string | null };

export const containersRepository = createLookupRepository<ContainerRow>(
  containers,
  'Container',
  'updated_at',
);
export const containerUnitsRepository = createLookupRepository<ContainerUnitRow>(
  containerUnits,
  'Container unit',
  'updated_at',
);
