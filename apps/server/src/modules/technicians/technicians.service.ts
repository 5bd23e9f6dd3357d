import type { SaveTechnicianRequestSchema } from '@chemtrack/domain';
import type { z } from 'zod';
import type { UserRow } from '../accounts/accounts.repository.ts';
import { type AccountArea, createAccountsService } from '../accounts/accounts.service.ts';

export const TECHNICIANS_AREA = {
  what: 'Technician',
  entity: 'technician',
  roles: ['technician'],
} satisfies Partial<AccountArea>;

/**
 * A new technician has no password yet: `invite` sends the same link to choose one that a new
 * user gets, so they can sign in to My Inventories (issue 22).
 */
export function createTechniciansService(invite: (technician: UserRow) => Promise<void>) {
  return createAccountsService<z.output<typeof SaveTechnicianRequestSchema>>({
    ...TECHNICIANS_AREA,
    defaultRole: 'technician',
    afterCreate: invite,
  });
}
