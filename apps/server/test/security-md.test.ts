import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * SECURITY.md lists every runtime dependency of the server and the domain package, at the range
 * package.json installs, with its role (issue 12: CI cannot ask an advisory service, so a person
 * reviews the list). A dependency added, removed or moved to another range without the table
 * following fails here.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MANIFESTS = ['apps/server/package.json', 'packages/domain/package.json'];
const UNTRUSTED = ['uploads', 'spreadsheets', 'PDFs', 'JSON', 'passwords'];

interface Row {
  name: string;
  version: string;
  untrusted: string;
  role: string;
}

/** The rows of the table under "## Dependencies". */
function dependencyRows(): Row[] {
  const text = fs.readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Dependencies'));
  expect(section, 'SECURITY.md has a "## Dependencies" section').toBeDefined();
  return (section ?? '')
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => {
      const [name = '', version = '', untrusted = '', role = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { name: name.replace(/`/g, ''), version: version.replace(/`/g, ''), untrusted, role };
    });
}

function runtimeDependencies(): Record<string, string> {
  const all: Record<string, string> = {};
  for (const manifest of MANIFESTS) {
    const json = JSON.parse(fs.readFileSync(path.join(ROOT, manifest), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    Object.assign(all, json.dependencies ?? {});
  }
  return all;
}

describe('SECURITY.md', () => {
  it('lists every runtime dependency of the server and the domain, at the range package.json installs, and no other', () => {
    const listed = Object.fromEntries(dependencyRows().map((row) => [row.name, row.version]));
    expect(listed).toEqual(runtimeDependencies());
  });

  it('gives each a role, and says which untrusted input a dependency handles', () => {
    for (const row of dependencyRows()) {
      expect(row.role.length, `${row.name}: role`).toBeGreaterThan(10);
      const kinds = row.untrusted === '—' ? [] : row.untrusted.split(/,\s*/);
      for (const kind of kinds) expect(UNTRUSTED, `${row.name}: untrusted input`).toContain(kind);
    }
  });

  it('marks the dependencies that parse uploads, spreadsheets, PDFs, JSON and passwords', () => {
    const marked = Object.fromEntries(dependencyRows().map((row) => [row.name, row.untrusted]));
    expect(marked).toMatchObject({
      '@fastify/multipart': 'uploads',
      exceljs: 'spreadsheets',
      '@e965/xlsx': 'spreadsheets',
      'csv-parse': 'spreadsheets',
      'pdf-lib': 'PDFs',
      fastify: 'JSON',
      zod: 'JSON',
      '@node-rs/argon2': 'passwords',
    });
  });

  it('says how to report a problem and what is protected', () => {
    const text = fs.readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');
    expect(text).toMatch(/^## Reporting a problem$/m);
    expect(text).toMatch(/^## What is protected, how, and where it is tested$/m);
  });
});
