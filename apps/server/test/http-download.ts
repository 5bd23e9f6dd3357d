import { once } from 'node:events';
import http from 'node:http';

export interface HttpDownload {
  response: http.IncomingMessage;
  body: Buffer;
  /** The body's own failure (node says 'aborted' for a response cut off before its end), if any. */
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
  const error = await new Promise<Error | undefined>((resolve) => {
    response.once('end', () => resolve(undefined));
    response.once('error', resolve);
  });
  return { response, body: Buffer.concat(chunks), error };
}
