/**
 * `npm run bench:search [-- --scale 100000]`: how well ranked search (src/domain/search) finds the
 * tools that fit a task, on the development set of a public tool-retrieval benchmark (ToolLens):
 * NDCG@10 and Recall@10 of the index beside plain BM25 (name, description and schema as one bag
 * of words, k1 1.2, b 0.75), the baseline of issue 23.
 *
 * The set is read at run time (retrieval-set.ts); nothing of it is part of the project.
 *
 * `--scale N`: the same tools among N - 464 generated ones (generated-tools.ts), and how the index
 * holds up there: NDCG@10 and Recall@10, build time, heap memory, and query latency in process.
 * Numbers, not a test.
 */
import { parseArgs } from 'node:util';
import { ToolSearchIndex } from '../../src/domain/search/tool-index';
import { generatedTools } from './generated-tools';
import { readRetrievalSet, type BenchmarkTool } from './retrieval-set';

const CUTOFF = 10;
const SEED = 23;
const MB = 1024 * 1024;

interface Quality {
  ndcg: number;
  recall: number;
}

const { values: options } = parseArgs({ options: { scale: { type: 'string' } } });
const { directory: dataDirectory, benchmarkTools, tools, queries } = readRetrievalSet();

function main(): void {
  console.log(`${tools.length} tools, ${queries.length} queries (${dataDirectory})\n`);
  const index = ToolSearchIndex.of(tools);
  const baseline = new PlainBm25(benchmarkTools);
  const ours = qualityOf((query) => index.search(query, { first: CUTOFF }).map((hit) => hit.name));
  printQualities([
    ['plain BM25', qualityOf((query) => baseline.search(query, CUTOFF))],
    ['ranked search', ours],
  ]);
  if (options.scale !== undefined) atScale(Number(options.scale), ours);
}

function atScale(total: number, alone: Quality): void {
  const crowd = generatedTools(total - tools.length, SEED);
  const all = [...tools, ...crowd];
  const heapBefore = heapUsed();
  const started = performance.now();
  const large = ToolSearchIndex.of(all);
  const buildSeconds = (performance.now() - started) / 1000;
  const indexBytes = heapUsed() - heapBefore;
  const firstSearchMs = timed(() => large.search(queries[0]!.query));

  const latencies: number[] = [];
  const quality = qualityOf((query) => {
    let names: string[] = [];
    latencies.push(timed(() => (names = large.search(query, { first: CUTOFF }).map((hit) => hit.name))));
    return names;
  });
  const benchmarkNames = new Set(tools.map((tool) => tool.name));
  const amongBenchmarkTools = qualityOf((query) => large.search(query, { first: CUTOFF, admit: (name) => benchmarkNames.has(name) }).map((hit) => hit.name));
  const changes = crowd.slice(0, 1_000);
  const changeMs = timed(() => changes.forEach((tool) => large.put({ ...tool, description: `${tool.description} Updated.` }))) / changes.length;
  const searchAfterChangeMs = timed(() => large.search(queries[0]!.query));
  const hostile = hostileQueries().map(([label, query]) => `${label} ${timed(() => large.search(query)).toFixed(2)} ms`);

  console.log(`\nAt ${all.length} tools (${crowd.length} generated, seed ${SEED}):`);
  printQualities([
    [`ranked search at ${all.length}`, quality],
    ['  the benchmark tools only', amongBenchmarkTools],
  ]);
  console.log(
    `NDCG@10 ${percentChange(quality.ndcg, alone.ndcg)} against the ${tools.length} tools alone (${percentChange(amongBenchmarkTools.ndcg, alone.ndcg)} among them only)`,
  );
  console.log(`index build ${buildSeconds.toFixed(1)} s, heap ${(indexBytes / MB).toFixed(0)} MB (${Math.round(indexBytes / all.length)} bytes a tool)`);
  console.log(
    `query latency in process: p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms, max ${Math.max(...latencies).toFixed(2)} ms`,
  );
  console.log(
    `first search after the build ${firstSearchMs.toFixed(1)} ms; a tool replaced ${changeMs.toFixed(2)} ms, the first search after ${searchAfterChangeMs.toFixed(1)} ms`,
  );
  console.log(`hostile queries: ${hostile.join(', ')}`);
}

