// Prints one closing line for CI, "N passed, N failed", summed over the vitest JSON reports.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}
const e2eLog = path.join(dir, 'e2e.log');
if (fs.existsSync(e2eLog)) {
  const log = fs.readFileSync(e2eLog, 'utf8');
  passed += Number(/(\d+) passed/.exec(log)?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(log)?.[1] ?? 0);
}
console.log(`${passed} passed, ${failed} failed`);
