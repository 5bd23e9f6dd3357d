import { type StoredFile, UPLOAD_MSG } from '@chemtrack/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { realApiServer } from '../../test/api-server.ts';
import { SdsFileField } from './sds-file-field.tsx';

// The real server's upload limit, small so a real 413 costs little to provoke.
const UPLOAD_MAX_BYTES = 50 * 1024;
const server = realApiServer({ uploadMaxBytes: UPLOAD_MAX_BYTES });

/** A PDF of exactly `size` bytes, by its first bytes (what both the field and the server check). */
function pdfBytes(size: number): string {
  const head = '%PDF-1.4\n';
  const tail = '\n%%EOF';
  return `${head}${'x'.repeat(size - head.length - tail.length)}${tail}`;
}

/** The upload requests the server received. */
async function uploads() {
  return (await server.requests()).filter((request) => request.url === '/api/admin/v1/file/upload?kind=sds');
}

function Harness({
  initial = null,
  onRemove,
  kind,
}: {
  initial?: StoredFile | null;
  onRemove?: () => void;
  kind?: 'sds' | 'sds-photo';
}) {
  const [file, setFile] = useState<StoredFile | null>(initial);
  return (
    <SdsFileField
      id="sds"
      {...(kind ? { kind } : {})}
      file={file}
      isSaved={false}
      onUploaded={setFile}
      onRemove={() => {
        onRemove?.();
        setFile(null);
      }}
    />
  );
}

describe('SdsFileField', () => {
  it('refuses a file that is not a PDF by its first bytes, whatever its name, without uploading it', async () => {
    render(<Harness />);
    const fake = new File(['GIF89a not a pdf'], 'sheet.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('SDS File'), fake);
    expect(await screen.findByText('Only PDF files are allowed')).toBeTruthy();
    expect(await uploads()).toEqual([]);
  });

  it('uploads a PDF with progress, then shows its name and size and disables another upload', async () => {
    // The server stores the file and sends its status line, then waits: the upload is complete
    // (jsdom reports upload progress when the answer starts) but the answer is not in yet.
    await server.hold('response');
    render(<Harness />);
    const pdf = new File([pdfBytes(1536)], 'Acetone SDS.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('SDS File'), pdf);
    expect(await screen.findByText('Uploading... 100%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    const [sent, ...others] = await uploads();
    expect(others).toEqual([]);
    expect(sent).toMatchObject({ method: 'POST', app_key: server.appKey });
    expect(sent?.content_type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.authorization).toBe(`Bearer ${server.tokens.admin}`);

    await server.release();
    expect(await screen.findByText('Acetone SDS.pdf')).toBeTruthy();
    expect(screen.getByText('(1.5 KB)')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload SDS File' })).toHaveProperty('disabled', true);
  });

  it('keeps an encrypted PDF and says Print All SDS will leave it out', async () => {
    render(<Harness />);
    const encrypted = new File(
      ['%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n<< /Root 1 0 R /Encrypt 2 0 R >>\n%%EOF'],
      'Locked SDS.pdf',
      { type: 'application/pdf' },
    );
    await userEvent.upload(screen.getByLabelText('SDS File'), encrypted);
    expect(await screen.findByText('Locked SDS.pdf')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(UPLOAD_MSG.encryptedPdf);
    await userEvent.click(screen.getByRole('button', { name: 'Remove SDS File' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's refusal under the field: a PDF over the upload limit is a 413", async () => {
    const before = (await uploads()).length;
    render(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('SDS File'),
      new File([pdfBytes(UPLOAD_MAX_BYTES + 1024)], 'sheet.pdf', { type: 'application/pdf' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The file may not be greater than 50 KB');
    expect(await uploads()).toHaveLength(before + 1);
    expect(screen.queryByText('sheet.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload SDS File' })).toHaveProperty('disabled', false);
  });

  it('shows sizes in MB and asks before removing the file', async () => {
    const onRemove = vi.fn();
    render(
      <Harness
        onRemove={onRemove}
        initial={{
          filepath: 'sds/2025/01/b.pdf',
          original_name: 'Big SDS.pdf',
          mime_type: 'application/pdf',
          size: 3 * 1024 * 1024,
        }}
      />,
    );
    expect(screen.getByText('(3 MB)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove SDS File' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete SDS File');
    expect(dialog.textContent).toContain('Are you sure you want to delete this SDS file?');
    expect(onRemove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onRemove).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('Big SDS.pdf')).toBeNull());
    expect(screen.getByRole('button', { name: 'Upload SDS File' })).toHaveProperty('disabled', false);
  });
});

/** A real 1×1 PNG. */
const ONE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

describe('SdsFileField for a new product a line names (issue 22)', () => {
  const photoUploads = async () =>
    (await server.requests()).filter((request) => request.url === '/api/admin/v1/file/upload?kind=sds-photo');

  it('offers PDF and photos, and refuses a text file named .jpg by its first bytes without uploading it', async () => {
    render(<Harness kind="sds-photo" />);
    const input = screen.getByLabelText('SDS or Label Photo');
    expect(input.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png');
    expect(screen.getByText('No file uploaded (PDF, or a JPEG or PNG photo of the label).')).toBeTruthy();
    await userEvent.upload(input, new File(['not a photo'], 'label.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only PDF, JPEG and PNG files are allowed');
    expect(await photoUploads()).toEqual([]);
  });

  it('uploads a PNG photo, which the server keeps as a PDF', async () => {
    render(<Harness kind="sds-photo" />);
    await userEvent.upload(
      screen.getByLabelText('SDS or Label Photo'),
      new File([ONE_PIXEL_PNG], 'label.png', { type: 'image/png' }),
    );
    expect((await screen.findByTestId('sds-file-name', {}, { timeout: 15_000 })).textContent).toBe(
      'label.pdf',
    );
    expect(await photoUploads()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Upload SDS or Photo' })).toHaveProperty('disabled', true);
  });
});
