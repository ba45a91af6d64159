/**
 * The toolgraph CLI as a user runs it: `bin/toolgraph.js` (what `npx toolgraph` runs) in a process
 * of its own, with the arguments and environment given; its exit code and what it printed.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'toolgraph.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  // Only what the test gives: a TOOLGRAPH_SERVER or TOOLGRAPH_TOKEN of the machine must not leak in.
  const { TOOLGRAPH_SERVER: _server, TOOLGRAPH_TOKEN: _token, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: options.cwd ?? ROOT, env: { ...inherited, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}
