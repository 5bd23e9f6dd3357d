import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './sw/plugin.ts';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|map|wasm|ico)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br (best quality) and a .gz next to each compressible file of the build, once, so the
 * server sends them with no work per request (@fastify/static `preCompressed`). Browsers ask for
 * brotli over https and on localhost, and only for gzip over plain HTTP to another machine.
 * index.html is left out: the server writes the application key into it and compresses it itself.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'chemtrack-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && file !== 'index.html',
      );
      await Promise.all(
        files.map(async (file) => {
          const fullPath = path.join(outDir, file);
          const source = await fs.readFile(fullPath);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          // Every file gets both, even a chunk of a few bytes that compression makes no smaller:
          // one rule for every script and style (sent compressed whenever the browser asks), at the
          // cost of a few bytes on the rare tiny chunk the bundler splits off.
          await fs.writeFile(`${fullPath}.br`, br);
          await fs.writeFile(`${fullPath}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    serviceWorker(),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { sourcemap: false, chunkSizeWarningLimit: 400 },
});
