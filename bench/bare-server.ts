/**
 * The overhead reference (issue 24): a bare Fastify route on a `pg` pool of the app's size that runs
 * the statements the app's inventories list ran (captured by the suite, parameters included) and
 * answers their rows, without app key, session, validation, ORM or logging. Started by the suite.
 * Env: DATABASE_URL, PORT, HOST, BARE_STATEMENTS (JSON [{ text, params }]).
 */
import Fastify from 'fastify';
import pg from 'pg';

const statements = JSON.parse(process.env.BARE_STATEMENTS ?? '[]') as { text: string; params: unknown[] }[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/inventories', async () => {
  const [rows, ...others] = await Promise.all(statements.map((s) => pool.query(s.text, s.params)));
  return { resource: { items: rows?.rows ?? [], meta: others.map((other) => other.rows[0]) } };
});

process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
