import os from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { createSession } from '../apps/server/src/modules/sessions/sessions.repository.ts';
const database = await openDatabase('postgres://postgres@127.0.0.1:5432/ct_lists', '/tmp/ct-lists-data');
const [admin] = await database.db.insert(users).values({ email: `x-${Date.now()}@b.local`, role: 'admin', firstName: 'R', lastName: 'P' }).returning({ id: users.id });
const { token } = await createSession(database.db, { userId: admin!.id, ttlMs: 3_600_000, isRemembered: false, ipAddress: '127.0.0.1', userAgent: 'x' });
const config = loadConfig({ APP_KEY: 'bench', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' }, { maxEventLoopDelayMs: 0 });
const headers = { 'x-app-key': 'bench', authorization: `Bearer ${token}` };
const app = await buildApp({ config, db: database.db });
await app.ready();
for (let i = 0; i < 30; i++) for (const url of process.argv.slice(2)) {
  const res = await app.inject({ method: 'GET', url: `/api/admin/v1${url}`, headers });
  if (i === 29) console.log(url, res.statusCode, res.rawPayload.length, 'bytes');
}
await app.close();
await database.close();
