/**
 * `npx tsx scripts/first-run.ts [--commit <commit>] [--run 'npm install && npm start'] [--warm-cache] [--keep]`:
 * how long a person who has just cloned toolgraph waits for the first answer. Clones the repository
 * at `commit` (default HEAD) into a temporary folder, runs the commands of that commit's README "Run
 * it" block (or `--run`'s) there one after the other, as written (the last one, the server, on a
 * free port), with an empty npm cache of its own (as on a fresh machine or in a container build;
 * `--warm-cache`: the machine's npm cache as it is), and sends
 * `{ tools(first: 1) { totalCount } }` until it is answered. Prints the time of each command (and the
 * CPU time of the install commands, which other work on the machine sways less), of the
 * server's start (until /health answers: mostly `prestart`'s build) and of its first answer (after
 * migrating the new database), with npm's own timers of the install (unpacking, each package's
 * install script), and which packages compiled native code during the install. Numbers, not a test.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../test/events/redis-server';
import { commandsOf, readmeRunCommands } from './readme-run';

const root = join(__dirname, '..');
const { values: options } = parseArgs({
  options: {
    commit: { type: 'string', default: 'HEAD' },
    run: { type: 'string' },
    'warm-cache': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

/** npm's timers longer than this are listed; the rest add up to little. */
const SHOWN_TIMER_MS = 1000;
const FIRST_ANSWER_TIMEOUT_MS = 10 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * CPU time used by this process's finished children, in ms (Linux: /proc/self/stat's cutime and
 * cstime, in ticks of 10 ms): on a shared machine it varies less than the time on the clock.
 */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** npm's timers of the command that wrote `logsDir`'s timing file (npm --timing), longest first. */
function npmTimers(logsDir: string): [string, number][] {
  const file = readdirSync(logsDir).find((name) => name.endsWith('-timing.json'));
  if (!file) return [];
  const { timers } = JSON.parse(readFileSync(join(logsDir, file), 'utf8')) as { timers: Record<string, number> };
  return Object.entries(timers)
    .filter(([name, ms]) => ms >= SHOWN_TIMER_MS && (/^(npm|reify|build)(:|$)/.test(name) || name.startsWith('reify:run')))
    .sort((a, b) => b[1] - a[1]);
}

/** Packages under `nodeModules` that compiled native code when installed (node-gyp leaves a build/ beside binding.gyp). */
function compiledPackages(nodeModules: string): string[] {
  return readdirSync(nodeModules, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'binding.gyp' && existsSync(join(entry.parentPath, 'build')))
    .map((entry) => relative(nodeModules, entry.parentPath));
}

async function answered(url: string, body: object): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return response.ok && ((await response.json()) as { data?: unknown }).data !== undefined;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'toolgraph-first-run-'));
  const clone = join(folder, 'toolgraph');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, clone]);
  execFileSync('git', ['checkout', '--quiet', execFileSync('git', ['rev-parse', options.commit], { cwd: root, encoding: 'utf8' }).trim()], { cwd: clone });
  const commands = options.run ? commandsOf(options.run) : readmeRunCommands(readFileSync(join(clone, 'README.md'), 'utf8'));
  console.log(`first run of ${options.commit} in ${clone}: ${commands.join(' && ')}`);
  console.log(
    `load average before: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${readdirSync('/sys/devices/system/cpu').filter((name) => /^cpu\d+$/.test(name)).length} CPUs)`,
  );

  const port = await freePort();
  // Every npm command of the run writes its timers to a folder of its own.
  const env = (step: number) => ({
    ...process.env,
    PORT: String(port),
    npm_config_timing: 'true',
    npm_config_logs_dir: join(folder, `npm-logs-${step}`),
    ...(options['warm-cache'] ? {} : { npm_config_cache: join(folder, 'npm-cache') }),
  });
  console.log(options['warm-cache'] ? "npm's cache: the machine's, as it is" : "npm's cache: a new, empty one");
  const started = Date.now();
  try {
    for (const [step, command] of commands.slice(0, -1).entries()) {
      const [begun, cpuBefore] = [Date.now(), childrenCpuMs()];
      execFileSync('sh', ['-c', command], { cwd: clone, env: env(step), stdio: ['ignore', 'ignore', 'pipe'] });
      console.log(`\n${command}: ${seconds(Date.now() - begun)} (CPU time ${seconds(childrenCpuMs() - cpuBefore)})`);
      for (const [timer, ms] of npmTimers(join(folder, `npm-logs-${step}`))) console.log(`  ${timer.padEnd(70)} ${seconds(ms)}`);
    }
    const compiled = compiledPackages(join(clone, 'node_modules'));
    console.log(`\nnative code compiled during the install: ${compiled.length > 0 ? compiled.join(', ') : 'none'}`);
    const serverCommand = commands.at(-1)!;
    const begun = Date.now();
    const server = spawn('sh', ['-c', serverCommand], { cwd: clone, env: env(commands.length - 1), stdio: 'ignore', detached: true });
    try {
      let healthy: number | undefined;
      const origin = `http://127.0.0.1:${port}`;
      for (;;) {
        if (server.exitCode !== null) throw new Error(`${serverCommand} exited with ${server.exitCode}`);
        if (Date.now() - begun > FIRST_ANSWER_TIMEOUT_MS) throw new Error(`no answer within ${seconds(FIRST_ANSWER_TIMEOUT_MS)}`);
        if (
          healthy === undefined &&
          (await fetch(`${origin}/health`).then(
            (response) => response.ok,
            () => false,
          ))
        )
          healthy = Date.now();
        if (healthy !== undefined && (await answered(`${origin}/graphql`, { query: '{ tools(first: 1) { totalCount } }' }))) break;
        await pause(100);
      }
      const answeredAt = Date.now();
      console.log(`\n${serverCommand}: first answer after ${seconds(answeredAt - begun)}`);
      console.log(`  until /health answers (build, start)${' '.repeat(34)} ${seconds(healthy - begun)}`);
      console.log(`  then until the first query is answered (migrating)${' '.repeat(19)} ${seconds(answeredAt - healthy)}`);
      console.log(`\nfrom clone to first answer: ${seconds(answeredAt - started)}`);
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
    }
  } finally {
    if (options.keep) console.log(`kept ${clone}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
