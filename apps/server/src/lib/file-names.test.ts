import { describe, expect, it } from 'vitest';
import { attachmentDisposition, sanitizeFileName } from './file-names.ts';

describe('sanitizeFileName', () => {
  it.each([
    ['sds.pdf', 'sds.pdf'],
    ['evil.exe', 'evil.pdf'],
    ['archive.tar.gz', 'archive.tar.pdf'],
    ['no extension', 'no extension.pdf'],
    ['/var/www/../../etc/passwd', 'passwd.pdf'],
    ['..\\..\\boot.ini', 'boot.pdf'],
    ['quote"and\\slash.pdf', 'slash.pdf'],
    ['quote"d.pdf', 'quote_d.pdf'],
    ['tab\tand\u0000nul\u001f.pdf', 'tab andnul.pdf'],
    ['  spaced   out  .pdf', 'spaced out.pdf'],
    ['CON.pdf', '_CON.pdf'],
    ['lpt1', '_lpt1.pdf'],
    ['...', 'file.pdf'],
    ['', 'file.pdf'],
    [undefined, 'file.pdf'],
  ])('%j → %j', (name, expected) => {
    expect(sanitizeFileName(name, '.pdf')).toBe(expected);
  });

  it('caps the name at 255 characters without splitting a character', () => {
    const name = sanitizeFileName(`${'😀'.repeat(300)}.pdf`, '.pdf');
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('😀.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Ficha (español) 100%.pdf')).toBe(
      `attachment; filename="Ficha (espa_ol) 100_.pdf"; filename*=UTF-8''Ficha%20%28espa%C3%B1ol%29%20100%25.pdf`,
    );
  });

  it('never lets a name break out of the header', () => {
    const header = attachmentDisposition('a"\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_Set-Cookie_ x=1.pdf"')).toBe(true);
  });
});
