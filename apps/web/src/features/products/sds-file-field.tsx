import { formatFileSize, type StoredFile, UPLOAD_MSG } from '@chemtrack/domain';
import { Download, FileText, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { uploadSdsFile, uploadSdsOrPhoto } from './api.ts';
import { hasPdfSignature, hasSdsOrPhotoSignature } from './sds-file.ts';

/**
 * What the field takes: a product's SDS (PDF only), or the SDS of a new product a line names,
 * which may be a photo of the label (issue 22; the phone offers its camera for `image/*` types).
 */
const SDS_FIELD_KINDS = {
  sds: {
    label: 'SDS File',
    button: 'Upload SDS File',
    accept: 'application/pdf',
    none: 'No file uploaded (PDF only).',
    refusal: UPLOAD_MSG.pdfOnly,
    isAccepted: hasPdfSignature,
    upload: uploadSdsFile,
  },
  'sds-photo': {
    label: 'SDS or Label Photo',
    button: 'Upload SDS or Photo',
    accept: 'application/pdf,image/jpeg,image/png',
    none: 'No file uploaded (PDF, or a JPEG or PNG photo of the label).',
    refusal: UPLOAD_MSG.sdsOrPhotoTypes,
    isAccepted: hasSdsOrPhotoSignature,
    upload: uploadSdsOrPhoto,
  },
} as const;

function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError)
    return error.fieldMessage('file') ?? error.body.message ?? 'The upload failed.';
  return error instanceof Error ? error.message : 'The upload failed.';
}

/**
 * The SDS file of a product: upload (PDF only, with progress), the file's name and size, a
 * download of the saved file, and removal after a confirmation. What removal does (delete the
 * saved file on the server, or just forget a fresh upload) is the form's call.
 */
export function SdsFileField({
  id,
  kind = 'sds',
  file,
  isSaved,
  onUploaded,
  onUploadingChange,
  onRemove,
  onDownload,
  isRemoving,
  isDownloading,
  disabled,
  error,
}: {
  id: string;
  kind?: keyof typeof SDS_FIELD_KINDS;
  file: StoredFile | null;
  /** The file is the product's saved SDS (not a fresh upload). */
  isSaved: boolean;
  /** The stored file, and the file chosen (the product form has the SDS read from it). */
  onUploaded: (file: StoredFile, chosen: File) => void;
  /** Told when an upload starts and ends: the form waits for it before saving. */
  onUploadingChange?: (isUploading: boolean) => void;
  onRemove: () => void;
  onDownload?: () => void;
  isRemoving?: boolean;
  isDownloading?: boolean;
  disabled?: boolean;
  /** A message from the form (the server's field error on save). */
  error?: string | undefined;
}) {
  const kindOf = SDS_FIELD_KINDS[kind];
  const input = useRef<HTMLInputElement | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // What the server says about a file it kept (an encrypted PDF Print All SDS cannot include).
  const [warning, setWarning] = useState<string | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const isUploading = progress !== null;
  const latestOnUploadingChange = useRef(onUploadingChange);
  latestOnUploadingChange.current = onUploadingChange;
  useEffect(() => latestOnUploadingChange.current?.(isUploading), [isUploading]);
  const onChoose = async (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setUploadError(null);
    setWarning(null);
    if (!(await kindOf.isAccepted(chosen))) {
      setUploadError(kindOf.refusal);
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const result = await kindOf.upload(chosen, setProgress, controller.signal);
      onUploaded(result.file, chosen);
      setWarning(result.warnings?.join(' ') || null);
    } catch (failure) {
      if (!controller.signal.aborted) setUploadError(uploadErrorText(failure));
    } finally {
      if (upload.current === controller) upload.current = null;
      setProgress(null);
    }
  };

  const message = uploadError ?? error;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {kindOf.label}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        accept={kindOf.accept}
        className="sr-only"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        disabled={disabled || isUploading || file !== null}
        onChange={(event) => void onChoose(event.target.files?.[0])}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={disabled || isUploading || file !== null}
          aria-describedby={message ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          <Upload className="h-4 w-4" aria-hidden />
          {kindOf.button}
        </Button>
        {isUploading ? (
          <div className="flex min-w-48 items-center gap-2 text-sm text-slate-600">
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-32 overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
            </div>
            <span>Uploading... {progress}%</span>
          </div>
        ) : null}
        {file ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm">
            <FileText className="h-4 w-4 text-red-600" aria-hidden />
            <span className="font-medium text-slate-800" data-testid="sds-file-name">
              {file.original_name}
            </span>
            <span className="text-slate-500">({formatFileSize(file.size)})</span>
            {isSaved && onDownload ? (
              <Button variant="link" size="sm" disabled={isDownloading} onClick={onDownload}>
                <Download className="h-4 w-4" aria-hidden />
                Download
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="icon"
              aria-label="Remove SDS File"
              title="Remove"
              disabled={disabled || isRemoving}
              onClick={() => setConfirmOpen(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : !isUploading ? (
          <span className="text-sm text-slate-500">{kindOf.none}</span>
        ) : null}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-xs text-red-600">
          {message}
        </p>
      ) : null}
      {file && warning ? (
        <p role="status" className="text-xs text-amber-800">
          {warning}
        </p>
      ) : null}
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete SDS File"
        description="Are you sure you want to delete this SDS file?"
        confirmLabel="Delete"
        variant="destructive"
        isPending={isRemoving}
        onConfirm={() => {
          setConfirmOpen(false);
          setUploadError(null);
          setWarning(null);
          onRemove();
        }}
      />
    </div>
  );
}
