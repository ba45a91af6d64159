import { asCliDict, fromConfig, toConfigText } from '../domain/config';
import { CONFIG_SCHEMA_PATH } from '../domain/config-schema';
import { asModelTool, type ModelFormat } from '../domain/exports';
import type { JsonObject, ToolDefinition } from '../domain/model';
import { CliError, EXIT, type LocatedIssue } from './output';
import type { RegistryClient } from './registry-client';

/**
 * `toolgraph export`: the registry's tools (of one namespace, or all), read a page at a time, as a
 * config file (`yaml`, `json`: loading it back gives the same tools) or in a model-ready format
 * (`mcp`: a `tools/list` result; `openai`, `anthropic`: a list of tools), made by the domain's
 * functions that the server's `Tool.as…` fields use. A tool a format cannot carry is left out and
 * reported, and the exit code says so.
 */

export const EXPORT_FORMATS = ['yaml', 'json', 'mcp', 'openai', 'anthropic'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most tools one page of `tools` holds. */
const PAGE = 100;

const TOOLS = /* GraphQL */ `
  query Export($filter: ToolFilter, $after: String) {
    tools(filter: $filter, first: ${PAGE}, after: $after) {
      edges { node { cliDict } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

interface Page {
  tools: { edges: { node: { cliDict: JsonObject } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

export interface Exported {
  /** The text to write. */
  text: string;
  /** The tools left out, each with why. */
  issues: LocatedIssue[];
  count: number;
}

export async function exportTools(client: RegistryClient, namespace: string | undefined, format: ExportFormat): Promise<Exported> {
  const tools = await readTools(client, namespace);
  if (format === 'yaml') {
    const schema = new URL(CONFIG_SCHEMA_PATH, client.endpoint).href;
    return { text: `# yaml-language-server: $schema=${schema}\n${toConfigText(tools)}`, issues: [], count: tools.length };
  }
  if (format === 'json') {
    return { text: `${JSON.stringify({ tools: tools.map(asCliDict) }, null, 2)}\n`, issues: [], count: tools.length };
  }
  const issues: LocatedIssue[] = [];
  const exported = tools.flatMap((tool) => {
    const checked = asModelTool(tool, format satisfies ModelFormat);
    if (checked.ok) return [checked.value];
    issues.push(...checked.issues.map((issue) => ({ file: null, line: 1, column: 1, tool: tool.name, ...issue, path: `${tool.name} ${issue.path}` })));
    return [];
  });
  const body = format === 'mcp' ? { tools: exported } : exported;
  return { text: `${JSON.stringify(body, null, 2)}\n`, issues, count: exported.length };
}

/** Every tool of the filter, in name order, as definitions (read back from `cliDict` by the domain's own rules). */
async function readTools(client: RegistryClient, namespace: string | undefined): Promise<ToolDefinition[]> {
  const tools: ToolDefinition[] = [];
  let after: string | null = null;
  do {
    const page: Page = await client.request<Page>(TOOLS, { filter: namespace === undefined ? {} : { namespace }, after });
    for (const { node } of page.tools.edges) {
      const definition = fromConfig(node.cliDict);
      if (!definition.ok)
        throw new CliError(
          `the registry sent a tool that does not read back (${JSON.stringify(definition.issues[0])}); is the CLI older than the registry?`,
          EXIT.usage,
        );
      tools.push(definition.value);
    }
    after = page.tools.pageInfo.hasNextPage ? page.tools.pageInfo.endCursor : null;
  } while (after !== null);
  return tools;
}
