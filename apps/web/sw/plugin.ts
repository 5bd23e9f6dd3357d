import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes /sw.js (issue 33 point 8) into the build from sw/service-worker.js, with the build's
 * files to keep and a version made of their names (hashed by Vite): a new build is a new service
 * worker, which replaces the old one and its copy of the app.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'chemtrack-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.html'))
        .sort()
        .map((name) => `/${name}`);
      const precache = ['/', ...files];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const template = await fs.readFile(path.join(import.meta.dirname, 'service-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('__SHELL_VERSION__', version)
          .replace('__PRECACHE__', JSON.stringify(precache)),
      });
    },
  };
}
