/**
 * `npm run bench:findings:cost`: what scanning for findings adds to importing 10,000 tools
 * (issue 24: at most 10 %). Each run imports the same 10,000 generated tools (./generated-tools.ts)
 * through the registry into a fresh SQLite database, in imports of 1,000 (the most one import
 * takes), with and without the scan, alternately, each run in a process of its own, and prints
 * both with the median of each: seven runs each, since one run varies by 10 % or more on a 2-core
 * machine, as much as the target.
 *
 * "Without the scan" is the same import with the scan done beforehand, outside the clock: the
 * registry scans each definition once and keeps its findings per definition object
 * (src/domain/findings/policy.ts `findingsOf`), so a config reader that parses the text as usual
 * but hands over definitions already scanned leaves the import everything but the scan. Both runs
 * parse every text, hand over definitions parsed before the clock (a run that handed over the ones
 * it just parsed would keep young objects alive that the other lets die, a difference in garbage
 * collection of its own: +25 % against +10 % here) and store every finding. Numbers, not a test.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { OPEN_ACCESS } from '../../src/domain/access';
import { parseToolConfigs, toConfigText, type ConfigEntry } from '../../src/domain/config';
import { findingsOf } from '../../src/domain/findings';
import type { Checked } from '../../src/domain/issues';
import { defaultCapability, type ToolDefinition } from '../../src/domain/model';
import { ToolRegistry, type ConfigReader } from '../../src/domain/registry';
import { createToolStore, migrateDatabase } from '../../src/store';
import { createScratchSqlite } from '../db/scratch-databases';
import { generatedTools, registryNameOf } from './generated-tools';

const TOOLS = 10_000;
const PER_IMPORT = 1_000;
const ROUNDS = 7;

/** A generated tool as the registry takes it: its name in the registry's spelling (camelCase short names in kebab case), made unique. */
function definitionOf(tool: ReturnType<typeof generatedTools>[number], index: number): ToolDefinition {
  const source = tool.mcpServer !== null ? 'mcp' : tool.agentSkillPath !== null ? 'agent_skill' : 'builtin';
  return {
    ...tool,
    name: `${registryNameOf(tool.name)}-${index}`,
    source,
    toolType: 'tool',
    code: null,
    wraps: null,
    outputSchema: null,
    capability: defaultCapability(),
    resourceSlots: [],
    lifecycle: null,
    timeout: 300,
  };
}

/** The config texts of the imports of `count` tools made from `seed`: 1,000 tools each. */
function importTexts(count: number, seed: number): string[] {
  const definitions = generatedTools(count, seed).map(definitionOf);
  const texts: string[] = [];
  for (let start = 0; start < definitions.length; start += PER_IMPORT) texts.push(toConfigText(definitions.slice(start, start + PER_IMPORT)));
  return texts;
}

/**
 * Parses each text as the registry does, and hands over definitions parsed before the clock
 * started, so that both variants keep the same objects alive for as long; `prescanned`: those
 * definitions were scanned then too.
 */
function configReader(texts: readonly string[], prescanned: boolean): ConfigReader {
  const ready = new Map<string, Checked<ConfigEntry[]>>();
  for (const text of texts) {
    const parsed = parseToolConfigs(text);
    if (prescanned && parsed.ok) for (const entry of parsed.value) if (entry.checked.ok) findingsOf(entry.checked.value);
    ready.set(text, parsed);
  }
  return async (text) => {
    const parsed = parseToolConfigs(text);
    return ready.get(text) ?? parsed;
  };
}

/** Milliseconds to import every text into a fresh, migrated SQLite database. */
async function importAll(texts: readonly string[], scanning: boolean): Promise<number> {
  const database = createScratchSqlite('toolgraph-findings-cost');
  try {
    await migrateDatabase(database.url);
    const store = await createToolStore(database.url);
    try {
      // Whatever the tools' findings, every one is stored: the policy would only decide which.
      const registry = new ToolRegistry(store, { readConfig: configReader(texts, !scanning), refuseFindings: null });
      const started = performance.now();
      for (const text of texts) {
        const outcome = await registry.importTools(OPEN_ACCESS, text, { dryRun: false });
        if (outcome.kind !== 'ok') throw new Error(`an import was refused: ${JSON.stringify(outcome).slice(0, 500)}`);
      }
      return performance.now() - started;
    } finally {
      await store.close();
    }
  } finally {
    await database.drop();
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One run in a process of its own, so that no run finds what an earlier one left warm (compiled code, the scanner's per-text evidence). */
function runInOwnProcess(variant: 'with' | 'without'): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, '--run', variant], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const milliseconds = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(milliseconds)) throw new Error(`the ${variant} run failed (exit ${run.status}): ${run.stdout}`);
  return milliseconds;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { run: { type: 'string' } } });
  if (values.run !== undefined) {
    // A child: an unmeasured import of other tools warms up what either variant runs, then the one measured.
    await importAll(importTexts(PER_IMPORT, 7), true);
    console.log(await importAll(importTexts(TOOLS, 24), values.run === 'with'));
    return;
  }
  const runs = { with: [] as number[], without: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.with.push(runInOwnProcess('with'));
    runs.without.push(runInOwnProcess('without'));
  }
  const [withScan, withoutScan] = [median(runs.with), median(runs.without)];
  const shown = (values: readonly number[]) => values.map((ms) => `${ms.toFixed(0)} ms`).join(', ');
  console.log(
    `Importing ${TOOLS.toLocaleString('en-US')} tools through the registry on SQLite, ${TOOLS / PER_IMPORT} imports of ${PER_IMPORT.toLocaleString('en-US')}:`,
  );
  console.log(`  with the scan:    ${shown(runs.with)} (median ${withScan.toFixed(0)} ms)`);
  console.log(`  without the scan: ${shown(runs.without)} (median ${withoutScan.toFixed(0)} ms)`);
  console.log(`Scanning adds ${(((withScan - withoutScan) / withoutScan) * 100).toFixed(1)} % (target: at most 10 %).`);
}

void main();
