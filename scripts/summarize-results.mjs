// CI's closing lines: the time of every step (.ci/run's timings.tsv), the slowest test files of
// each vitest report and of the Playwright log, and "N passed, N failed" summed over all of them.
// Usage: node scripts/summarize-results.mjs <results dir> [<whole run in seconds>]
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const wholeRun = process.argv[3];
const SLOWEST = 8;

const timings = path.join(dir, 'timings.tsv');
if (fs.existsSync(timings)) {
  console.log('Steps (the two lanes run side by side):');
  for (const line of fs.readFileSync(timings, 'utf8').trim().split('\n')) {
    const [name, seconds, status] = line.split('\t');
    console.log(
      `  ${name.padEnd(42)} ${formatSeconds(Number(seconds)).padStart(8)}${status === '0' ? '' : `  (exit ${status})`}`,
    );
  }
  if (wholeRun) console.log(`  ${'whole run'.padEnd(42)} ${formatSeconds(Number(wholeRun)).padStart(8)}`);
}

let passed = 0;
let failed = 0;
// What failed, by name and first message line: the CI record keeps only the log's tail, so the
// reason has to be printed here, at the end, or it is lost.
const failures = [];
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const name = path.relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (result.status === 'failed' && failedTests.length === 0) {
      failures.push(`${name} (the file itself failed): ${firstLine(result.message)}`);
    }
  }
  const files = (report.testResults ?? [])
    .map((result) => ({
      name: path.relative(process.cwd(), result.name),
      seconds: (result.endTime - result.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  console.log(`Slowest of ${files.length} files in ${file} (wall time of each file; 2 run at once):`);
  for (const entry of files.slice(0, SLOWEST)) {
    console.log(`  ${formatSeconds(entry.seconds).padStart(8)}  ${entry.name}`);
  }
}

const e2eLog = path.join(dir, 'e2e.log');
if (fs.existsSync(e2eLog)) {
  const log = fs.readFileSync(e2eLog, 'utf8');
  passed += Number(/(\d+) passed/.exec(log)?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(log)?.[1] ?? 0);
  // Playwright's list reporter ends each test's line with its time, "(1.2s)" or "(1.1m)".
  const perSpec = new Map();
  for (const match of log.matchAll(/(\S+\.spec\.ts):\d+:\d+ ›.*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/gm)) {
    const [, spec, value, unit] = match;
    const seconds = Number(value) * (unit === 'ms' ? 0.001 : unit === 'm' ? 60 : 1);
    perSpec.set(spec, (perSpec.get(spec) ?? 0) + seconds);
  }
  const specs = [...perSpec].sort((a, b) => b[1] - a[1]);
  if (specs.length > 0) {
    console.log(`Slowest of ${specs.length} browser spec files (sum of their tests):`);
    for (const [spec, seconds] of specs.slice(0, SLOWEST)) {
      console.log(`  ${formatSeconds(seconds).padStart(8)}  ${spec}`);
    }
  }
}
// A lane can exit non-zero with every test passed: vitest fails the run on an unhandled error (a
// rejection or an 'error' event after its test ended), which no report file records; those are
// quoted from the lane's log. (A hook that timed out fails its file, found above.)
const serverLog = path.join(dir, 'server-lane.log');
if (fs.existsSync(serverLog)) {
  const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
  const lines = fs.readFileSync(serverLog, 'utf8').replace(colours, '').split('\n');
  lines.forEach((line, index) => {
    if (/Unhandled (Errors?|Rejection)/.test(line)) {
      const context = lines
        .slice(index, index + 8)
        .map((text) => text.trim())
        .filter(Boolean);
      failures.push(`server lane log, line ${index + 1}: ${context.join(' | ').slice(0, 800)}`);
    }
  });
}
if (failures.length > 0) {
  console.log(`What failed (${failures.length}):`);
  for (const failure of failures.slice(0, 40)) console.log(`  ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '') ?? '(no message)'
  );
}

function formatSeconds(seconds) {
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`
    : `${seconds.toFixed(1)}s`;
}
