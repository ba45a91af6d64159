/**
 * The toolgraph CLI as a user runs it: `bin/toolgraph.js` (what `npx toolgraph` runs) in a process
 * of its own, with the arguments and environment given; its exit code and what it printed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runToExit, type ExitResult } from './run-to-exit';

export const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'toolgraph.js');

export type CliRun = ExitResult;

export function runCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  // Only what the test gives: a TOOLGRAPH_SERVER or TOOLGRAPH_TOKEN of the machine must not leak in.
  const { TOOLGRAPH_SERVER: _server, TOOLGRAPH_TOKEN: _token, ...inherited } = process.env;
  return runToExit(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: { ...inherited, ...options.env }, maxBuffer: 64 * 1024 * 1024 });
}

/**
 * A scratch folder for a suite's files, made before its tests and removed after them; call it at
 * describe time. The function it returns writes `files` (paths relative to a new folder `name`,
 * folders made as needed) and returns that folder.
 */
export function useScratchFolder(prefix: string): (name: string, files?: Record<string, string | Buffer>) => string {
  let scratch = '';
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return (name, files = {}) => {
    const folder = join(scratch, name);
    mkdirSync(folder, { recursive: true });
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), content);
    }
    return folder;
  };
}
