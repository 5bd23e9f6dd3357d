import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles as sources } from './source-files.ts';

/**
 * The area template (decision 006) as the code must keep it: plugins never import module code,
 * route files speak HTTP only (no SQL, no audit rows, no database call but handing `app.db` to
 * a service) and repositories write no audit rows.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const relative = (file: string) => path.relative(SRC, file);

describe('area layout', () => {
  it('plugins import no module code', () => {
    const offending = sources(path.join(SRC, 'plugins'), () => true).flatMap((file) =>
      importsOf(file)
        .filter((source) => source.includes('/modules/'))
        .map((source) => `${relative(file)} imports ${source}`),
    );
    expect(offending).toEqual([]);
  });

  it('route files run no SQL and write no audit rows', () => {
    const routeFiles = sources(path.join(SRC, 'modules'), (name) => /[.-]routes\.ts$/.test(name));
    expect(routeFiles.length).toBeGreaterThan(5);
    const offending = routeFiles.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const found: string[] = [];
      for (const source of importsOf(file)) {
        if (source === 'drizzle-orm' || source.includes('/db/schema') || source.endsWith('.repository.ts')) {
          found.push(`${relative(file)} imports ${source}`);
        }
      }
      if (/\bapp\.db\./.test(text)) found.push(`${relative(file)} calls app.db itself`);
      if (/\brecordAudit\b/.test(text)) found.push(`${relative(file)} writes audit rows`);
      return found;
    });
    expect(offending).toEqual([]);
  });

  it('repositories write no audit rows', () => {
    const offending = sources(path.join(SRC, 'modules'), (name) => name.endsWith('.repository.ts'))
      .filter((file) => /\brecordAudit\b/.test(fs.readFileSync(file, 'utf8')))
      .map(relative);
    expect(offending).toEqual([]);
  });
});
