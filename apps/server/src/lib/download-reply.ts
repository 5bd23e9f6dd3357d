import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './file-names.ts';

/** What a download answers about its file. */
export interface Download {
  /** The file's media type, as stored or as drawn. */
  type: string;
  /** The name the browser saves it under. */
  name: string;
  /** Its length in bytes, when known before the first byte goes out. */
  size?: number;
  /**
   * The name is plain ASCII the server chose (a backup's): sent as `filename="…"` alone, without
   * the encoded `filename*` copy a user's file name needs.
   */
  isPlainName?: boolean;
}

/**
 * Sends a file as a download: an attachment never rendered inline (an uploaded file could run as
 * this origin), not sniffed into another type, and not kept by a cache (a report or an SDS is a
 * customer's data). The security plugin sets the last two on every API answer as well; here they
 * stay with the download whatever that plugin becomes.
 */
export function sendDownload(reply: FastifyReply, file: Download, body: unknown): FastifyReply {
  reply
    .header('Content-Type', file.type)
    .header(
      'Content-Disposition',
      file.isPlainName ? `attachment; filename="${file.name}"` : attachmentDisposition(file.name),
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');
  if (file.size !== undefined) reply.header('Content-Length', file.size);
  return reply.send(body);
}
