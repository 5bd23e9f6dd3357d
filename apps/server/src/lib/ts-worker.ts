import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker is TypeScript like the rest of the server. A worker does not inherit its parent's
// module hooks (and vitest's workers have none), and on Node 20 `--import tsx` in a worker's
// execArgv registers them too late for its entry file; so a small script registers tsx first,
// then imports the worker.
// (`require.resolve` would pick the api's CommonJS build, which cannot register ESM hooks.)
const tsxApi = pathToFileURL(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  ),
).href;

/**
 * Starts the TypeScript module at `url` (`new URL('./worker.ts', import.meta.url)`) in a worker
 * thread. A failure to load rejects inside the bootstrap, which the worker reports as its
 * 'error' event.
 */
export function startTsWorker(url: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
