import { spawn } from 'node:child_process';
import { DependencyUnavailable } from '../domain/ports';
import type { MigrationResult } from '../store';
import { ownScript } from './own-script';

/** The exit codes of the migrate command (./migrate-command.ts). */
export const MIGRATE_EXIT = { done: 0, failed: 1, configuration: 2, unreachable: 3 } as const;

/**
 * Migrates the database at `databaseUrl` with the migrate command in a process of its own. In the
 * server's process, the schema engine and the client that fills search keys would stay resident for
 * the server's life (about 110 MB measured at start-up); a process gives all of it back when it exits.
 * Rejects with DependencyUnavailable when the database could not be reached, with an Error saying
 * what the command said otherwise.
 */
export function migrateInOwnProcess(databaseUrl: string): Promise<MigrationResult> {
  const { filename, execArgv } = ownScript('migrate-command');
  const child = spawn(process.execPath, [...execArgv, filename, '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const answer = lastJsonLine(stdout);
      if (code === MIGRATE_EXIT.done && answer) return resolve(answer as MigrationResult);
      const reason = (answer as { reason?: string } | null)?.reason ?? (stderr.trim() || `the migrate command ended with ${signal ?? `exit code ${code}`}`);
      reject(code === MIGRATE_EXIT.unreachable ? new DependencyUnavailable(reason) : new Error(reason));
    });
  });
}

function lastJsonLine(text: string): unknown {
  try {
    return JSON.parse(text.trim().split('\n').pop() ?? '');
  } catch {
    return null;
  }
}