function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Queries a stranger might send: long, repetitive, of common words only, of every script. */
function hostileQueries(): [label: string, query: string][] {
  const common = 'get list search data api the of by for a create update delete tool name id date type value result';
  return [
    ['10,000 characters of prose', 'find the weather forecast and stock prices for a trip '.repeat(200).slice(0, 10_000)],
    ['one word 5,000 times', 'weather '.repeat(5_000)],
    ['common words 300 times', `${common} `.repeat(300)],
    ['every script', Array.from({ length: 10_000 }, (_, i) => String.fromCodePoint(0x20 + ((i * 7919) % 0x2ffff))).join('')],
  ];
}

function qualityOf(rank: (query: string) => string[]): Quality {
  let ndcg = 0;
  let recall = 0;
  for (const { query, relevant } of queries) {
    const ranked = rank(query);
    const ideal = Object.values(relevant).sort((a, b) => b - a);
    const dcgOf = (gains: number[]) => gains.slice(0, CUTOFF).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
    ndcg += dcgOf(ranked.map((name) => relevant[name] ?? 0)) / dcgOf(ideal);
    recall += ranked.slice(0, CUTOFF).filter((name) => (relevant[name] ?? 0) > 0).length / ideal.filter((gain) => gain > 0).length;
  }
  return { ndcg: ndcg / queries.length, recall: recall / queries.length };
}

function printQualities(rows: [label: string, quality: Quality][]): void {
  console.log(`${''.padEnd(28)} NDCG@10  Recall@10`);
  for (const [label, { ndcg, recall }] of rows) console.log(`${label.padEnd(28)} ${ndcg.toFixed(3).padStart(7)}  ${recall.toFixed(3).padStart(9)}`);
}

/**
 * BM25 as a first try would do it: the words of the name, the description and the schema's
 * property names, titles and descriptions in one bag, lowercased and cut at anything not a letter
 * or digit, no stemming, no stop words.
 */
class PlainBm25 {
  private readonly documents: Map<string, number>[];
  private readonly lengths: number[];
  private readonly averageLength: number;
  private readonly toolsWithWord = new Map<string, number>();

  constructor(private readonly tools: BenchmarkTool[]) {
    this.documents = tools.map((tool) => counts(plainWordsOf([tool.name, tool.description, ...schemaWordsOf(tool.inputSchema)].join(' '))));
    this.lengths = this.documents.map((document) => [...document.values()].reduce((sum, count) => sum + count, 0));
    this.averageLength = this.lengths.reduce((sum, length) => sum + length, 0) / tools.length;
    for (const document of this.documents) for (const word of document.keys()) this.toolsWithWord.set(word, (this.toolsWithWord.get(word) ?? 0) + 1);
  }

  search(query: string, first: number): string[] {
    const words = [...new Set(plainWordsOf(query))];
    const scored = this.tools.map((tool, i) => {
      let score = 0;
      for (const word of words) {
        const count = this.documents[i]!.get(word) ?? 0;
        if (count === 0) continue;
        const withWord = this.toolsWithWord.get(word)!;
        const idf = Math.log(1 + (this.tools.length - withWord + 0.5) / (withWord + 0.5));
        score += (idf * count * 2.2) / (count + 1.2 * (0.25 + (0.75 * this.lengths[i]!) / this.averageLength));
      }
      return { name: tool.name, score };
    });
    return scored
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1))
      .slice(0, first)
      .map((hit) => hit.name);
  }
}

function plainWordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function schemaWordsOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: Record<string, { title?: unknown; description?: unknown }> }).properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => [name, ...[property.title, property.description].filter((text) => typeof text === 'string')]);
}

function counts(words: string[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const word of words) counted.set(word, (counted.get(word) ?? 0) + 1);
  return counted;
}

/** Bytes of the heap and of typed arrays' buffers in use, after a full collection (the script runs with --expose-gc). */
function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed: heap, arrayBuffers } = process.memoryUsage();
  return heap + arrayBuffers;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

function percentChange(value: number, reference: number): string {
  const change = ((value - reference) / reference) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;
}

main();
