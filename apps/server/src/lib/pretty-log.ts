/**
 * Log lines a person reads in a terminal (issue 33 point 17): pino writes one JSON object per line,
 * which a log collector wants and a person starting the app does not. When the output is a
 * terminal (or LOG_FORMAT=pretty) each line is rewritten as "time LEVEL message details"; the
 * redaction has already happened in pino, so nothing hidden there reappears here. No dependency:
 * pino-pretty would bring a dozen packages for what these forty lines do.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** The fields every line carries, printed in their own place or not at all. */
const HEADER_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'responseTime',
  'err',
  'reqId',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toISOString().slice(11, 19);
}

/** One pino JSON line as "12:03:44 INFO  request completed POST /api/admin/v1/login 200 12 ms (req-1)". */
export function formatLogLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.trimEnd();
  }
  if (!isRecord(entry)) return line.trimEnd();
  const parts = [
    clock(entry.time),
    LEVELS[Number(entry.level)] ?? String(entry.level),
    String(entry.msg ?? ''),
  ];
  const { req, res, err } = entry;
  if (isRecord(req)) parts.push(`${String(req.method ?? '')} ${String(req.url ?? '')}`.trim());
  if (isRecord(res) && res.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(0)} ms`);
  if (entry.reqId !== undefined) parts.push(`(${String(entry.reqId)})`);
  const details = Object.entries(entry)
    .filter(([key]) => !HEADER_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let text = [...parts.filter((part) => part !== ''), ...details].join(' ');
  if (isRecord(err)) text += `\n  ${String(err.stack ?? err.message ?? JSON.stringify(err))}`;
  return text;
}

/** A pino destination that writes each line formatted to `out` (the terminal). */
export function prettyLogStream(out: NodeJS.WritableStream): { write(line: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (line.trim() !== '') out.write(`${formatLogLine(line)}\n`);
      }
    },
  };
}
