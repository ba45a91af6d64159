/**
 * The development set of a public tool-retrieval benchmark (ToolLens), read at run time from
 * ../shared/data/retrieval/ beside the project (or TOOLGRAPH_RETRIEVAL_DATA): `tools.jsonl`
 * ({name, description, inputSchema}) and `queries.jsonl` ({id, query, relevant: {name: gain}}).
 * Nothing of it is part of the project; the bench scripts that read it exit when it is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../../src/domain/model';
import type { SearchableTool } from '../../src/domain/search/document';

export interface BenchmarkTool {
  name: string;
  description: string;
  inputSchema: JsonObject | null;
}

export interface BenchmarkQuery {
  id: string;
  query: string;
  relevant: Record<string, number>;
}

export interface RetrievalSet {
  directory: string;
  benchmarkTools: BenchmarkTool[];
  /** The benchmark's tools as the index reads them. */
  tools: SearchableTool[];
  queries: BenchmarkQuery[];
}

export function readRetrievalSet(): RetrievalSet {
  const directory = process.env.TOOLGRAPH_RETRIEVAL_DATA ?? join(__dirname, '..', '..', '..', 'shared', 'data', 'retrieval');
  if (!existsSync(join(directory, 'tools.jsonl')) || !existsSync(join(directory, 'queries.jsonl'))) {
    console.error(`No development set in ${directory}: it needs tools.jsonl and queries.jsonl (TOOLGRAPH_RETRIEVAL_DATA names another folder).`);
    process.exit(1);
  }
  const benchmarkTools = readJsonLines<BenchmarkTool>(join(directory, 'tools.jsonl'));
  return { directory, benchmarkTools, tools: benchmarkTools.map(searchableOf), queries: readJsonLines<BenchmarkQuery>(join(directory, 'queries.jsonl')) };
}

function searchableOf(tool: BenchmarkTool): SearchableTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, mcpServer: null, mcpToolName: null, agentSkillPath: null };
}

function readJsonLines<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
