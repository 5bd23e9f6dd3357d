import {
  LOOKUP_MSG,
  type LookupListQuery,
  type LookupResource,
  type SaveHazardRequestSchema,
} from '@chemtrack/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { createLookupService, lookupValues, toLookupResource } from '../lookups/lookups.service.ts';
import { countHazardUses, hazardsRepository } from './hazards.repository.ts';

type HazardBody = z.output<typeof SaveHazardRequestSchema>;

export const hazardsService: CrudService<LookupResource, LookupResource, LookupListQuery, HazardBody> =
  createLookupService({
    repository: hazardsRepository,
    entity: 'hazards',
    duplicateMessage: LOOKUP_MSG.hazardDuplicate,
    toValues: lookupValues,
    toResource: toLookupResource,
    /** A class in use stays: deleting it would silently drop it from products and past inventories. */
    async deleteGuard(tx, id) {
      const count = await countHazardUses(tx, id);
      if (count > 0) {
        throw new AppError(
          'CONFLICT',
          `The hazard class is used by ${count} product(s) and cannot be deleted. Archive it instead.`,
        );
      }
    },
  });
