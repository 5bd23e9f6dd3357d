import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest (CI's closing lines list them: `scripts/summarize-results.mjs`),
 * slowest first. Vitest starts the files it has no timings of largest first, and CI's fresh clone
 * has none, so these short files full of requests would start last and run alone at the end while
 * the other worker waits; started first, they overlap the many quick files. A file missing from
 * this list only runs in vitest's own order; a name here that matches no file is ignored.
 */
const SLOWEST = [
  'apps/server/test/hostile-input-accounts.test.ts',
  'apps/server/test/hostile-input.test.ts',
  'apps/server/test/fuzz/fuzz-accounts.test.ts',
  'apps/server/test/fuzz/fuzz-inventories.test.ts',
  'apps/server/test/fuzz/fuzz-catalog.test.ts',
  'apps/web/src/features/inventory-products/inventory-product-fields.test.tsx',
  'apps/web/src/features/inventory-products/report-data-fields.test.tsx',
  'apps/server/test/start.test.ts',
  'apps/server/test/authorization-matrix.test.ts',
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? SLOWEST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ file }) => file);
  }
}
