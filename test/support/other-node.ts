/**
 * Node of another major version for the compiled server's smoke test (test/server/compiled-build.test.ts)
 * and the MCP conformance suite, from the npm registry: the `node-<platform>-<arch>` package that
 * `npx -p node@22` installs. The native addon the server loads, SQLite's (better-sqlite3, as
 * @rocicorp/zero-sqlite3 ships it), comes prebuilt for each Node ABI and picks the one of the Node
 * that loads it, so the node_modules installed for this machine's Node runs on it as it is.
 *
 * Kept in node_modules/.cache/toolgraph-node/ and fetched once: about 30 MB.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const OTHER_NODES_CACHE = join(root, 'node_modules', '.cache', 'toolgraph-node');

export interface OtherNode {
  /** e.g. v22.23.5 */
  version: string;
  /** The node binary. */
  node: string;
}

/**
 * The Node majors the smoke test runs on besides this machine's: TOOLGRAPH_TEST_NODE_VERSIONS,
 * comma-separated (CI: 22,24); none when unset.
 */
export function otherNodeMajors(): string[] {
  const majors = (process.env.TOOLGRAPH_TEST_NODE_VERSIONS ?? '')
    .split(',')
    .map((major) => major.trim())
    .filter(Boolean);
  const bad = majors.filter((major) => !/^\d+$/.test(major));
  if (bad.length > 0) throw new Error(`TOOLGRAPH_TEST_NODE_VERSIONS takes Node major versions (22,24); got ${bad.join(', ')}`);
  return majors;
}

/** Runs `file` to its end; its stdout. */
const run = (file: string, args: string[]) => execFileSync(file, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Node `major`, the latest of it on the registry, unpacked into the cache (once), to run the compiled server. */
export function otherNode(major: string): OtherNode {
  const pkg = `node-${process.platform}-${process.arch}`;
  const versions = [JSON.parse(run('npm', ['view', `${pkg}@${major}`, 'version', '--json'])) as string | string[]].flat();
  const numbers = (version: string) => version.split('.').map(Number);
  const [latest] = versions.sort((a, b) => numbers(b).reduce((order, part, i) => order || part - numbers(a)[i]!, 0));
  if (!latest) throw new Error(`the npm registry has no ${pkg}@${major}`);
  const folder = join(OTHER_NODES_CACHE, `node-v${latest}`);
  const node = join(folder, 'bin', 'node');
  if (!existsSync(node)) {
    mkdirSync(OTHER_NODES_CACHE, { recursive: true });
    const scratch = mkdtempSync(join(OTHER_NODES_CACHE, 'download-'));
    try {
      const [packed] = JSON.parse(run('npm', ['pack', `${pkg}@${latest}`, '--pack-destination', scratch, '--json'])) as { filename: string }[];
      mkdirSync(join(scratch, 'node'));
      run('tar', ['-xzf', join(scratch, packed!.filename), '-C', join(scratch, 'node'), '--strip-components=1']);
      renameSync(join(scratch, 'node'), folder);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return { node, version: run(node, ['--version']) };
}

/** The binary of Node `major` (the latest of it on the registry), for a tool that needs that Node (the MCP conformance suite). */
export function otherNodeBinary(major: string): string {
  return otherNode(major).node;
}
