// Builds the server for `npm start`: src/main.ts (with @chemtrack/domain) into one ES module,
// dist/main.js, and each worker thread into its own file (dist/print-all-sds-worker.js,
// dist/label-photo-worker.js, dist/report-worker.js, dist/backup-snapshot-worker.js, dist/sds-reading-worker.js; lib/start-worker.ts
// picks them), so production runs plain
// JavaScript with node instead of transpiling TypeScript through tsx at every start.
// Packages from node_modules stay outside the bundle and load as installed (native modules,
// PGlite's wasm and pdfkit's font data are read from their own folders). Takes about a second.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');

/** Every bare import is left to node at run time, except our own workspace packages (TypeScript). */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@chemtrack/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'print-all-sds-worker': 'src/modules/inventory-products/print-all-sds/worker.ts',
    'label-photo-worker': 'src/modules/files/label-photo-worker.ts',
    'report-worker': 'src/modules/reports/report-worker.ts',
    'backup-snapshot-worker': 'src/backup/snapshot-worker.ts',
    'sds-reading-worker': 'src/modules/sds-reading/reader/worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Dynamic imports become chunks loaded when needed: the S3 driver and the AWS SDK only with a
  // STORAGE_URL (storage/create-file-store.ts).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces then name the TypeScript files and lines (node --enable-source-maps).
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
