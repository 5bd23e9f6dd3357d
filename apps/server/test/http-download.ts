import { once } from 'node:events';
import http from 'node:http';

export interface HttpDownload {
  response: http.IncomingMessage;
  body: Buffer;
  /**
   * The body's own failure, if node reported one ('aborted' for a response cut off before its end;
   * whether the event comes depends on timing, `response.complete` false does not).
   */
  error: Error | undefined;
}

/**
 * A GET read to its end with node's own client: unlike fetch, it gives the trailers (sent after
 * the body: Print All SDS's counts), and it tells a body cut off before its end from a whole one.
 */
export async function downloadOverHttp(url: string, headers: Record<string, string>): Promise<HttpDownload> {
  const request = http.get(url, { headers });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  // Settled at 'close', which comes after 'end' or after the error of a body cut off: by then
  // `response.complete` says for good whether the whole message came.
  let error: Error | undefined;
  response.on('error', (cause: Error) => {
    error = cause;
  });
  // Not events.once: it would reject on the 'error' heard above.
  await new Promise((resolve) => response.once('close', resolve));
  return { response, body: Buffer.concat(chunks), error };
}
