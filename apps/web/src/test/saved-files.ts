import { vi } from 'vitest';

/**
 * jsdom has no blob URLs: each file a page saves is caught where the page makes its link
 * (`saved`), and the link's click is stubbed (`click`, whose contexts are the links).
 */
export function catchSavedFiles(url = 'blob:saved') {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        saved.push(blob);
        return url;
      }
      static override revokeObjectURL() {}
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { saved, click };
}
