import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** Hashes and counts what passes through. */
export class Digest extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  /** Newlines seen: one per row in COPY text format (a newline inside a value is written `\n`). */
  lines = 0;
  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.lines++;
    done(null, chunk);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}
