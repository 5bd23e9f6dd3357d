import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importClausesOf, resolveImport, sourceFiles } from './source-files.ts';

/**
 * Who may call whom (decision 006): a service reads another area's data through that area's
 * repository or service, and writes it only through that area's service, so the other area's
 * rules and audit row apply. A repository function that writes is named for it: it starts
 * with one of WRITE_VERBS (the first test holds that), so an import of one from another area's
 * repository is a write that skipped the service (the second test).
 */
const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

const WRITE_VERBS = [
  'insert',
  'update',
  'delete',
  'create',
  'replace',
  'set',
  'record',
  'revoke',
  'consume',
  'clear',
  'copy',
  'toggle',
  'touch',
  'upsert',
  'remove',
  'add',
  'save',
  'mark',
  'link',
  'unlink',
];

const WRITE_NAME = new RegExp(`^(${WRITE_VERBS.join('|')})([A-Z0-9]|$)`);
/** A Drizzle write, or one in raw SQL. */
const WRITES = /\.(insert|update|delete)\(|\b(insert\s+into|delete\s+from)\b|\bupdate\s+\S+\s+set\b/i;

const relative = (file: string) => path.relative(MODULES, file);
/** The area a file belongs to: its folder right under modules/ (print-all-sds/ is inventory products'). */
const areaOf = (file: string) => relative(file).split(path.sep)[0];

/** The exported functions of a file, each with its body (top-level functions end at a `}` in column 0). */
function exportedFunctions(file: string): { name: string; body: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^export (?:async )?function (\w+)[\s\S]*?^\}$/gm)].map((match) => ({
    name: match[1] ?? '',
    body: match[0],
  }));
}

const repositories = sourceFiles(MODULES, (name) => name.endsWith('.repository.ts'));

describe('who may call whom', () => {
  it('names every repository function that writes with a write verb', () => {
    expect(repositories.length).toBeGreaterThan(10);
    const misnamed = repositories.flatMap((file) =>
      exportedFunctions(file)
        .filter(({ name, body }) => WRITES.test(body) && !WRITE_NAME.test(name))
        .map(
          ({ name }) =>
            `${relative(file)}: ${name} writes but is not named for it (${WRITE_VERBS.join(', ')})`,
        ),
    );
    expect(misnamed).toEqual([]);
  });

  it("writes another area's data only through that area's service", () => {
    const callers = sourceFiles(MODULES, (name) => !name.endsWith('.repository.ts'));
    const offending = callers.flatMap((file) =>
      importClausesOf(file).flatMap(({ source, names }) => {
        const target = resolveImport(file, source);
        if (!target?.endsWith('.repository.ts') || !target.startsWith(MODULES)) return [];
        if (areaOf(target) === areaOf(file)) return [];
        return names
          .filter((name) =>
            // A repository object may be asked to write anything; a factory builds the caller's own.
            name.endsWith('Repository') ? !name.startsWith('create') : WRITE_NAME.test(name),
          )
          .map((name) => `${relative(file)} writes through ${relative(target)}: ${name}`);
      }),
    );
    expect(offending).toEqual([]);
  });
});
