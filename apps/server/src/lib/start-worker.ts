import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { SERVER_ROOT } from '../runtime/server-root.ts';

// Bundled (`npm start` runs dist/main.js, built by build.mjs) each worker is plain JavaScript of
// its own in dist/, and this code runs from a .js file there: import.meta.url says which.
const isBundled = import.meta.url.endsWith('.js');

/**
 * From source a worker is TypeScript like the rest of the server. A worker does not inherit its
 * parent's module hooks (and vitest's workers have none), and on Node 20 `--import tsx` in a
 * worker's execArgv registers them too late for its entry file; so a small script registers tsx
 * first, then imports the worker.
 * (`require.resolve` would pick the api's CommonJS build, which cannot register ESM hooks.)
 */
function sourceBootstrap(url: URL): string {
  const tsxApi = pathToFileURL(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
      'dist/esm/api/index.mjs',
    ),
  ).href;
  return `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
}

/**
 * Starts a worker thread: from source, the TypeScript module at `sourceUrl`
 * (`new URL('./worker.ts', import.meta.url)`); bundled, `dist/{bundledName}.js` (an entry of
 * build.mjs). A failure to load rejects inside the bootstrap, which the worker reports as its
 * 'error' event.
 */
export function startWorker(
  bundledName: string,
  sourceUrl: URL,
  options: Omit<WorkerOptions, 'eval'> = {},
): Worker {
  const bootstrap = isBundled
    ? `import(${JSON.stringify(pathToFileURL(path.join(SERVER_ROOT, 'dist', `${bundledName}.js`)).href)});`
    : sourceBootstrap(sourceUrl);
  return new Worker(bootstrap, { ...options, eval: true });
}
