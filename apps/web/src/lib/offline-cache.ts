/** The service worker's copy of the technician's data (apps/web/sw/service-worker.js). */
const DATA_CACHE = 'chemtrack-technician-data';

/**
 * Registers the service worker that opens the technician's pages offline (issue 33 point 8).
 * Production builds only: the dev server's modules change under it, and tests run none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works online as before; only the offline opening is lost.
    });
  });
}

/** Signing out leaves none of the user's data on a shared device, the offline copy included. */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(DATA_CACHE);
  } catch {
    // Nothing kept, or nowhere to keep it.
  }
}
