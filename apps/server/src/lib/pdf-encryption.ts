/**
 * Whether a PDF is encrypted, told from its bytes as they stream past: an encrypted file's
 * trailer (or cross-reference stream dictionary) has an `/Encrypt` entry (ISO 32000-2 §7.6.1).
 * Owner-password-only SDS files open in any viewer, so they are accepted; but pdf-lib cannot
 * decrypt them, so Print All SDS lists them as not included, and the upload answer says so.
 * A chance `/Encrypt` inside some other stream only costs a needless warning.
 */
const KEY = Buffer.from('/Encrypt', 'latin1');

/** A byte that may continue a PDF name: `/EncryptMetadata` is not the `/Encrypt` key. */
function isNameCharacter(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

export function createPdfEncryptionScanner() {
  // The end of the previous chunk, so a key split across two chunks is still found.
  let carry = Buffer.alloc(0);
  let isEncrypted = false;
  return {
    push(chunk: Buffer): void {
      if (isEncrypted) return;
      const window = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      let at = window.indexOf(KEY);
      while (at !== -1) {
        const next = at + KEY.length;
        if (next >= window.length) break;
        if (!isNameCharacter(window[next])) {
          isEncrypted = true;
          return;
        }
        at = window.indexOf(KEY, at + 1);
      }
      // Keep enough to hold the key and the byte after it.
      carry = Buffer.from(window.subarray(Math.max(0, window.length - KEY.length)));
    },
    get isEncrypted(): boolean {
      return isEncrypted;
    },
  };
}
