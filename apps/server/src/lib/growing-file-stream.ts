import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * A file another thread is still writing, read as it grows: the writer tells how far the file is
 * written (`grewTo`), the stream reads up to there and waits for more, and it ends once the writer
 * says it is done (`finish`). A writer that fails ends it with the writer's error (`destroy`), so a
 * consumer sees a failure, never a short file that looks whole.
 *
 * Reads are positional (from byte 0 of the file, whatever position the writer's descriptor is at).
 * `close` runs once the stream is finished or destroyed, before the handle is closed: the caller
 * stops the writer there, so the descriptor is never closed under a thread still writing to it.
 */
export class GrowingFileReadable extends Readable {
  private position = 0;
  private written = 0;
  private isFinished = false;
  private isReading = false;
  private isWanted = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly options: { chunkBytes: number; close: () => Promise<void> },
  ) {
    super({ highWaterMark: options.chunkBytes });
  }

  /** The file holds `bytes` bytes now. */
  grewTo(bytes: number): void {
    this.written = Math.max(this.written, bytes);
    if (this.isWanted) void this.readMore();
  }

  /** The writer is done: the file is `bytes` long and will not grow. */
  finish(bytes: number): void {
    this.grewTo(bytes);
    this.isFinished = true;
    if (this.isWanted) void this.readMore();
  }

  override _read(): void {
    this.isWanted = true;
    void this.readMore();
  }

  private async readMore(): Promise<void> {
    if (this.isReading || this.destroyed) return;
    if (this.position >= this.written) {
      if (this.isFinished) this.push(null);
      // Otherwise `isWanted` stays set and the next `grewTo` reads.
      return;
    }
    this.isReading = true;
    this.isWanted = false;
    const length = Math.min(this.options.chunkBytes, this.written - this.position);
    const buffer = Buffer.allocUnsafe(length);
    try {
      const { bytesRead } = await this.handle.read(buffer, 0, length, this.position);
      if (bytesRead === 0)
        throw new Error(`the file ended at ${this.position} bytes, ${this.written} were written`);
      this.position += bytesRead;
      this.isReading = false;
      if (!this.destroyed) this.push(buffer.subarray(0, bytesRead));
    } catch (error) {
      this.isReading = false;
      this.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.options
      .close()
      .catch(() => {})
      .then(() => this.handle.close())
      .then(
        () => callback(error),
        (closeError: unknown) => callback(error ?? (closeError as Error)),
      );
  }
}
