import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, signIn, startReadyServer, startServer, tempDir } from './harness.ts';

// The embedded database: the one a second process could corrupt (PGlite has no lock of its own).
afterAll(cleanUp);

describe('a second process on the same PGlite folder', () => {
  it('is refused while the first runs; a lock left by a killed process is taken over', async () => {
    const dataDir = tempDir('second');
    const first = await startReadyServer({ dataDir });
    const second = await startServer({ dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another ChemTrack process (pid ${first.child.pid}) is already using ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
    // The refused process touched nothing: the first still serves.
    expect(await signIn(first)).toMatch(/.+/);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8')).toBe(String(first.child.pid));
    const third = await startReadyServer({ dataDir });
    expect(third.output()).toContain('Sign in with an existing account.');
    expect(await signIn(third)).toMatch(/.+/);
  });
});
