/**
 * `npx tsx scripts/load/search-parity.ts [--only-bmp] [--sample N] [--parts N]`: whether `tools(filter: { search })`
 * answers every search text the same on SQLite and on Postgres, and as the documented semantics
 * say (src/domain/search.ts: the name or the description contains the text, both read as their
 * search key), for every Unicode code point U+0001..U+10FFFF (`--only-bmp`: up to U+FFFF;
 * `--sample N`: about N code points, in runs at seeded random places). Numbers, not a test
 * (test/store/search-text-parity.test.ts is the test, on a set chosen by category).
 *
 * The code points are written through the registry (ToolRegistry over createToolStore, as a
 * server does) into a scratch SQLite database and a scratch Postgres database: descriptions of
 * RUNS_PER_TOOL runs of RUN consecutive code points, a space between runs, so that each tool holds
 * a block of characters, and the first tools' names hold every character a name may have. NUL and
 * the lone surrogates are no text: each is written alone and must be refused alike by both; they
 * are not searched. Every other code point is searched alone, with its neighbours in its run (two
 * and three characters: a key of three or more goes through the search indexes, a shorter one
 * does not), doubled (a text no description holds, which a database finds only if it takes
 * the character for another), in its upper and lower case and in its normalization forms where
 * they differ, and each run whole. Each answer (the names found, in order) is compared between the databases, and
 * with the reference computed here from the descriptions each database holds.
 *
 * Every TOOLS_PER_NAMESPACE tools share a namespace, and each search is of its tools' namespace:
 * the searches with no index (one or two characters) then scan a few tools, not all of them.
 * The code points are split between processes (`--parts`, else this machine's cores), each with its own two
 * scratch databases; the first also tries the refused texts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { OPEN_ACCESS } from '../../src/domain/access';
import { MAX_DESCRIPTION_LENGTH, MAX_PAGE_SIZE } from '../../src/domain/limits';
import { DependencyUnavailable, type ToolStore } from '../../src/domain/ports';
import { ToolRegistry } from '../../src/domain/registry';
import { searchKey } from '../../src/domain/search';
import { textProblem } from '../../src/domain/values';
import { createToolStore, migrateDatabase } from '../../src/store';
import { createScratchPostgres, createScratchSqlite, postgresServerUrl, type ScratchDatabase } from '../db/scratch-databases';

/** Code points of one run: its neighbours are searched with each. */
const RUN = 64;
/** Runs of one description, a space between two: 15 × 64 + 14 = 974 characters. */
const RUNS_PER_TOOL = 15;
/** Tools of one namespace: what a search without an index scans. */
const TOOLS_PER_NAMESPACE = 2;
/** Writes, and searches (each on both databases), in flight at once. */
const CONCURRENCY = 8;
/** Processes the code points are split between unless `--parts N` says: this machine's cores, at most 4. */
const DEFAULT_PARTS = Math.max(1, Math.min(4, availableParallelism()));
/** Examples printed of each kind of difference. */
const SHOWN = 20;

if (RUNS_PER_TOOL * RUN + RUNS_PER_TOOL - 1 > MAX_DESCRIPTION_LENGTH) throw new Error('a description would be longer than the registry takes');

/** Short names holding every character a name may have (src/domain/validation.ts `isToolName`), in the first namespace. */
const NAME_TOOLS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'a.b_c-d'];

const hex = (codePoint: number): string => codePoint.toString(16).toUpperCase().padStart(4, '0');
/** A text as its code points, `U+0041 U+0301`. */
const codePointsOf = (text: string): string => [...text].map((char) => `U+${hex(char.codePointAt(0)!)}`).join(' ');
const isSurrogate = (codePoint: number): boolean => codePoint >= 0xd800 && codePoint <= 0xdfff;
const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

interface Database {
  kind: 'sqlite' | 'postgres';
  scratch: ScratchDatabase;
  store: ToolStore;
  registry: ToolRegistry;
}

interface ToolText {
  name: string;
  description: string;
}

/** The tools of one namespace, and the runs of code points whose texts are searched in it. */
interface Namespace {
  namespace: string;
  tools: ToolText[];
  runs: number[][];
}

interface Difference {
  text: string;
  answers: Record<string, string[]>;
}

/** What one process found. */
interface PartReport {
  codePoints: number;
  runs: number;
  tools: number;
  refusals: { tried: number; alike: number; differences: string[] };
  stored: string[];
  searches: number;
  between: { count: number; shown: Difference[] };
  fromReference: { count: number; shown: Difference[] };
  ms: { refusals: number; writes: number; searches: number };
}

