/**
 * The token command (spec section 6) as a person runs it, in its own process on the database a
 * server uses: tokens for the tests and load scripts of access control.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runToExit, type ExitResult } from './run-to-exit';

const root = join(__dirname, '..', '..');
const run = promisify(execFile);

/**
 * `npm run --silent token -- <args>` without npm, which only adds a second and a half of start-up
 * to each call: the script is `tsx src/server/token-command.ts`. Rejects when it exits other than 0.
 */
export function runTokenCommand(databaseUrl: string, args: string[]): Promise<{ stdout: string }> {
  return run(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'token-command.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

export interface TokenCommandResult extends ExitResult {
  /** The exit code: 0 done, 1 refused, 2 usage or configuration. */
  code: number;
}

/**
 * `npm run --silent token -- <args>` exactly as the spec and the README tell a person to type it, for
 * the tests of the command itself: what npm adds to the output, and the exit code it passes on, are
 * part of what they check. Resolves whatever the exit code.
 */
export function typeTokenCommand(databaseUrl: string, args: string[]): Promise<TokenCommandResult> {
  return runToExit('npm', ['run', '--silent', 'token', '--', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
}

export interface TokenRequest {
  name: string;
  /** As `--namespaces` takes them: `devops,local` or `*`. */
  namespaces: string;
  role: 'read' | 'write' | 'admin';
}

/** Makes an API token with `token create`; the token is the last line it prints. */
export async function createToken(databaseUrl: string, { name, namespaces, role }: TokenRequest): Promise<string> {
  const { stdout } = await runTokenCommand(databaseUrl, ['create', '--name', name, '--namespaces', namespaces, '--role', role]);
  const token = stdout.trimEnd().split('\n').at(-1) ?? '';
  if (!token.startsWith('tg_')) throw new Error(`token create printed no token on its last line:\n${stdout}`);
  return token;
}

export async function revokeToken(databaseUrl: string, name: string): Promise<void> {
  await runTokenCommand(databaseUrl, ['revoke', name]);
}
