import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const DATA_DIR = '/srv/chemtrack';
const BUCKET = 's3://key:secret@chemtrack-files?endpoint=http://127.0.0.1:9000';
const backup = (env: Record<string, string>) => {
  const { backupDir, backupPrefix, backupEveryMs, backupKeep } = loadConfig({ DATA_DIR, ...env });
  return { backupDir, backupPrefix, backupEveryMs, backupKeep };
};

describe('backup settings', () => {
  it('back up every 24 h by default on the embedded database, never by default on PostgreSQL', () => {
    expect(backup({})).toEqual({
      backupDir: path.join(DATA_DIR, 'backups'),
      backupPrefix: undefined,
      backupEveryMs: 24 * 60 * 60 * 1000,
      backupKeep: 7,
    });
    expect(backup({ DATABASE_URL: 'postgres://app@db/chemtrack' }).backupEveryMs).toBe(0);
    expect(backup({ DATABASE_URL: 'postgres://app@db/chemtrack', BACKUP_EVERY: '7d' }).backupEveryMs).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    expect(backup({ BACKUP_EVERY: '90m' }).backupEveryMs).toBe(90 * 60 * 1000);
    expect(backup({ BACKUP_EVERY: 'off' }).backupEveryMs).toBe(0);
    expect(() => backup({ BACKUP_EVERY: 'daily' })).toThrow('BACKUP_EVERY must be like 24h, 90m, 7d or off');
  });

  it('keep archives in the bucket under BACKUP_DIR as a prefix when STORAGE_URL names one', () => {
    expect(backup({ STORAGE_URL: BUCKET })).toMatchObject({
      backupDir: path.join(DATA_DIR, 'backups'),
      backupPrefix: 'backups/',
    });
    expect(backup({ STORAGE_URL: BUCKET, BACKUP_DIR: 'chemtrack/nightly' }).backupPrefix).toBe(
      'chemtrack/nightly/',
    );
    // An absolute folder keeps them on this machine even with a bucket.
    expect(backup({ STORAGE_URL: BUCKET, BACKUP_DIR: '/mnt/backups' })).toMatchObject({
      backupDir: '/mnt/backups',
      backupPrefix: undefined,
    });
    expect(() => backup({ STORAGE_URL: BUCKET, BACKUP_DIR: '../elsewhere' })).toThrow(
      'BACKUP_DIR must be an absolute folder, or with STORAGE_URL=s3://… a key prefix like backups/',
    );
  });
});
