import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GrowingFileReadable } from './growing-file-stream.ts';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-growing-'));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A file written here in steps, read through the stream; `closed` lists what closing did, in order. */
async function growing(chunkBytes = 4) {
  const handle = await fs.promises.open(path.join(folder, 'growing.bin'), 'w+');
  const closed: string[] = [];
  const stream = new GrowingFileReadable(handle, {
    chunkBytes,
    close: async () => {
      // The descriptor is still open when the writer is stopped; a closed FileHandle's fd is -1.
      closed.push(handle.fd === -1 ? 'writer stopped after the file closed' : 'writer stopped');
    },
  });
  stream.once('close', () => closed.push(handle.fd === -1 ? 'handle closed' : 'handle left open'));
  let length = 0;
  const write = async (text: string) => {
    await handle.write(text, length);
    length += text.length;
    stream.grewTo(length);
  };
  return { stream, handle, write, closed, length: () => length };
}

/** The next `count` bytes the stream gives, waiting for them as a consumer would. */
async function readBytes(stream: GrowingFileReadable, count: number): Promise<string> {
  let text = '';
  while (text.length < count) {
    const chunk = stream.read() as Buffer | null;
    if (chunk === null) await new Promise((resolve) => stream.once('readable', resolve));
    else text += chunk.toString();
  }
  return text;
}

describe('GrowingFileReadable', () => {
  it('reads what is written so far, waits for more, and ends once the writer finishes', async () => {
    const { stream, write, closed, length } = await growing();
    await write('%PDF-1.7\n');
    expect(await readBytes(stream, 9)).toBe('%PDF-1.7\n');
    // Caught up with the writer: nothing more to give, and not the end either.
    expect([stream.read(), stream.readableEnded]).toEqual([null, false]);
    await write('1 0 obj\n');
    expect(await readBytes(stream, 8)).toBe('1 0 obj\n');
    await write('%%EOF\n');
    stream.finish(length());
    const rest: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => rest.push(chunk));
    await new Promise((resolve) => stream.once('close', resolve));
    expect(Buffer.concat(rest).toString()).toBe('%%EOF\n');
    expect(stream.readableEnded).toBe(true);
    expect(closed).toEqual(['writer stopped', 'handle closed']);
  });

  it('ends with the writer error, after stopping the writer and closing the file', async () => {
    const { stream, write, closed } = await growing();
    await write('%PDF-1.7\n');
    expect(await readBytes(stream, 9)).toBe('%PDF-1.7\n');
    const failed = new Promise<Error>((resolve) => stream.once('error', resolve));
    stream.destroy(new Error('the merge worker stopped'));
    expect((await failed).message).toBe('the merge worker stopped');
    expect(stream.readableEnded).toBe(false);
    expect(closed).toEqual(['writer stopped', 'handle closed']);
  });

  it('never reads past what the writer said is written', async () => {
    const { stream, handle, closed } = await growing(64);
    // Bytes in the file the writer has not yet announced are not read: the first read is 4 bytes
    // though it could take 64, and the next starts after them.
    await handle.write('%PDF-1.7\n', 0);
    stream.grewTo(4);
    expect(await readBytes(stream, 1)).toBe('%PDF');
    stream.grewTo(9);
    expect(await readBytes(stream, 1)).toBe('-1.7\n');
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(closed).toEqual(['writer stopped', 'handle closed']);
  });
});
