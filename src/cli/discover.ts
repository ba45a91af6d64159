import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { configEntry, toSnake, type ConfigEntry } from '../domain/config';
import { capabilityOfMcpAnnotations } from '../domain/exports';
import type { Issue } from '../domain/issues';
import { MAX_DESCRIPTION_LENGTH } from '../domain/limits';
import { isPlainObject, truncate } from '../domain/values';
import { CliError, networkReason, type LocatedIssue } from './output';
import type { SyncTool } from './sync';
import { VERSION } from './version';

/**
 * `toolgraph discover`: the tools an MCP server lists (`tools/list`, every page), read with the
 * official MCP SDK over stdio (a command the CLI starts) or Streamable HTTP (`--url`), each as a
 * tool config of source `mcp`: `mcp_server` the name given, `mcp_tool_name` the server's own name,
 * its input and output schemas, and its annotations mapped back to a capability
 * (src/domain/exports.ts). Registered like `apply` does, or written to a file to keep in git.
 */

export type McpEndpoint = { command: string; args: string[] } | { url: string };

/** A tool the server listed, as a config, with what had to change for the registry to take it. */
export interface DiscoveredTool extends SyncTool {
  mcpName: string;
  entry: ConfigEntry;
  /** Adjustments worth saying (a description shortened, made up): printed, not issues. */
  notes: string[];
}

const CLIENT_INFO = { name: 'toolgraph', version: VERSION };

/** Lists every tool of the MCP server; a CliError (exit 2) when it cannot be started, reached or understood in time. */
export async function listMcpTools(endpoint: McpEndpoint, timeoutSeconds: number): Promise<McpTool[]> {
  // Loaded here: validate, plan and export never need the SDK.
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const client: Client = new Client(CLIENT_INFO);
  const { transport, stderr, where } = await transportFor(endpoint);
  const options = { timeout: timeoutSeconds * 1000 };
  try {
    await client.connect(transport, options);
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, options);
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  } catch (error) {
    const said = stderr().trim().split('\n').slice(-5).join('\n');
    throw new CliError(`cannot list the tools of the MCP server ${where}: ${networkReason(error)}${said ? `\nit said:\n${said}` : ''}`);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The transport to the server, what it said on stderr (stdio), and how messages name it. */
async function transportFor(endpoint: McpEndpoint): Promise<{ transport: Transport; stderr: () => string; where: string }> {
  if ('url' in endpoint) {
    let url: URL;
    try {
      url = new URL(endpoint.url);
    } catch {
      throw new CliError(`--url ${JSON.stringify(endpoint.url)} is not a URL`);
    }
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    // Named without its query or credentials, which may hold a key.
    return { transport: new StreamableHTTPClientTransport(url), stderr: () => '', where: `${url.origin}${url.pathname}` };
  }
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  // The server gets the environment the CLI was started with (its keys and settings), not the SDK's short default list.
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new StdioClientTransport({ command: endpoint.command, args: endpoint.args, env, stderr: 'pipe' });
  let said = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString('utf8')).slice(-4000);
  });
  return { transport, stderr: () => said, where: [endpoint.command, ...endpoint.args].join(' ') };
}

/**
 * A registry short name for an MCP tool name: camelCase words split by `-`, lowercase, every
 * character a registry name does not allow replaced by `-`, at most 64 characters, starting and
 * ending with a letter or digit (`getUser` → `get-user`, `Search Web` → `search-web`).
 */
export function shortNameFor(mcpName: string): string {
  return mcpName
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, 64)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

/** The tools as configs of namespace `namespace`, server `server`; tools whose names would clash are issues. */
export function discoveredConfigs(tools: readonly McpTool[], namespace: string, server: string): DiscoveredTool[] {
  const taken = new Map<string, string>();
  return tools.map((tool, index) => {
    const notes: string[] = [];
    const shortName = shortNameFor(tool.name);
    const name = `${namespace}/${shortName}`;
    const capability = Object.fromEntries(Object.entries(capabilityOfMcpAnnotations(tool.annotations)).map(([key, value]) => [toSnake(key), value]));
    const config = {
      name,
      description: describe(tool, server, notes),
      source: 'mcp',
      mcp_server: server,
      mcp_tool_name: tool.name,
      input_schema: tool.inputSchema,
      ...(tool.outputSchema ? { output_schema: tool.outputSchema } : {}),
      capability,
    };
    const entry = configEntry(index, config);
    const locate = (issue: Issue): LocatedIssue => ({
      file: null,
      line: 1,
      column: 1,
      tool: name,
      ...issue,
      path: `${tool.name}${issue.path ? ` ${issue.path}` : ''}`,
    });
    const clash = taken.get(name);
    if (clash !== undefined) {
      const message = `"${tool.name}" and "${clash}" both become "${name}"; the registry has one tool per name.`;
      entry.checked = { ok: false, issues: [{ path: 'name', code: 'NAME_TAKEN', message }, ...(entry.checked.ok ? [] : entry.checked.issues)] };
    }
    if (shortName !== '') taken.set(name, tool.name);
    return { mcpName: tool.name, config, entry, locate, notes };
  });
}

/** The tool's description, or its title, or what it is; shortened to what the registry keeps. */
function describe(tool: McpTool, server: string, notes: string[]): string {
  const given = [tool.description, tool.title, isPlainObject(tool.annotations) ? tool.annotations.title : undefined].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  if (given === undefined) {
    notes.push('it has no description; one was made up from its name');
    return `The ${tool.name} tool of the MCP server ${server}.`;
  }
  if ([...given].length <= MAX_DESCRIPTION_LENGTH) return given;
  notes.push(`its description was shortened to ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} characters`);
  return truncate(given, MAX_DESCRIPTION_LENGTH);
}
