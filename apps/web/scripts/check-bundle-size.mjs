#!/usr/bin/env node
// Fails the build when the JavaScript a first visit to /login loads is over budget.
// It reads dist/index.html, takes its module scripts and module preloads, follows their static
// imports (never the lazy `import()` of split routes), gzips each file and adds them up.
// Usage: node scripts/check-bundle-size.mjs [distDir] (BUNDLE_BUDGET_KB overrides the budget).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 250);
const distDir = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
);
const indexPath = path.join(distDir, 'index.html');

if (!fs.existsSync(indexPath)) {
  console.error(`check-bundle-size: ${indexPath} is missing; run vite build first.`);
  process.exit(1);
}

const html = fs.readFileSync(indexPath, 'utf8');
const entryUrls = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((match) => match[1]);

/** A URL of the page ("/assets/x.js") or a relative import ("./x.js") as a file in dist. */
function toFile(url, fromFile) {
  if (url.startsWith('/')) return path.join(distDir, url);
  return path.resolve(path.dirname(fromFile), url);
}

// Static imports and re-exports only: `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`.
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

const seen = new Map();
const queue = entryUrls.map((url) => toFile(url, indexPath));
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  if (!fs.existsSync(file)) {
    console.error(`check-bundle-size: ${path.relative(distDir, file)} is referenced but missing.`);
    process.exit(1);
  }
  const source = fs.readFileSync(file);
  seen.set(file, gzipSync(source, { level: 9 }).length);
  for (const match of source.toString('utf8').matchAll(STATIC_IMPORT)) queue.push(toFile(match[1], file));
}

const rows = [...seen.entries()].sort((a, b) => b[1] - a[1]);
const totalKb = rows.reduce((sum, [, size]) => sum + size, 0) / 1024;
for (const [file, size] of rows) {
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${path.relative(distDir, file)}`);
}
const summary = `Initial JavaScript on /login: ${rows.length} files, ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`;
if (totalKb > BUDGET_KB) {
  console.error(`${summary}: OVER BUDGET`);
  process.exit(1);
}
console.log(summary);
