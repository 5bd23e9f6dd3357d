import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_NAME_PATTERN } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { verifyArchive } from '../../backup/read-archive.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 32: `BACKUP_EVERY` fires. Two archives from January are already in `BACKUP_DIR` (the
 * last one months older than a period), so the schedule's first backup is due at once (a second
 * after the start); `BACKUP_KEEP` 2 then keeps the new one and the newer old one.
 */
const HOUR_MS = 60 * 60 * 1000;
const OLD = [
  'chemtrack-backup-2026-01-01T00-00-00-000Z.tar',
  'chemtrack-backup-2026-01-02T00-00-00-000Z.tar',
];
let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-backup-schedule-'));
  for (const name of OLD) {
    fs.writeFileSync(path.join(dir, name), 'an old archive');
    fs.writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify({ created_at: `${name.slice(17, 27)}T00:00:00.000Z`, tables: 1, rows: 1, files: 0 }),
    );
  }
  ctx = await createTestContext({ backupDir: dir, backupEveryMs: HOUR_MS, backupKeep: 2 });
  await create.customer(ctx, { name: 'Scheduled Customer' });
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('takes one a period after the last, prunes to BACKUP_KEEP and plans the next a period later', async () => {
    const schedule = ctx.app.backupSchedule;
    if (!schedule) throw new Error('the schedule is off');
    await schedule.ran(1);

    const list = (await ctx.call('admin', { method: 'GET', url: '/backups/list' })).json().resource;
    expect(list.items.map((item: { name: string }) => item.name)).toEqual([list.items[0].name, OLD[1]]);
    const [taken] = list.items;
    expect(taken.name).toMatch(BACKUP_NAME_PATTERN);
    expect(taken.name).not.toBe(OLD[1]);
    expect(list.is_stale).toBe(false);
    expect(list.every_hours).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [OLD[1], `${OLD[1]}.json`, taken.name, `${taken.name}.json`].sort(),
    );

    const manifest = await verifyArchive(fs.createReadStream(path.join(dir, taken.name)));
    expect(manifest.tables.find((table) => table.table === 'customers')?.rows).toBeGreaterThanOrEqual(1);
    expect(schedule.nextAt()).toBe(Date.parse(taken.created_at) + HOUR_MS);
  }, 180_000);
});
