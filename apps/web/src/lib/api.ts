import { buildServerErrorMessage, type ListMeta, type ServerErrorBody } from '@chemtrack/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useSession } from './session.ts';
import { toast } from './toast.ts';

export const API_BASE = '/api/admin/v1';
const DEV_APP_KEY = 'chemtrack-dev-app-key';

/** The server writes the application key into the page it serves. */
function appKey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="chemtrack-app-key"]');
  return meta?.content || DEV_APP_KEY;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ServerErrorBody,
  ) {
    super(body.message ?? 'Error');
  }
  get description(): string {
    return buildServerErrorMessage(this.body);
  }
  /** The first message the server gave for one field, as a form shows it under the field. */
  fieldMessage(field: string): string | undefined {
    const messages = this.body.errors?.[field];
    return Array.isArray(messages) ? messages[0] : messages;
  }
}

/**
 * No answer at all: the request never reached the server or its answer never came back (offline,
 * the connection cut mid-save). Unlike an `ApiError`, the server may not know of the request.
 */
export class NetworkError extends Error {
  constructor() {
    super('No connection to the server.');
    this.name = 'NetworkError';
  }
}

/**
 * A file whose answer began but never reached its end: the server failed halfway through a file
 * it sends as it makes it (Print All SDS), or the connection dropped. Nothing is saved.
 */
export class IncompleteDownloadError extends Error {
  constructor() {
    super('The download stopped before the file was complete, so nothing was saved. Try again.');
    this.name = 'IncompleteDownloadError';
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function toSearchParams(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

let onUnauthorized: () => void = () => {};
/** Set once by the app: what a 401 does (clear session, notice, /login). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Headers of this call besides the app key and the session (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** The headers every call carries: the application key and, when signed in, the bearer token. */
function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Key': appKey() };
  const token = useSession.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The one way a failed answer becomes an error; a 401 on a signed-in call ends the session. */
function failure(status: number, body: ServerErrorBody, hadToken: boolean): ApiError {
  if (status === 401 && hadToken) onUnauthorized();
  return new ApiError(status, body);
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = { ...options.headers, ...authHeaders() };
  let body: BodyInit | undefined;
  // Spec 01 §7: every request carries a JSON content type (a form upload sets its own).
  if (options.body instanceof FormData) body = options.body;
  else {
    headers['Content-Type'] = 'application/json';
    if (options.body !== undefined) body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toSearchParams(options.params)}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // fetch rejects with a TypeError for a network failure; a cancelled call stays an AbortError.
    if (error instanceof TypeError) throw new NetworkError();
    throw error;
  }
  if (!response.ok) {
    const errorBody = (await response
      .json()
      .catch(() => ({ message: response.statusText }))) as ServerErrorBody;
    throw failure(response.status, errorBody, headers.Authorization !== undefined);
  }
  return response;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
    apiRequest<T>('GET', path, { params, signal }),
  post: <T>(path: string, body?: unknown, params?: QueryParams, signal?: AbortSignal) =>
    apiRequest<T>('POST', path, { body, params, signal }),
  patch: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    apiRequest<T>('PATCH', path, { body, signal }),
  delete: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('DELETE', path, { signal }),
  /** A file answer (a PDF, a spreadsheet): its bytes and the name the server gave it. */
  download: async (path: string, params?: QueryParams, signal?: AbortSignal): Promise<DownloadedFile> =>
    fileOf(await send('GET', path, { params, signal }), signal),
  /** A file made from a posted body (a report): as `download`, with the request in the body. */
  downloadPost: async (path: string, body: unknown, signal?: AbortSignal): Promise<DownloadedFile> =>
    fileOf(await send('POST', path, { body, signal }), signal),
};

export interface DownloadedFile {
  blob: Blob;
  filename: string | undefined;
  /** The answer's media type without parameters ("application/pdf"); '' when it gave none. */
  contentType: string;
  /** The answer's headers (a file's warnings may come in one). */
  headers?: Headers;
}

async function fileOf(response: Response, signal?: AbortSignal): Promise<DownloadedFile> {
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // A stop (Cancel, leaving the page) stays an abort; any other failure of the body is a file
    // cut off after it began.
    if (signal?.aborted) throw error;
    throw new IncompleteDownloadError();
  }
  return {
    blob,
    filename: filenameFromDisposition(response.headers.get('Content-Disposition')),
    contentType: (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
    headers: response.headers,
  };
}

/** `attachment; filename="a b.pdf"; filename*=UTF-8''a%20b.pdf` → "a b.pdf" (the encoded form wins). */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

/**
 * Sends one file as multipart field `file`. XMLHttpRequest, not fetch: only it reports upload
 * progress. Failures become the same `ApiError` as every other call.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
  /** Form fields sent before the file (a Tier II import's `customer_id`). */
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const headers = authHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          failure(
            xhr.status,
            (body as ServerErrorBody | undefined) ?? { message: xhr.statusText || 'Upload failed' },
            headers.Authorization !== undefined,
          ),
        );
    });
    xhr.addEventListener('error', () => reject(new Error('The upload failed. Check the connection.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}

/** The default notice for a failed call: destructive, 5 s, message as title, fields as text. */
export function showApiError(error: unknown) {
  if (error instanceof ApiError) {
    if (error.status === 401) return;
    const title = error.body.message ?? 'Error';
    // A message-only answer gives its message as both title and text (spec 01 §8): said once.
    // Only here: a notice a page writes as "Error" / "Error" (a failed reset) keeps both.
    const description = error.description;
    toast({
      variant: 'destructive',
      title,
      description: description === title ? undefined : description,
      duration: 5000,
    });
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast({
    variant: 'destructive',
    title: 'Error',
    description: error instanceof Error ? error.message : String(error),
  });
}

/** Puts the server's field errors under the form's fields; true when any field matched. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.body.errors) return false;
  let matched = false;
  for (const field of Object.keys(error.body.errors)) {
    const message = error.fieldMessage(field);
    if (!message) continue;
    setError(field as Path<T>, { type: 'server', message });
    matched = true;
  }
  return matched;
}

export interface ListResponse<T> {
  resource: {
    items: T[];
    meta: ListMeta;
  };
}
export interface ResourceResponse<T> {
  message?: string;
  resource: T;
}
