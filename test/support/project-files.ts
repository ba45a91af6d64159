import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * The project's files matching git pathspecs (`src/*.ts`; `*` crosses folders), committed or not
 * yet: what git does not ignore, so neither node_modules, dist nor generated code.
 */
export function projectFiles(...pathspecs: string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...pathspecs], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
}
