import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { describePostgresUrl, isDatabaseUnavailable } from '../db/client.ts';
import errorsPlugin, { FAULT_MSG } from './errors.ts';

/** An error as pg raises it, optionally wrapped the way Drizzle wraps a failed query. */
function pgError(message: string, code?: string, wrapped = false): Error {
  const error = Object.assign(new Error(message), code ? { code } : {});
  return wrapped ? Object.assign(new Error('Failed query: select 1'), { cause: error }) : error;
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a refused connection on every address of a host',
      Object.assign(new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), {
        code: 'ECONNREFUSED',
      }),
    ],
    ['a server shutting down (57P01), through Drizzle', pgError('terminating connection', '57P01', true)],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', pgError('connection failure', '08006')],
    ['a connection lost without a code', pgError('Connection terminated unexpectedly')],
    ['a pool timeout', pgError('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value', '23505', true)],
    ['a wrong password', pgError('password authentication failed for user "app"', '28P01')],
    ['a missing database', pgError('database "x" does not exist', '3D000')],
    ['a plain error', new Error('boom')],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('describePostgresUrl', () => {
  it('names the server and database, never the password', () => {
    expect(describePostgresUrl('postgres://app:s3cret@db.example.com:6543/chemtrack')).toBe(
      'db.example.com:6543/chemtrack',
    );
    expect(describePostgresUrl('postgres://app:s3cret@db/chemtrack')).toBe('db:5432/chemtrack');
  });
});

describe('the error handler on faults', () => {
  async function answerTo(error: Error) {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/fail', async () => {
      throw error;
    });
    const res = await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    return res;
  }

  it('answers a lost database with 503, Retry-After and a message', async () => {
    const res = await answerTo(pgError('terminating connection due to administrator command', '57P01', true));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: FAULT_MSG.databaseUnavailable });
  });

  it('answers a full disk with 507 and a message', async () => {
    const res = await answerTo(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    );
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ message: FAULT_MSG.storageFull });
  });
});
