/**
 * `npm run db:backup -- <file>` and `npm run db:restore -- <file>`: backups of the database of
 * DATABASE_URL (docs/operators.md, "Backups").
 *
 * SQLite: `backup` writes a consistent copy of the database while servers use it (SQLite's online
 * backup); `restore` checks a backup (a toolgraph database that passes its integrity check) and puts
 * it in place of the database, for servers that are stopped, keeping what was there beside it.
 * Postgres: both print the `pg_dump` / `pg_restore` command to run, with the URL's parts and never its
 * password, and do nothing else.
 *
 * Exit codes: 0 done, 1 refused (the file is not a backup, or exists already), 2 usage or
 * configuration error, 3 failed otherwise (the message says how), 4 Postgres: nothing done, the
 * command to run was printed.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDatabaseUrl } from '../store';
import { BackupRefused, backupSqlite, postgresCommand, restoreSqlite, type BackupReport } from '../store/backup';
import { ConfigError, loadConfig } from './config';

const EXIT = { done: 0, refused: 1, usage: 2, failed: 3, postgres: 4 } as const;

const USAGE = `usage: npm run db:backup -- <file>     a consistent copy of the running registry's SQLite database, in a new file
       npm run db:restore -- <file>    put a backup back, with the servers stopped

Uses DATABASE_URL, like the server. On Postgres, prints the pg_dump or pg_restore command to run.`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [action, file, ...extra] = positionals;
  if (action !== 'backup' && action !== 'restore') throw new UsageError('the command is backup or restore (npm run db:backup / db:restore).');
  if (file === undefined || extra.length > 0) throw new UsageError('name one file.');
  const { databaseUrl } = loadConfig();
  const target = parseDatabaseUrl(databaseUrl);
  if (target.provider === 'postgres') {
    const { command, needsPassword } = postgresCommand(action, target.url, file);
    const what = action === 'backup' ? 'Back up a Postgres registry with pg_dump' : 'Restore a Postgres registry with pg_restore, its servers stopped';
    console.log(`${what}; nothing was done. Run:\n\n  ${command}\n`);
    if (needsPassword) console.log('It asks for the password of DATABASE_URL (not shown here): set PGPASSWORD or use ~/.pgpass.');
    return EXIT.postgres;
  }
  const path = resolve(file);
  if (action === 'backup') {
    const report = await backupSqlite(target.file, path);
    console.log(`Backed up ${target.file} to ${report.file}: ${describe(report)}.`);
    return EXIT.done;
  }
  const report = await restoreSqlite(path, target.file);
  console.log(`Restored ${path} into ${report.file}: ${describe(report)}.`);
  console.log(report.aside ? `What ${report.file} held before is in ${report.aside}.` : `There was no database at ${report.file} before.`);
  console.log('Start the server: it applies any migration the backup lacks.');
  return EXIT.done;
}

function describe(report: BackupReport): string {
  const restarted = report.restarts > 0 ? `, started again ${report.restarts} time${report.restarts === 1 ? '' : 's'} as writes committed` : '';
  return `${report.tools} tool${report.tools === 1 ? '' : 's'}, ${report.bytes} bytes, integrity check ok, ${report.durationMs.toFixed(0)} ms${restarted}`;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`toolgraph: ${error.message}\n\n${USAGE}`);
      process.exit(EXIT.usage);
    }
    if (error instanceof BackupRefused) {
      console.error(`toolgraph: ${error.message} Nothing was changed.`);
      process.exit(EXIT.refused);
    }
    if (error instanceof ConfigError) {
      console.error(`toolgraph: ${error.message}`);
      process.exit(EXIT.usage);
    }
    console.error('toolgraph: the backup command failed:', error);
    process.exit(EXIT.failed);
  },
);
