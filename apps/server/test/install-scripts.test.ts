import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;
}

/**
 * Issue 33 point 17: npm 11 skips a dependency's install script unless the project's
 * `allowScripts` names it, and ends `npm install` with an "install scripts not covered" notice.
 * Every package the lock file marks as having one is decided in package.json (approved or denied).
 */
describe('install scripts', () => {
  it('every dependency with an install script is named in allowScripts', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const allowed = (readJson('package.json').allowScripts ?? {}) as Record<string, boolean>;
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = [...new Set(withScripts)].filter((name) => typeof allowed[name] !== 'boolean');
    expect(undecided).toEqual([]);
  });
});
