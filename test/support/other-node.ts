/**
 * Node of another major version for the compiled server's smoke test (test/server/compiled-build.test.ts),
 * from the npm registry: the `node-<platform>-<arch>` package that `npx -p node@22` installs, which
 * holds the binary and Node's C headers. node_modules was installed for this machine's Node, and
 * better-sqlite3's native addon only loads in the Node ABI it was compiled for (another one fails
 * with ERR_DLOPEN_FAILED); so its source is compiled once more against the other Node's headers, as
 * `npm install` on that Node would, with npm's own node-gyp. The server then runs with
 * ./sqlite-addon-for-this-node.cjs preloaded, which loads that addon instead; nothing else changes
 * (its child processes, the migrate command, inherit the preload through NODE_OPTIONS).
 *
 * Everything is kept in node_modules/.cache/toolgraph-node/ and made once: a Node download of about
 * 30 MB, and a compile of about 80 s on this 2-core machine.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const OTHER_NODES_CACHE = join(root, 'node_modules', '.cache', 'toolgraph-node');

/** The preload that points better-sqlite3 at the addon named by TOOLGRAPH_TEST_SQLITE_ADDON. */
const SQLITE_ADDON_PRELOAD = join(__dirname, 'sqlite-addon-for-this-node.cjs');

export interface OtherNode {
  /** e.g. v22.23.5 */
  version: string;
  /** The node binary. */
  node: string;
  /** What to add to the environment of a process it runs: the preload, and the addon it loads. */
  env: Record<string, string>;
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

/** Runs `file` to its end, in this process's environment unless given another; its stdout. */
const run = (file: string, args: string[], cwd = root, env?: NodeJS.ProcessEnv) =>
  execFileSync(file, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The latest `major` from the registry, unpacked into the cache (once). */
function nodeOf(major: string): { folder: string; node: string; version: string } {
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
      // node-gyp's --nodedir wants a Node source tree's layout: common.gypi at the top.
      symlinkSync(join('include', 'node', 'common.gypi'), join(scratch, 'node', 'common.gypi'));
      renameSync(join(scratch, 'node'), folder);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return { folder, node, version: run(node, ['--version']) };
}

/** Where the addon for Node ABI `abi` (process.versions.modules) is kept. */
function sqliteAddonPath(abi: string): string {
  const { version } = JSON.parse(readFileSync(require.resolve('better-sqlite3/package.json'), 'utf8')) as { version: string };
  return join(OTHER_NODES_CACHE, `better-sqlite3-${version}-abi${abi}.node`);
}

/** better-sqlite3 compiled for the Node in `nodeFolder` (unless the cache has it): the addon's path. */
function compileSqliteAddon(nodeFolder: string, node: string): string {
  const addon = sqliteAddonPath(run(node, ['-p', 'process.versions.modules']));
  if (existsSync(addon)) return addon;
  const source = join(root, 'node_modules', 'better-sqlite3');
  const scratch = mkdtempSync(join(OTHER_NODES_CACHE, 'better-sqlite3-'));
  try {
    for (const part of ['binding.gyp', 'src', 'deps']) cpSync(join(source, part), join(scratch, part), { recursive: true });
    const nodeGyp = join(run('npm', ['root', '--global']), 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    // node-gyp takes npm's settings from npm_config_* variables over its own arguments: under npm
    // (npm test) a configured nodedir, this machine's Node's headers, would win over --nodedir.
    const withoutNpmSettings = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_(package_)?config_/i.test(name)));
    run(node, [nodeGyp, 'rebuild', '--release', '--jobs=max', `--nodedir=${nodeFolder}`], scratch, withoutNpmSettings);
    renameSync(join(scratch, 'build', 'Release', 'better_sqlite3.node'), addon);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return addon;
}

/** The binary of Node `major` (the latest of it on the registry), for a tool that needs that Node (the MCP conformance suite). */
export function otherNodeBinary(major: string): string {
  return nodeOf(major).node;
}

/** Node `major` (the latest of it on the registry), ready to run the compiled server. */
export function otherNode(major: string): OtherNode {
  const { folder, node, version } = nodeOf(major);
  const addon = compileSqliteAddon(folder, node);
  return { version, node, env: { NODE_OPTIONS: `--require "${SQLITE_ADDON_PRELOAD}"`, TOOLGRAPH_TEST_SQLITE_ADDON: addon } };
}
