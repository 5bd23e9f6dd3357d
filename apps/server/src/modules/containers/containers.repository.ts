import type { UnitType } from '@chemtrack/domain';
import { containers, containerUnits } from '../../db/schema/index.ts';
import { createLookupRepository, type LookupRow } from '../lookups/lookups.repository.ts';

export type ContainerUnitRow = LookupRow & { unitType: UnitType };

export const containersRepository = createLookupRepository<LookupRow>(containers, 'Container', 'updated_at');
export const containerUnitsRepository = createLookupRepository<ContainerUnitRow>(
  containerUnits,
  'Container unit',
  'updated_at',
);