/** The runs of consecutive code points to search: every code point up to `last` but NUL and the surrogates. */
function runsUpTo(last: number): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  for (let codePoint = 1; codePoint <= last; codePoint++) {
    if (isSurrogate(codePoint) || run.length === RUN) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (!isSurrogate(codePoint)) run.push(codePoint);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** About `count` code points of `runs`: whole runs chosen by a seeded generator, in code point order. */
function sampleOf(runs: number[][], count: number): number[][] {
  let state = 31;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const chosen = new Set<number>();
  const wanted = Math.min(runs.length, Math.max(1, Math.ceil(count / RUN)));
  while (chosen.size < wanted) chosen.add(Math.floor(random() * runs.length));
  return [...chosen].sort((a, b) => a - b).map((index) => runs[index]!);
}

/** The namespaces of `runs`: TOOLS_PER_NAMESPACE tools of RUNS_PER_TOOL runs each, named by their first code point. */
function namespacesOf(runs: number[][]): Namespace[] {
  const perNamespace = RUNS_PER_TOOL * TOOLS_PER_NAMESPACE;
  const namespaces: Namespace[] = [];
  for (let start = 0; start < runs.length; start += perNamespace) {
    const held = runs.slice(start, start + perNamespace);
    const namespace = `u${hex(held[0]![0]!).toLowerCase()}`;
    const tools: ToolText[] = [];
    for (let first = 0; first < held.length; first += RUNS_PER_TOOL) {
      const ofTool = held.slice(first, first + RUNS_PER_TOOL);
      tools.push({ name: `${namespace}/u${hex(ofTool[0]![0]!).toLowerCase()}`, description: ofTool.map((run) => String.fromCodePoint(...run)).join(' ') });
    }
    namespaces.push({ namespace, tools, runs: held });
  }
  const first = namespaces[0];
  if (first) first.tools.push(...NAME_TOOLS.map((short) => ({ name: `${first.namespace}/${short}`, description: 'Holds the characters of names.' })));
  return namespaces;
}

/** The texts searched for the code points of `run`: each alone, doubled, with its neighbours, its case and normalization forms; and the run whole. */
function searchTextsOf(run: readonly number[]): string[] {
  const chars = run.map((codePoint) => String.fromCodePoint(codePoint));
  const texts: string[] = [chars.join('')];
  chars.forEach((char, index) => {
    // Doubled: in no description (no run repeats a code point), so found only where a database
    // takes it for its neighbour, as SQLite takes U+FFFE for U+FFFD.
    texts.push(char, char + char);
    if (index + 1 < chars.length) texts.push(char + chars[index + 1]!);
    if (index > 0 && index + 1 < chars.length) texts.push(chars[index - 1]! + char + chars[index + 1]!);
    for (const form of [char.toUpperCase(), char.toLowerCase(), char.normalize('NFC'), char.normalize('NFD'), char.normalize('NFKC'), char.normalize('NFKD')]) {
      if (form !== char) texts.push(form);
    }
  });
  return texts;
}

/** What a search for `text` finds among `tools` (by name) by the documented semantics (src/domain/search.ts). */
function referenceAnswer(tools: readonly { name: string; key: string }[], text: string): string[] {
  if (textProblem(text) !== null) return [];
  const key = searchKey(text);
  return tools.filter((tool) => tool.name.includes(key) || tool.key.includes(key)).map((tool) => tool.name);
}

async function openDatabase(kind: Database['kind']): Promise<Database> {
  const scratch =
    kind === 'sqlite' ? createScratchSqlite('toolgraph-search-parity') : await createScratchPostgres(postgresServerUrl(), 'toolgraph_search_parity');
  await migrateDatabase(scratch.url);
  const store = await createToolStore(scratch.url);
  // Whatever findings the texts raise (hidden characters, bidi controls), every tool is stored.
  return { kind, scratch, store, registry: new ToolRegistry(store, { refuseFindings: null }) };
}

/** Times a write is tried: on a busy machine a write may wait too long for its transaction to start, and is refused before it writes. */
const WRITE_ATTEMPTS = 3;

/** How the registry answers a write: its kind and its issues' paths and codes. */
async function writeAnswer(database: Database, tool: ToolText): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await database.registry.create(OPEN_ACCESS, { ...tool, source: 'builtin' });
      return outcome.kind === 'invalid' ? `invalid ${outcome.issues.map((issue) => `${issue.path} ${issue.code}`).join(', ')}` : outcome.kind;
    } catch (error) {
      if (!(error instanceof DependencyUnavailable) || attempt === WRITE_ATTEMPTS) throw error;
    }
  }
}

