import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressRoutes } from './addresses/addresses.routes.ts';
import { auditLogRoutes } from './audit-log/audit-log.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { backupsRoutes } from './backups/backups.routes.ts';
import { chemicalComponentsRoutes } from './chemical-components/chemical-components.routes.ts';
import { contactsRoutes } from './contacts/contacts.routes.ts';
import { containersRoutes } from './containers/containers.routes.ts';
import { customersRoutes } from './customers/customers.routes.ts';
import { facilitiesRoutes } from './facilities/facilities.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { fireCodePermitsRoutes } from './fire-code-permits/fire-code-permits.routes.ts';
import { hazardsRoutes } from './hazards/hazards.routes.ts';
import { inventoriesRoutes } from './inventories/inventories.routes.ts';
import { inventoryProductsRoutes } from './inventory-products/inventory-products.routes.ts';
import { propagateProductChange } from './inventory-products/line-catalog.service.ts';
import { createProductsRoutes } from './products/products.routes.ts';
import { referenceListRoutes } from './reference-lists/reference-lists.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { sdsReadingRoutes } from './sds-reading/sds-reading.routes.ts';
import { techniciansRoutes } from './technicians/technicians.routes.ts';
import { tier2ExportRoutes } from './tier2-exchange/tier2-export.routes.ts';
import { tier2ImportRoutes } from './tier2-exchange/tier2-import.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Every API area, registered under /api/admin/v1 in this order. */
export const apiModules: FastifyPluginAsyncZod[] = [
  authRoutes,
  usersRoutes,
  techniciansRoutes,
  addressRoutes,
  customersRoutes,
  facilitiesRoutes,
  contactsRoutes,
  hazardsRoutes,
  containersRoutes,
  filesRoutes,
  // A product's change reaches the lines of open inventories in its transaction; handed in here
  // because the lines' area imports the products' (decision 006 addendum "catalogue changes").
  createProductsRoutes(propagateProductChange),
  chemicalComponentsRoutes,
  inventoriesRoutes,
  inventoryProductsRoutes,
  referenceListRoutes,
  reportsRoutes,
  tier2ExportRoutes,
  fireCodePermitsRoutes,
  tier2ImportRoutes,
  auditLogRoutes,
  backupsRoutes,
  sdsReadingRoutes,
];
