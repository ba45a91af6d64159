/**
 * `npx tsx scripts/load/concurrent-writes.ts [seconds] [connections]`: many clients writing at once,
 * over HTTP, against the real server process on a fresh SQLite file and a fresh Postgres database.
 * Prints, per database and scenario, the answers by kind (a transient conflict must never show as
 * an error), throughput and latency. Numbers, not a test: run it on a quiet machine.
 *
 * Scenarios: 100 concurrent creates of one name; 10 writers × 20 creates; 100 concurrent updates of
 * one tool; a timed load of creates and updates (default 10 s at 20 connections).
 */
import type { FormattedExecutionResult } from 'graphql';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';
import { killServer, startServer } from '../../test/support/server-process';
import { requestGraphQL } from '../../test/support/write-clients';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const UPDATE = 'mutation ($name: String!, $input: ToolPatch!) { updateTool(name: $name, input: $input) { __typename } }';

interface Answer {
  /** The result's __typename, or the error's extensions.code, or the HTTP failure. */
  kind: string;
  ms: number;
}

async function send(url: string, query: string, variables: object): Promise<Answer> {
  const started = performance.now();
  try {
    const { body } = await requestGraphQL<FormattedExecutionResult<Record<string, { __typename?: string } | null>>>(url, query, variables);
    const code = body?.errors?.[0]?.extensions?.code;
    const kind = body?.errors?.length ? `error ${typeof code === 'string' ? code : '?'}` : (Object.values(body?.data ?? {})[0]?.__typename ?? '?');
    return { kind, ms: performance.now() - started };
  } catch (error) {
    return { kind: `http ${(error as Error).message}`, ms: performance.now() - started };
  }
}

function summary(label: string, answers: Answer[], elapsedMs: number): string {
  const kinds: Record<string, number> = {};
  for (const answer of answers) kinds[answer.kind] = (kinds[answer.kind] ?? 0) + 1;
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]?.toFixed(0) ?? '-';
  const errors = answers.filter((a) => a.kind.startsWith('error') || a.kind.startsWith('http')).length;
  const rate = ((answers.length / elapsedMs) * 1000).toFixed(0);
  return `  ${label.padEnd(34)} ${String(answers.length).padStart(6)} answers, ${String(errors).padStart(4)} errors, ${rate.padStart(5)}/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms  ${JSON.stringify(kinds)}`;
}

async function scenario(label: string, run: () => Promise<Answer[]>): Promise<void> {
  const started = performance.now();
  const answers = await run();
  console.log(summary(label, answers, performance.now() - started));
}

const builtin = (name: string) => ({ input: { name, description: `The ${name} tool.`, source: 'BUILTIN' } });
const times = <T>(count: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => make(i)));

async function measure(kind: string, database: ScratchDatabase): Promise<void> {
  const server = await startServer(database.url);
  try {
    console.log(`${kind}:`);
    await scenario('100 concurrent creates of one name', () => times(100, () => send(server.url, CREATE, builtin('race/one'))));
    await scenario('10 writers × 20 creates', async () =>
      (
        await times(10, async (w) => {
          const answers: Answer[] = [];
          for (let i = 0; i < 20; i++) answers.push(await send(server.url, CREATE, builtin(`writer-${w}/t-${i}`)));
          return answers;
        })
      ).flat(),
    );
    await send(server.url, CREATE, builtin('patch/target'));
    await scenario('100 concurrent updates of one tool', () =>
      times(100, (i) => send(server.url, UPDATE, { name: 'patch/target', input: { description: `Patched ${i}.` } })),
    );
    await scenario(`${seconds} s of creates+updates at ${connections}`, async () => {
      const deadline = performance.now() + seconds * 1000;
      const answers: Answer[] = [];
      await times(connections, async (c) => {
        for (let i = 0; performance.now() < deadline; i++) {
          // Every other write updates one of a few hot tools, so writers collide on rows.
          answers.push(
            i % 2 === 0
              ? await send(server.url, CREATE, builtin(`load-${c}/t-${i}`))
              : await send(server.url, UPDATE, { name: `writer-${i % 10}/t-${i % 20}`, input: { timeout: 1 + i } }),
          );
        }
      });
      return answers;
    });
  } finally {
    await killServer(server);
  }
}

async function main(): Promise<void> {
  const sqlite = createScratchSqlite('toolgraph-load');
  try {
    await measure('SQLite', sqlite);
  } finally {
    await sqlite.drop();
  }
  const postgres = await createScratchPostgres(postgresServerUrl(), 'toolgraph_load');
  try {
    await measure('Postgres', postgres);
  } finally {
    await postgres.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