/** `work` on every item, CONCURRENCY at a time. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** One process's share: the namespaces `namespaces`, on two scratch databases of its own. */
async function runPart(namespaces: Namespace[], part: number): Promise<PartReport> {
  const databases = [await openDatabase('sqlite'), await openDatabase('postgres')];
  process.once('SIGTERM', () => {
    void Promise.allSettled(databases.map((database) => database.scratch.drop())).then(() => process.exit(1));
  });
  const both = <T>(work: (database: Database) => Promise<T>): Promise<T[]> => Promise.all(databases.map(work));
  const report: PartReport = {
    codePoints: namespaces.reduce((sum, namespace) => sum + namespace.runs.reduce((count, run) => count + run.length, 0), 0),
    runs: namespaces.reduce((sum, namespace) => sum + namespace.runs.length, 0),
    tools: namespaces.reduce((sum, namespace) => sum + namespace.tools.length, 0),
    refusals: { tried: 0, alike: 0, differences: [] },
    stored: [],
    searches: 0,
    between: { count: 0, shown: [] },
    fromReference: { count: 0, shown: [] },
    ms: { refusals: 0, writes: 0, searches: 0 },
  };
  const clock = async (part: keyof PartReport['ms'], work: () => Promise<unknown>): Promise<void> => {
    const at = performance.now();
    await work();
    report.ms[part] += performance.now() - at;
  };
  try {
    if (part === 0) {
      // NUL and every lone surrogate: refused alike by both, through the registry's write path.
      const unwritable = [0, ...Array.from({ length: 0x800 }, (_, i) => 0xd800 + i)];
      report.refusals.tried = unwritable.length;
      await clock('refusals', () =>
        inParallel(unwritable, async (codePoint) => {
          const tool = { name: `refused/u${hex(codePoint).toLowerCase()}`, description: `x${String.fromCharCode(codePoint)}y` };
          const [onSqlite, onPostgres] = await both((database) => writeAnswer(database, tool));
          if (onSqlite === onPostgres && onSqlite === 'invalid description INVALID_VALUE') report.refusals.alike++;
          else report.refusals.differences.push(`  U+${hex(codePoint)}  sqlite: ${onSqlite}  postgres: ${onPostgres}`);
        }),
      );
    }

    // One write at a time on each: SQLite runs them one at a time anyway, and a write waiting
    // behind several others would time out waiting for its transaction.
    await clock('writes', () =>
      both(async (database) => {
        for (const tool of namespaces.flatMap((namespace) => namespace.tools)) {
          const answer = await writeAnswer(database, tool);
          if (answer !== 'ok') report.stored.push(`  ${tool.name} on ${database.kind}: ${answer}`);
        }
      }),
    );

    for (const [index, { namespace, tools: written, runs }] of namespaces.entries()) {
      // The reference reads what each database holds; both must hold what was written.
      const held = await both(async (database) => {
        const stored = await database.registry.getMany(written.map((tool) => tool.name));
        for (const tool of written) {
          const found = stored.find((storedTool) => storedTool.name === tool.name);
          if (found && found.description !== tool.description) report.stored.push(`  ${tool.name} on ${database.kind}: the description read back differs`);
        }
        return stored.map((tool) => ({ name: tool.name, key: searchKey(tool.description) })).sort(byName);
      });
      const texts = [...new Set(runs.flatMap(searchTextsOf))];
      report.searches += texts.length;
      await clock('searches', () =>
        inParallel(texts, async (text) => {
          const [onSqlite, onPostgres] = await both(async (database) =>
            (await database.registry.list({ filter: { search: text, namespaceIn: [namespace] }, first: MAX_PAGE_SIZE })).tools.map((tool) => tool.name),
          );
          const answers = { sqlite: onSqlite!, postgres: onPostgres! };
          if (JSON.stringify(onSqlite) !== JSON.stringify(onPostgres)) {
            report.between.count++;
            if (report.between.shown.length < SHOWN) report.between.shown.push({ text, answers });
          }
          const references = held.map((heldTools) => referenceAnswer(heldTools, text));
          if (databases.some((database, index) => JSON.stringify(answers[database.kind]) !== JSON.stringify(references[index]))) {
            report.fromReference.count++;
            if (report.fromReference.shown.length < SHOWN) report.fromReference.shown.push({ text, answers: { ...answers, reference: references[0]! } });
          }
        }),
      );
      if ((index + 1) % 100 === 0) process.stderr.write(`part ${part}: ${index + 1} of ${namespaces.length} namespaces, ${report.searches} searches\n`);
    }
    return report;
  } finally {
    for (const database of databases) await database.store.close();
    for (const database of databases) await database.scratch.drop();
  }
}

