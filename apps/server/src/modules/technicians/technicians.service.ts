import type { SaveTechnicianRequestSchema } from '@chemtrack/domain';
import type { z } from 'zod';
import { type AccountArea, createAccountsService } from '../accounts/accounts.service.ts';

export const TECHNICIANS_AREA = {
  what: 'Technician',
  entity: 'technician',
  roles: ['technician'],
} satisfies Partial<AccountArea>;

/** Technicians sign in to the field app later; they get no invitation on creation. */
export const techniciansService = createAccountsService<z.output<typeof SaveTechnicianRequestSchema>>({
  ...TECHNICIANS_AREA,
  defaultRole: 'technician',
});
