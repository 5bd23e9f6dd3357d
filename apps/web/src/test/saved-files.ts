import { vi } from 'vitest';

/**
 * Catches the files the page saves. jsdom has no blob URLs: each file is caught where the page
 * makes its link (`URL.createObjectURL`), and the link's click is recorded instead of followed.
 * `vi.unstubAllGlobals` and `vi.restoreAllMocks` undo it.
 */
export function catchSavedFiles() {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        saved.push(blob);
        return 'blob:saved-file';
      }
      static override revokeObjectURL() {}
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { saved, click };
}
