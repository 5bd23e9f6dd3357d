import {
  AREA_ACTIONS,
  CATALOG_MSG,
  CatalogResourceSchema,
  type SaveHazardRequestSchema,
  SaveHazardRequestSchema as Schema,
} from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { hazards, inventoryProductHazards, productHazards } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type CatalogRow,
  createCatalogRepository,
  toCatalogResource,
} from '../catalog/catalog.repository.ts';
import { registerCatalogRoutes } from '../catalog/catalog-routes.ts';

type HazardBody = z.output<typeof SaveHazardRequestSchema>;

// The hazard list has no default sort (spec 02 §9): it keeps the order the classes were made in.
export const hazardsRepository = createCatalogRepository<CatalogRow>(
  hazards,
  'Hazard class',
  'id',
  CATALOG_MSG.hazardDuplicate,
);

/** Hazard classes: everyone signed in as staff reads them; only admins add, edit, archive, delete. */
export const hazardsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCatalogRoutes(app, {
    base: '/hazards',
    tag: 'Hazards',
    what: 'Hazard class',
    repository: hazardsRepository,
    saveSchema: Schema,
    toValues: (body: HazardBody) => ({
      name: body.name,
      description: body.description ?? '',
      ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
    }),
    resourceSchema: CatalogResourceSchema,
    toResource: toCatalogResource,
    actions: AREA_ACTIONS.hazards,
    deletion: {
      async guard(db, id) {
        const [used] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(productHazards)
          .where(eq(productHazards.hazardId, id));
        const [recorded] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(inventoryProductHazards)
          .where(eq(inventoryProductHazards.hazardId, id));
        const count = (used?.count ?? 0) + (recorded?.count ?? 0);
        if (count > 0) {
          throw new AppError(
            'CONFLICT',
            `The hazard class is used by ${count} product(s) and cannot be deleted. Archive it instead.`,
          );
        }
      },
    },
  });
};
