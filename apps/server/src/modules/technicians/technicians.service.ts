import type { SaveTechnicianRequestSchema } from '@chemtrack/domain';
import type { z } from 'zod';
import { createAccountsService } from '../accounts/accounts.service.ts';

/** Technicians sign in to the field app later; they get no invitation on creation. */
export const techniciansService = createAccountsService<z.output<typeof SaveTechnicianRequestSchema>>({
  what: 'Technician',
  entity: 'technician',
  roles: ['technician'],
  defaultRole: 'technician',
});
