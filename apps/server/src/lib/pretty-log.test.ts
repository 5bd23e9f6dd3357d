import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { formatLogLine, prettyLogStream } from './pretty-log.ts';

/** Issue 33 point 17: a terminal shows readable log lines, a pipe gets pino's JSON lines. */
describe('log lines', () => {
  const time = Date.UTC(2026, 10, 28, 12, 3, 44);

  it('writes a request line as time, level, message, method and path, status, duration and request id', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      res: { statusCode: 200 },
      req: { method: 'POST', url: '/api/admin/v1/login' },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(formatLogLine(line)).toBe(
      '12:03:44 INFO  request completed POST /api/admin/v1/login 200 12 ms (req-1)',
    );
  });

  it('keeps other fields as key=value and puts an error stack under the line', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'shutting down failed',
      openRequests: 2,
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(formatLogLine(line)).toBe(
      '12:03:44 ERROR shutting down failed openRequests=2\n  Error: boom\n    at x',
    );
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });

  it('formats each line of a chunk', () => {
    const written: string[] = [];
    const stream = prettyLogStream({
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WritableStream);
    stream.write(
      `${JSON.stringify({ level: 40, time, msg: 'a' })}\n${JSON.stringify({ level: 30, time, msg: 'b' })}\n`,
    );
    expect(written).toEqual(['12:03:44 WARN  a\n', '12:03:44 INFO  b\n']);
  });

  it('is pretty at a terminal and JSON in a pipe unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}, {}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, {}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, {}, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, {}, false).logFormat).toBe('pretty');
  });
});
