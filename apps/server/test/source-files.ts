import fs from 'node:fs';
import path from 'node:path';

/**
 * The source files of a folder tree and what each imports, for the tests that hold the layout
 * (area-layout, layering, folder-cycles). Tests are left out: nothing imports a test, and a test
 * reaching for the seed's factories is not part of the code's structure.
 */
export function sourceFiles(dir: string, keep: (name: string) => boolean = () => true): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && keep(path.basename(name)))
    .map((name) => path.join(dir, name));
}

export interface ImportClause {
  /** The specifier as written, e.g. `../products/products.repository.ts`. */
  source: string;
  /** The value names imported (`import { a, b as c }` gives a and b); type-only ones are left out. */
  names: string[];
}

/** Static imports and re-exports, and dynamic `import('…')`, of a file. */
export function importClausesOf(file: string): ImportClause[] {
  const text = fs.readFileSync(file, 'utf8');
  const clauses: ImportClause[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\b([^;]*?)from\s+'([^']+)'/gms)) {
    const clause = match[2] ?? '';
    const isTypeOnly = /^\s*type\b/.test(clause);
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    const names = isTypeOnly
      ? []
      : braces
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '' && !part.startsWith('type '))
          .map((part) => part.split(/\s+as\s+/)[0] ?? part);
    clauses.push({ source: match[3] ?? '', names });
  }
  for (const match of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) {
    clauses.push({ source: match[1] ?? '', names: [] });
  }
  return clauses;
}

export function importsOf(file: string): string[] {
  return importClausesOf(file).map((clause) => clause.source);
}

/** The file a relative specifier names (undefined for a package import). */
export function resolveImport(file: string, source: string): string | undefined {
  return source.startsWith('.') ? path.resolve(path.dirname(file), source) : undefined;
}