/** The parts running; a failed part stops the others (each drops its databases on SIGTERM). */
const children = new Set<ChildProcess>();

/** Runs part `part` of `args`' code points in a process of its own; its report. */
function runInOwnProcess(args: string[], part: number): Promise<PartReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', __filename, ...args, '--part', String(part)], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as PartReport);
      else reject(new Error(`part ${part} failed (exit ${code}): ${output.slice(0, 500)}`));
    });
  });
}

const show = (difference: Difference): string =>
  `  ${codePointsOf(difference.text)}  ${Object.entries(difference.answers)
    .map(([by, names]) => `${by}: [${names.join(', ')}]`)
    .join('  ')}`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'only-bmp': { type: 'boolean', default: false }, sample: { type: 'string' }, parts: { type: 'string' }, part: { type: 'string' } },
  });
  const parts = values.parts === undefined ? DEFAULT_PARTS : Number(values.parts);
  if (!(Number.isSafeInteger(parts) && parts > 0)) throw new Error('--parts takes a positive whole number of processes');
  const last = values['only-bmp'] ? 0xffff : 0x10ffff;
  const sample = values.sample === undefined ? null : Number(values.sample);
  if (sample !== null && !(Number.isSafeInteger(sample) && sample > 0)) throw new Error('--sample takes a positive whole number of code points');
  const allRuns = runsUpTo(last);
  const namespaces = namespacesOf(sample === null ? allRuns : sampleOf(allRuns, sample));
  // Interleaved, so that each part holds as many of the costly planes as the others.
  const partOf = (part: number) => namespaces.filter((_, index) => index % parts === part);

  if (values.part !== undefined) {
    const part = Number(values.part);
    console.log(JSON.stringify(await runPart(partOf(part), part)));
    return;
  }

  const started = performance.now();
  const args = [...(values['only-bmp'] ? ['--only-bmp'] : []), ...(sample === null ? [] : ['--sample', String(sample)]), '--parts', String(parts)];
  const reports = await Promise.all(Array.from({ length: parts }, (_, part) => runInOwnProcess(args, part)));
  const total = (of: (report: PartReport) => number) => reports.reduce((sum, report) => sum + of(report), 0);
  const count = (n: number) => n.toLocaleString('en-US');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const firstOf = (of: (report: PartReport) => Difference[]) =>
    reports
      .flatMap(of)
      .sort((a, b) => a.text.codePointAt(0)! - b.text.codePointAt(0)!)
      .slice(0, SHOWN);

  console.log(`search parity, SQLite and Postgres, U+0001..U+${hex(last)}${sample === null ? '' : `, a sample of ${count(sample)}`}, in ${parts} processes`);
  console.log(
    `code points searched: ${count(total((r) => r.codePoints))} in ${count(total((r) => r.runs))} runs of up to ${RUN}, ${count(total((r) => r.tools))} tools`,
  );
  const refusals = reports[0]!.refusals;
  console.log(`NUL and lone surrogates refused alike by both: ${count(refusals.alike)} of ${count(refusals.tried)}`);
  for (const line of refusals.differences.slice(0, SHOWN)) console.log(line);
  const stored = reports.flatMap((report) => report.stored);
  console.log(`writes refused, or read back otherwise than written: ${count(stored.length)}`);
  for (const line of stored.slice(0, SHOWN)) console.log(line);
  console.log(`searches (each on both databases): ${count(total((r) => r.searches))}`);
  console.log(`differences between the databases: ${count(total((r) => r.between.count))}`);
  for (const difference of firstOf((report) => report.between.shown)) console.log(show(difference));
  console.log(`differences from the reference (either database): ${count(total((r) => r.fromReference.count))}`);
  for (const difference of firstOf((report) => report.fromReference.shown)) console.log(show(difference));
  const longest = (part: keyof PartReport['ms']) => Math.max(...reports.map((report) => report.ms[part]));
  console.log(
    `run time: ${seconds(performance.now() - started)} (slowest part: refusals ${seconds(longest('refusals'))}, writes ${seconds(longest('writes'))}, ` +
      `searches ${seconds(longest('searches'))})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = 1;
});
