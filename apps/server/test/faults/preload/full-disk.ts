import fs from 'node:fs';
import path from 'node:path';

/**
 * Test-only, loaded with `--import` by the disk-full scenario when the machine cannot mount a
 * small file system (not root): write streams under each folder of `FAULT_FULL_DIRS`
 * (`folder=bytes`, separated by the path delimiter) fail with ENOSPC past that many bytes, as a
 * full disk fails them.
 */
const limits = (process.env.FAULT_FULL_DIRS ?? '')
  .split(path.delimiter)
  .filter(Boolean)
  .map((entry) => {
    const [folder = '', bytes = '0'] = entry.split('=');
    return { folder: path.resolve(folder), bytes: Number(bytes) };
  });

const createWriteStream = fs.createWriteStream;

function limitedWriteStream(...args: Parameters<typeof fs.createWriteStream>): fs.WriteStream {
  const stream = createWriteStream(...args);
  const [target] = args;
  const limit =
    typeof target === 'string'
      ? limits.find(({ folder }) => path.resolve(target).startsWith(`${folder}${path.sep}`))
      : undefined;
  if (!limit) return stream;
  let written = 0;
  const write = stream._write.bind(stream);
  stream._write = (chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) => {
    written += chunk.length;
    if (written <= limit.bytes) return write(chunk, encoding, callback);
    const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write');
    error.code = 'ENOSPC';
    error.syscall = 'write';
    callback(error);
  };
  return stream;
}

Object.defineProperty(fs, 'createWriteStream', { value: limitedWriteStream });
