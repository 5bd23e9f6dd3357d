import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PDFKIT_PRIVATE_PARTS, PDFKIT_VERSION } from './pdf-text-engine.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The installed pdfkit's version, from its package.json (its `exports` do not list that file). */
function installedPdfkitVersion(): string {
  const entry = createRequire(import.meta.url).resolve('pdfkit');
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === 'pdfkit' && manifest.version) return manifest.version;
    } catch {
      // No package.json at this level: look one folder up.
    }
  }
  throw new Error(`no package.json of pdfkit above ${entry}`);
}

describe('the PDF text engine and the pdfkit it was written against', () => {
  it('runs on the pdfkit version it reaches into', () => {
    const installed = installedPdfkitVersion();
    expect(
      installed,
      `pdfkit ${installed} is installed, the text engine was written against ${PDFKIT_VERSION}. ` +
        `Re-check in pdfkit's source each private part pdf-text-engine.ts relies on (its header says why): ` +
        `${PDFKIT_PRIVATE_PARTS.join(', ')}; then run pdf.test.ts (the same bytes with and without the ` +
        `font cache, the same pages with and without text runs) and compare every report type's ` +
        `pdftotext and page count with the version before; then set PDFKIT_VERSION and package.json's pin.`,
    ).toBe(PDFKIT_VERSION);
  });

  it('is pinned to that version, exactly, in the server package', () => {
    const manifest = JSON.parse(readFileSync(path.join(HERE, '../../../../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies.pdfkit).toBe(PDFKIT_VERSION);
  });

  it('explains in its header every private part the version check names', () => {
    const source = readFileSync(path.join(HERE, 'pdf-text-engine.ts'), 'utf8');
    const header = source.slice(0, source.indexOf('*/'));
    const missing = PDFKIT_PRIVATE_PARTS.filter((part) => !header.includes(`\`${part}`));
    expect(missing).toEqual([]);
  });
});
