import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBody } from '../../src/seed/factories.ts';
import {
  type Answer,
  call,
  cleanUp,
  eventually,
  PrivateCluster,
  signIn,
  sleep,
  stackLines,
  startReadyServer,
  startServer,
  tempDir,
} from './harness.ts';

// The password is in the URL but never printed (trust authentication ignores it).
const PASSWORD = 'Never-Printed-9f3k';
const UNAVAILABLE = 'The database is not available right now. Try again in a moment.';

let cluster: PrivateCluster;

beforeAll(async () => {
  cluster = await PrivateCluster.create();
});
afterAll(cleanUp);

describe('PostgreSQL down at start', () => {
  it('says so in one line per attempt, backs off, and serves once PostgreSQL is up', async () => {
    const database = await cluster.createDatabase('down_at_start');
    await cluster.stop();
    const server = await startServer({
      dataDir: tempDir('down'),
      databaseUrl: cluster.url(database, PASSWORD),
      env: { DATABASE_WAIT_SECONDS: '120' },
    });
    try {
      await server.waitFor(/(not reachable[\s\S]*){3}/);
    } finally {
      await cluster.start();
    }
    await server.waitFor('ChemTrack is running');
    expect(await signIn(server)).toMatch(/.+/);

    const output = server.output();
    const waits = [...output.matchAll(/trying again in ([\d.]+) s/g)].map((match) => Number(match[1]));
    expect(output).toContain(
      `PostgreSQL at 127.0.0.1:${cluster.port}/${database} is not reachable (ECONNREFUSED); trying again in 0.5 s`,
    );
    // Backoff: each wait at least the one before, and the first ones doubling.
    expect(waits.slice(0, 3)).toEqual([0.5, 1, 2]);
    expect(output).not.toContain(PASSWORD);
    expect(stackLines(output)).toEqual([]);
  });

  it('gives up after DATABASE_WAIT_SECONDS with a clear message and exit code 1', async () => {
    const database = await cluster.createDatabase('never_up');
    await cluster.stop();
    try {
      const server = await startServer({
        dataDir: tempDir('never'),
        databaseUrl: cluster.url(database, PASSWORD),
        env: { DATABASE_WAIT_SECONDS: '3' },
      });
      expect(await server.exited).toBe(1);
      const output = server.output();
      expect(output).toContain(
        `Gave up waiting for PostgreSQL at 127.0.0.1:${cluster.port}/${database} after 3 s (ECONNREFUSED). ` +
          'Start it, or check DATABASE_URL.',
      );
      expect(output).not.toContain(PASSWORD);
      expect(stackLines(output)).toEqual([]);
    } finally {
      await cluster.start();
    }
  });

  it('fails at once, without the password, when PostgreSQL refuses the connection', async () => {
    const server = await startServer({
      dataDir: tempDir('refused'),
      databaseUrl: cluster.url('no_such_database', PASSWORD),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      `PostgreSQL at 127.0.0.1:${cluster.port}/no_such_database refused the connection ` +
        '(database "no_such_database" does not exist). Check DATABASE_URL.',
    );
    expect(server.output()).not.toContain(PASSWORD);
    expect(stackLines(server.output())).toEqual([]);
  });
});

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with a message while it is down and recovers without a restart', async () => {
    const database = await cluster.createDatabase('restart_mid_load');
    const server = await startReadyServer({
      dataDir: tempDir('restart'),
      databaseUrl: cluster.url(database),
    });
    const token = await signIn(server);

    const answers: { phase: string; answer: Answer }[] = [];
    let phase = 'before';
    let isRunning = true;
    // Four clients reading and writing all the time, as a busy office would.
    const clients = Array.from({ length: 4 }, async (_, n) => {
      while (isRunning) {
        const answer =
          n % 2 === 0
            ? await call(server, 'GET', '/customers/list?ipp=5', { token })
            : await call(server, 'POST', '/customers/create', { token, body: customerBody() });
        answers.push({ phase, answer });
        await sleep(20);
      }
    });
    try {
      await eventually('answers before the restart', () => answers.length >= 8);
      phase = 'down';
      await cluster.stop();
      await eventually('a 503 while PostgreSQL is down', () =>
        answers.some(({ phase: when, answer }) => when === 'down' && answer.status === 503),
      );
      await sleep(1000);
      phase = 'restarting';
      await cluster.start();
      phase = 'after';
      await eventually(
        'answers after the restart',
        () =>
          answers.filter(({ phase: when, answer }) => when === 'after' && answer.status < 300).length >= 8,
      );
    } finally {
      isRunning = false;
      await Promise.all(clients);
    }

    expect(server.child.exitCode).toBeNull();
    const statuses = new Set(answers.map(({ answer }) => answer.status));
    // Nothing but successes and 503s: no 500, no dropped connection.
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    const refused = answers.filter(({ answer }) => answer.status === 503).map(({ answer }) => answer);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.json()).toEqual({ message: UNAVAILABLE });
      expect(answer.headers.get('retry-after')).toBe('5');
    }
    expect(
      answers.filter(({ phase: when }) => when === 'before').every(({ answer }) => answer.status < 300),
    ).toBe(true);
    // Recovered: the last answers of every kind succeed.
    expect(answers.slice(-4).every(({ answer }) => answer.status < 300)).toBe(true);
  });

  it('rolls back a transaction whose connection is cut mid-way, and answers 503', async () => {
    const database = await cluster.createDatabase('cut_mid_transaction');
    const server = await startReadyServer({ dataDir: tempDir('cut'), databaseUrl: cluster.url(database) });
    const token = await signIn(server);
    const body = customerBody({ name: 'Cut Mid Transaction Ltd' });

    // The create writes its customer row, then its audit row: holding a lock on the audit table
    // stops it between the two, inside its transaction, where its connection is then cut.
    const locker = cluster.client(database);
    await locker.connect();
    let answer: Answer;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE audit_log IN EXCLUSIVE MODE');
      const pending = call(server, 'POST', '/customers/create', { token, body });
      const backend = await eventually('the create waiting on the audit table', async () => {
        const rows = await cluster.query<{ pid: number }>(
          database,
          `SELECT pid FROM pg_stat_activity
            WHERE datname = $1 AND wait_event_type = 'Lock' AND query ILIKE '%audit_log%'`,
          [database],
        );
        return rows[0]?.pid;
      });
      await cluster.query(database, 'SELECT pg_terminate_backend($1)', [backend]);
      answer = await pending;
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }

    expect(answer.status).toBe(503);
    expect(answer.json()).toEqual({ message: UNAVAILABLE });
    const rows = await cluster.query(database, 'SELECT id FROM customers WHERE name = $1', [body.name]);
    expect(rows).toEqual([]);
    // The pool replaced the connection: the same request now succeeds.
    expect((await call(server, 'POST', '/customers/create', { token, body })).status).toBe(201);
  });
});
