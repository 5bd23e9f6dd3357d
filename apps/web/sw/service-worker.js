/**
 * The technician's pages offline (issue 33 point 8). Written into the build as /sw.js by
 * apps/web/sw/plugin.ts, which fills in the build's version and files: a deploy brings a new
 * version, which replaces this one at once and drops the older copies.
 *
 * - The app shell (the page and every built file) is kept at install and served from the copy,
 *   so the app opens without a connection.
 * - A page opened by address (a reload) gets the network's page, or the kept one offline.
 * - The API's GET calls of the technician's pages (My Inventories, the worklist, the line form;
 *   staff's calls of the same inventories too, which the URL cannot tell apart)
 *   go to the network first; their last answer is kept and given back when there is no
 *   connection. Nothing else of the API is touched: saves always go to the server.
 */
const VERSION = '__SHELL_VERSION__';
const PRECACHE = __PRECACHE__;
const SHELL_CACHE = `chemtrack-shell-${VERSION}`;
/** Also named in apps/web/src/lib/offline-cache.ts, which clears it on sign-out. */
const DATA_CACHE = 'chemtrack-technician-data';
/**
 * The GET calls the technician's pages make: their inventories, an inventory, its lines and a
 * line, and the line form's pickers. Told by the call, not by the page: a window's client URL is
 * the one it was opened at (the sign-in page), not where the router has since taken it.
 */
const TECHNICIAN_API =
  /^\/api\/admin\/v1\/(inventories\/|(products|containers|container-units|hazards)\/(list|autocomplete)$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('chemtrack-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, kept in `cacheName` when it is a good one; the kept one without a network. */
async function networkFirst(request, cacheName, fallbackKey) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    // A copy that cannot be kept (storage full) does not stand in the way of the answer.
    if (response.ok) await cache.put(fallbackKey ?? request, response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const kept = await cache.match(fallbackKey ?? request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // Every address is the one page (the server's history fallback): kept under '/'.
    event.respondWith(networkFirst(request, SHELL_CACHE, '/'));
    return;
  }
  if (TECHNICIAN_API.test(url.pathname)) {
    event.respondWith(networkFirst(request, DATA_CACHE));
    return;
  }
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((kept) => kept ?? fetch(request)));
  }
});
