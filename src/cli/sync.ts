import { pathText } from '../domain/config-source';
import type { Issue } from '../domain/issues';
import { count, painter, writeJson, type LocatedIssue } from './output';
import type { RegistryClient } from './registry-client';

/**
 * `plan` and `apply` (and `discover`, which registers what it found the same way): the tools go to
 * the registry as one `importTools`, a dry run for a plan, so that the registry judges them as a
 * whole against what it holds, and writes them all or nothing. The issues it finds come back to
 * the file (or MCP tool) each tool came from.
 */

/** A tool to send, and where its issues lie. */
export interface SyncTool {
  config: unknown;
  /** A function of no `this`, passed to `map` as it is. */
  locate: (issue: Issue) => LocatedIssue;
}

export type Change = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface PlannedChange {
  name: string;
  change: Change;
  /** For an update, the top-level keys it changes. */
  changedFields: string[];
  /** The tool's revision: on a plan, as the registry holds it now (what `apply --plan` expects); applied, as written; null: no tool. */
  revision: number | null;
}

/** What a plan read, per tool: what `apply --plan` sends as the revisions it expects. */
export interface PlannedRevision {
  name: string;
  revision: number | null;
}

export type SyncResult =
  | { ok: true; dryRun: boolean; tools: PlannedChange[] }
  | { ok: false; issues: LocatedIssue[] }
  /** A tool changed since the plan was made: nothing was written. */
  | { ok: false; conflict: string };

const IMPORT = /* GraphQL */ `
  mutation Sync($config: String!, $dryRun: Boolean, $prune: [String!], $expectedRevisions: [ExpectedToolRevision!]) {
    importTools(config: $config, dryRun: $dryRun, prune: $prune, expectedRevisions: $expectedRevisions) {
      __typename
      ... on ImportToolsSuccess { dryRun tools { name change changedFields tool { revision } } }
      ... on ImportValidationError { issues { ...Issue } invalidTools { index name issues { ...Issue } } }
      ... on ToolRevisionConflict { message }
    }
  }
  fragment Issue on ToolIssue { path configPath code message }
`;

/** A `ToolIssue` as the CLI reads it. */
interface ToolIssue {
  path: string[];
  configPath: string[] | null;
  code: Issue['code'];
  message: string;
}

type ImportAnswer =
  | { __typename: 'ImportToolsSuccess'; dryRun: boolean; tools: { name: string; change: string; changedFields: string[]; tool: { revision: number } | null }[] }
  | { __typename: 'ImportValidationError'; issues: ToolIssue[]; invalidTools: { index: number; name: string | null; issues: ToolIssue[] }[] }
  | { __typename: 'ToolRevisionConflict'; message: string };

export interface SyncOptions {
  dryRun: boolean;
  prune: readonly string[];
  /** From a plan: nothing is written unless the registry is still as the plan read it. */
  expectedRevisions?: readonly PlannedRevision[];
}

export async function sync(client: RegistryClient, tools: readonly SyncTool[], options: SyncOptions): Promise<SyncResult> {
  const config = JSON.stringify({ tools: tools.map((tool) => tool.config) });
  const send = options.dryRun ? client.request.bind(client) : client.write.bind(client);
  const { importTools: answer } = await send<{ importTools: ImportAnswer }>(IMPORT, {
    config,
    dryRun: options.dryRun,
    prune: options.prune,
    expectedRevisions: options.expectedRevisions,
  });
  if (answer.__typename === 'ToolRevisionConflict') return { ok: false, conflict: answer.message };
  if (answer.__typename === 'ImportToolsSuccess') {
    return {
      ok: true,
      dryRun: answer.dryRun,
      tools: answer.tools.map((tool) => ({
        name: tool.name,
        change: tool.change.toLowerCase() as Change,
        // The enum's values lower-cased are the config's keys, which the files hold.
        changedFields: tool.changedFields.map((field) => field.toLowerCase()),
        revision: tool.tool?.revision ?? null,
      })),
    };
  }
  const ofTools = answer.invalidTools.flatMap((invalid) => {
    const tool = tools[invalid.index];
    return invalid.issues.map((issue) => (tool ? tool.locate(ofSentTool(issue)) : ofNoFile(issue, invalid.name, options.prune)));
  });
  return { ok: false, issues: [...answer.issues.map((issue) => ofNoFile(issue, null, options.prune)), ...ofTools] };
}

/** An issue of a tool sent as `tools[i]`, with its path relative to the tool again, as its file names it. */
function ofSentTool({ configPath, code, message }: ToolIssue): Issue {
  const [, , ...inTool] = configPath ?? [];
  return { path: pathText(inTool.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment))), code, message };
}

/** An issue of the import as a whole (its size) or of its options, named as the command line gives them: `['prune', '1']` → `--prune <namespace>`. */
function ofNoFile({ path: [argument, index], configPath, code, message }: ToolIssue, tool: string | null, prune: readonly string[]): LocatedIssue {
  const path =
    argument === 'prune'
      ? `--prune${index === undefined ? '' : ` ${prune[Number(index)]}`}`
      : argument === 'expectedRevisions'
        ? '--plan'
        : pathText(configPath ?? []);
  return { file: null, line: 1, column: 1, tool, path, code, message };
}

const SYMBOLS: Record<Change, string> = { created: '+', updated: '~', unchanged: '=', deleted: '-' };
const STYLES = { created: 'green', updated: 'yellow', unchanged: 'dim', deleted: 'red' } as const;
const PLANNED: Record<Change, string> = { created: 'to create', updated: 'to update', unchanged: 'unchanged', deleted: 'to delete' };

/** One line per tool (`+ name  created`, `~ name  updated: description, timeout`), and what it comes to. */
export function printChanges(result: Extract<SyncResult, { ok: true }>, format: 'text' | 'json', server: string): void {
  const totals = Object.fromEntries(
    (['created', 'updated', 'unchanged', 'deleted'] as const).map((change) => [change, result.tools.filter((t) => t.change === change).length]),
  ) as Record<Change, number>;
  if (format === 'json') {
    writeJson({ server, dryRun: result.dryRun, ...totals, tools: result.tools });
    return;
  }
  const paint = painter(process.stdout);
  const width = Math.max(0, ...result.tools.map((tool) => tool.name.length));
  for (const tool of result.tools) {
    const verb = result.dryRun ? PLANNED[tool.change] : tool.change;
    const fields = tool.changedFields.length > 0 ? `: ${tool.changedFields.join(', ')}` : '';
    process.stdout.write(`${paint(STYLES[tool.change], SYMBOLS[tool.change])} ${tool.name.padEnd(width)}  ${paint(STYLES[tool.change], verb)}${fields}\n`);
  }
  const summary = (['created', 'updated', 'unchanged', 'deleted'] as const)
    .map((change) => `${totals[change]} ${result.dryRun ? PLANNED[change] : change}`)
    .join(', ');
  process.stdout.write(
    result.dryRun ? `Plan for ${server}: ${summary} (${count(result.tools.length, 'tool')}; nothing written).\n` : `Applied to ${server}: ${summary}.\n`,
  );
}
