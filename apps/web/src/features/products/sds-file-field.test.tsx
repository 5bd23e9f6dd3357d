import type { StoredFile } from '@chemtrack/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SdsFileField } from './sds-file-field.tsx';

/** A stand-in for XMLHttpRequest: the test decides the progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const PDF_BYTES = `%PDF-1.4\n${'x'.repeat(2000)}\n%%EOF`;

function Harness({ initial = null, onRemove }: { initial?: StoredFile | null; onRemove?: () => void }) {
  const [file, setFile] = useState<StoredFile | null>(initial);
  return (
    <SdsFileField
      id="sds"
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
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads a PDF with progress, then shows its name and size and disables another upload', async () => {
    render(<Harness />);
    const pdf = new File([PDF_BYTES], 'Acetone SDS.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('SDS File'), pdf);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/admin/v1/file/upload');
    expect((xhr?.body?.get('file') as File | undefined)?.name).toBe('Acetone SDS.pdf');
    expect(screen.getByText(/Uploading\.\.\./)).toBeTruthy();

    xhr?.progress(512, 1024);
    expect(await screen.findByText('Uploading... 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );

    xhr?.respond(201, {
      message: 'File uploaded',
      file: {
        filepath: 'sds/2025/01/a.pdf',
        original_name: 'Acetone SDS.pdf',
        mime_type: 'application/pdf',
        size: 1536,
      },
    });
    expect(await screen.findByText('Acetone SDS.pdf')).toBeTruthy();
    expect(screen.getByText('(1.5 KB)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload SDS File' })).toHaveProperty('disabled', true);
  });

  it("shows the server's refusal under the field", async () => {
    render(<Harness />);
    await userEvent.upload(
      screen.getByLabelText('SDS File'),
      new File([PDF_BYTES], 'sheet.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]?.respond(415, {
      message: 'Only PDF files are allowed',
      errors: { file: ['Only PDF files are allowed'] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Only PDF files are allowed');
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
