/**
 * What a database restart and a database crash do to writes through toolgraph, in numbers (issue 7,
 * point 7). Runs a private PostgreSQL server and the real server process, and concurrent writers
 * creating tools for a while; at 30 % of the run PostgreSQL restarts (`pg_ctl restart -m fast`), at
 * 65 % it crashes and recovers (`-m immediate`). Prints the writes attempted, acknowledged, refused
 * with SERVICE_UNAVAILABLE and failed otherwise, the acknowledged writes the database does not hold
 * (must be 0), how long after each restart the first write succeeded, and every change of /ready.
 * Exits 1 when a write was lost or failed with anything but SERVICE_UNAVAILABLE.
 *
 * `--keyed`: the writers send each write with an Idempotency-Key and send it again with that key
 * after SERVICE_UNAVAILABLE or no answer, as the CLI does: a write that committed although its
 * answer was lost is then answered as it was, where an unkeyed retry would meet NAME_TAKEN (an
 * "other" error, which fails the run).
 *
 *   npx tsx scripts/load/database-restart.ts [--writers 8] [--seconds 10] [--keyed]
 */
import { parseArgs } from 'node:util';
import { findPostgresInstallation, startPrivatePostgres, type PrivatePostgres, type ShutdownMode } from '../../test/support/private-postgres';
import { startWriters, storedToolNames, tallyWrites, type WriteOutcome } from '../../test/support/write-clients';
import { killServer, startServer, type RunningServer } from '../../test/support/server-process';

const NAMESPACE = 'restart-load';
/** How often /ready is asked; a change between two asks is seen up to this late. */
const READY_POLL_MS = 100;

interface Restart {
  mode: ShutdownMode;
  /** When `pg_ctl restart` was called, and when it returned (the server accepted connections again). */
  calledAt: number;
  backAt: number;
}

interface ReadyChange {
  at: number;
  status: number;
  report: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks /ready until `running()` turns false; returns each change of its answer. */
async function watchReadiness(readyUrl: string, running: () => boolean): Promise<ReadyChange[]> {
  const changes: ReadyChange[] = [];
  while (running()) {
    const answer = await fetch(readyUrl).then(
      async (response) => ({ status: response.status, report: await response.text() }),
      (error: unknown) => ({ status: 0, report: `no answer: ${error instanceof Error ? error.message : String(error)}` }),
    );
    const last = changes.at(-1);
    if (last?.status !== answer.status || last.report !== answer.report) changes.push({ at: Date.now(), ...answer });
    await pause(READY_POLL_MS);
  }
  return changes;
}

/** Milliseconds from `back` to the first answer `Tool` after it. */
function firstWriteAfter(outcomes: readonly WriteOutcome[], back: number): number | null {
  const answers = outcomes.filter((write) => write.outcome === 'acknowledged' && write.answeredAt >= back).map((write) => write.answeredAt);
  return answers.length > 0 ? Math.min(...answers) - back : null;
}

async function run(postgres: PrivatePostgres, server: RunningServer, writers: number, seconds: number, keyed: boolean): Promise<boolean> {
  const start = Date.now();
  const at = (time: number) => `${((time - start) / 1000).toFixed(2).padStart(6)} s`;
  let running = true;
  const readiness = watchReadiness(`${new URL(server.url).origin}/ready`, () => running);
  const load = startWriters(server.url, { clients: writers, namespace: NAMESPACE, keyed });

  const restarts: Restart[] = [];
  for (const [mode, share] of [
    ['fast', 0.3],
    ['immediate', 0.65],
  ] as const) {
    await pause(start + seconds * 1000 * share - Date.now());
    const calledAt = Date.now();
    await postgres.restart(mode);
    restarts.push({ mode, calledAt, backAt: Date.now() });
  }
  await pause(start + seconds * 1000 - Date.now());
  const outcomes = await load.stop();
  running = false;
  const changes = await readiness;

  const tally = tallyWrites(outcomes, await storedToolNames(postgres.url, NAMESPACE));
  const slowest = Math.max(...outcomes.map((write) => write.answeredAt - write.sentAt));
  const refusedWithoutHint = outcomes.filter((write) => write.outcome === 'unavailable' && (write.status !== 503 || write.retryAfter === null)).length;

  console.log(`${writers} writers${keyed ? ' with Idempotency-Keys, retrying' : ''}, ${seconds} s, PostgreSQL on 127.0.0.1:${postgres.port}`);
  console.log(`writes attempted:                  ${tally.attempted}`);
  console.log(`acknowledged (Tool):               ${tally.acknowledged}`);
  console.log(`SERVICE_UNAVAILABLE:               ${tally.unavailable}  (${refusedWithoutHint} without HTTP 503 + Retry-After)`);
  console.log(`other errors:                      ${tally.other.length}`);
  console.log(`acknowledged but missing:          ${tally.acknowledgedButMissing.length}`);
  if (!keyed) console.log(`SERVICE_UNAVAILABLE but stored:    ${tally.unavailableButStored}  (committed, answer lost with the connection)`);
  else {
    const names = new Set(outcomes.map((write) => write.name));
    const acknowledgedNames = new Set(outcomes.filter((write) => write.outcome === 'acknowledged').map((write) => write.name));
    console.log(`names written:                     ${names.size}, acknowledged ${acknowledgedNames.size} (the rest in flight at the stop)`);
  }
  console.log(`slowest answer:                    ${slowest} ms`);
  for (const restart of restarts) {
    const first = firstWriteAfter(outcomes, restart.backAt);
    console.log(
      `pg_ctl restart -m ${restart.mode.padEnd(9)}  called at ${at(restart.calledAt)}, database back at ${at(restart.backAt)}` +
        ` (${restart.backAt - restart.calledAt} ms), first successful write ${first === null ? 'never' : `${first} ms later`}`,
    );
  }
  console.log('/ready:');
  for (const change of changes) console.log(`  ${at(change.at)}  ${change.status}  ${change.report}`);
  for (const write of tally.other.slice(0, 10)) console.log(`other error: ${write.name} HTTP ${write.status}: ${write.detail}`);
  for (const name of tally.acknowledgedButMissing.slice(0, 10)) console.log(`missing: ${name}`);
  return tally.other.length === 0 && tally.acknowledgedButMissing.length === 0;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { writers: { type: 'string', default: '8' }, seconds: { type: 'string', default: '10' }, keyed: { type: 'boolean', default: false } },
  });
  const writers = Number(values.writers);
  const seconds = Number(values.seconds);
  if (!(Number.isInteger(writers) && writers > 0 && seconds > 0)) throw new Error('--writers must be a positive integer and --seconds a positive number');
  const installation = findPostgresInstallation();
  if (typeof installation === 'string') throw new Error(`cannot run a private PostgreSQL server: ${installation}`);

  const postgres = await startPrivatePostgres(installation);
  let server: RunningServer | undefined;
  // Ctrl-C: the server process goes with this one; the 'exit' handler of startPrivatePostgres stops PostgreSQL.
  process.once('SIGINT', () => {
    server?.child.kill('SIGKILL');
    process.exit(130);
  });
  try {
    server = await startServer(postgres.url);
    process.exitCode = (await run(postgres, server, writers, seconds, values.keyed)) ? 0 : 1;
  } finally {
    await killServer(server);
    await postgres.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
