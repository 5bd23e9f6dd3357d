import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';

/** The demo password of the demo staff account, printed by `npm start` with the admin's. */
export const DEMO_STAFF = { email: 'staff@chemtrack.local', password: 'Staff1234' } as const;

export async function seedDemoAccounts(db: Db): Promise<void> {
  await db.insert(users).values([
    {
      email: DEMO_STAFF.email,
      passwordHash: await hashPassword(DEMO_STAFF.password),
      role: 'staff',
      firstName: 'Sam',
      lastName: 'Staff',
      phone: '5125550142',
    },
    {
      email: 'maria.lopez@chemtrack.local',
      role: 'technician',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '5125550101',
    },
    {
      email: 'james.chen@chemtrack.local',
      role: 'technician',
      firstName: 'James',
      lastName: 'Chen',
      phone: '7135550177',
    },
    {
      email: 'aisha.khan@chemtrack.local',
      role: 'technician',
      firstName: 'Aisha',
      lastName: 'Khan',
      phone: '2145550133',
    },
    {
      email: 'tom.becker@chemtrack.local',
      role: 'technician',
      firstName: 'Tom',
      lastName: 'Becker',
      phone: '',
      isActive: false,
    },
  ]);
}
