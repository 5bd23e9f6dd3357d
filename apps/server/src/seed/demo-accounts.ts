import {
  type SaveTechnicianRequest,
  SaveTechnicianRequestSchema,
  SaveUserRequestSchema,
} from '@chemtrack/domain';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { technicianBody, userBody } from './factories.ts';

/** The demo password of the demo staff account, printed by `npm start` with the admin's. */
export const DEMO_STAFF = { email: 'staff@chemtrack.local', password: 'Staff1234' } as const;

const DEMO_TECHNICIANS: SaveTechnicianRequest[] = [
  { first_name: 'Maria', last_name: 'Lopez', email: 'maria.lopez@chemtrack.local', phone: '5125550101' },
  { first_name: 'James', last_name: 'Chen', email: 'james.chen@chemtrack.local', phone: '7135550177' },
  { first_name: 'Aisha', last_name: 'Khan', email: 'aisha.khan@chemtrack.local', phone: '2145550133' },
  { first_name: 'Tom', last_name: 'Becker', email: 'tom.becker@chemtrack.local', phone: '', is_active: 0 },
];

/** The staff account and the technicians, each the factory's body checked by the API's own schema. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const staff = SaveUserRequestSchema.parse(
    userBody({
      first_name: 'Sam',
      last_name: 'Staff',
      email: DEMO_STAFF.email,
      phone: '5125550142',
      role: 'staff',
    }),
  );
  const technicians = DEMO_TECHNICIANS.map((technician) =>
    SaveTechnicianRequestSchema.parse(technicianBody(technician)),
  );
  await db.insert(users).values([
    {
      email: staff.email,
      passwordHash: await hashPassword(DEMO_STAFF.password),
      role: staff.role,
      firstName: staff.first_name,
      lastName: staff.last_name,
      phone: staff.phone,
    },
    ...technicians.map((technician) => ({
      email: technician.email,
      role: 'technician' as const,
      firstName: technician.first_name,
      lastName: technician.last_name,
      phone: technician.phone,
      isActive: technician.is_active,
    })),
  ]);
}
