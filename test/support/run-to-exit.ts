import { execFile, type ExecFileOptions } from 'node:child_process';

export interface ExitResult {
  /** The process's exit code. */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` with `args` to its end: its exit code and what it printed, whatever the code, since the
 * tests of a command check its failures too. Rejects only when it did not exit by itself (not found,
 * killed by a signal, more output than `maxBuffer`).
 */
export function runToExit(file: string, args: readonly string[], options: ExecFileOptions): Promise<ExitResult> {
  return new Promise((resolve, reject) => {
    // The error's type spelled out: @types/node writes it as Omit<> of Error, which is not an Error to the linter.
    execFile(file, args, { ...options, encoding: 'utf8' }, (error: (Error & { code?: string | number | null }) | null, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}
