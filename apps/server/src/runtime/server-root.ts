import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@chemtrack/server'
    ) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`No @chemtrack/server package above ${start}`);
  }
}

/**
 * The server package's folder (`apps/server`), found the same way whether this code runs as
 * source (`src/runtime/`) or bundled into `dist/main.js` (`npm start`, build.mjs): the files shipped
 * beside the code (migrations, fonts, seed lists, the web build) are read from there, never
 * relative to the module that reads them, whose place the bundle changes.
 */
export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
