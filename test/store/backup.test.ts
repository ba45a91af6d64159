/**
 * The SQLite online backup under writes that never pause (src/store/backup.ts): each commit between
 * two steps makes SQLite start the copy again, so after a few restarts the rest is copied in one
 * step. The backup finishes, and holds one committed state: every row written before it started,
 * none half-written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parseDatabaseUrl } from '../../src/store';
import { backupSqlite } from '../../src/store/backup';
import { freshDatabase, type FreshDatabase } from '../support/databases';

describe('backupSqlite', () => {
  let database: FreshDatabase;
  let folder: string;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    folder = mkdtempSync(join(tmpdir(), 'toolgraph-backup-store-'));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('finishes under a write between every two steps, with every row committed before it started', async () => {
    const target = parseDatabaseUrl(database.url);
    if (target.provider !== 'sqlite') throw new Error('a SQLite URL');
    const writer = new Database(target.file);
    // 16 MiB of rows: four steps of 4 MiB, so that writes land between steps.
    writer.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)');
    const insert = writer.prepare('INSERT INTO filler (payload) VALUES (?)');
    writer.transaction(() => {
      for (let i = 0; i < 256; i++) insert.run(Buffer.alloc(64 * 1024, i));
    })();
    const before = 256;

    // A commit on another connection at every turn of the event loop, where the backup takes its steps.
    let writing = true;
    let written = 0;
    const write = () => {
      if (!writing) return;
      insert.run(Buffer.alloc(1024, 1));
      written++;
      setImmediate(write);
    };
    setImmediate(write);
    const report = await backupSqlite(target.file, join(folder, 'busy.db')).finally(() => (writing = false));
    writer.close();

    expect(report.restarts).toBeGreaterThanOrEqual(3);
    expect(written).toBeGreaterThan(report.restarts);
    const copy = new Database(report.file, { readonly: true });
    const rows = Number(copy.prepare('SELECT COUNT(*) FROM filler').pluck().get());
    expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    copy.close();
    expect(rows).toBeGreaterThanOrEqual(before);
    expect(rows).toBeLessThanOrEqual(before + written);
  });
});
