import type { UnitType } from '@chemtrack/domain';
import { containers, containerUnits } from '../../db/schema/index.ts';
import { type CatalogRow, createCatalogRepository } from '../catalog/catalog.repository.ts';

export type ContainerUnitRow = CatalogRow & { unitType: UnitType };

export const containersRepository = createCatalogRepository<CatalogRow>(
  containers,
  'Container',
  'updated_at',
);
export const containerUnitsRepository = createCatalogRepository<ContainerUnitRow>(
  containerUnits,
  'Container unit',
  'updated_at',
);
