import { describe, expect, it } from 'vitest';
import { createPdfEncryptionScanner } from './pdf-encryption.ts';

function scan(...chunks: string[]): boolean {
  const scanner = createPdfEncryptionScanner();
  for (const chunk of chunks) scanner.push(Buffer.from(chunk, 'latin1'));
  return scanner.isEncrypted;
}

describe('createPdfEncryptionScanner', () => {
  it('finds the /Encrypt key of a trailer, with a reference or a dictionary after it', () => {
    expect(scan('trailer\n<< /Size 9 /Root 1 0 R /Encrypt 8 0 R >>')).toBe(true);
    expect(scan('<</Type/XRef/Encrypt<</Filter/Standard>>>>')).toBe(true);
  });

  it('finds a key split across chunks, however it is cut', () => {
    const text = 'trailer << /Encrypt 8 0 R >>';
    for (let cut = 1; cut < text.length; cut++) {
      expect(scan(text.slice(0, cut), text.slice(cut)), `cut at ${cut}`).toBe(true);
    }
    expect(scan('/Enc', 'ry', 'pt', ' 5 0 R')).toBe(true);
  });

  it('does not take another name that starts the same for the key', () => {
    expect(scan('<< /EncryptMetadata false >>')).toBe(false);
    expect(scan('<< /Encrypt', 'ed true >>')).toBe(false);
    expect(scan('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj')).toBe(false);
  });
});
