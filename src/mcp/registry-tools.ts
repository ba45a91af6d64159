/**
 * The registry as an MCP server for agent hosts (spec section 7): the tools `search_tools` and
 * `get_tool`, whose answers are tool definitions a host hands to its model as they are. Built on
 * the official SDK's McpServer; the HTTP side (transport, access, Host checks) is
 * src/server/plugins/use-mcp-endpoint.ts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { asModelTool, fromModelName } from '../domain/exports';
import type { StoredTool } from '../domain/model';
import { ok, type Checked } from '../domain/issues';
import { unavailableCause } from '../domain/ports';
import type { ToolRegistry } from '../domain/registry';

/** The most hits `search_tools` answers, and how many unless asked (spec section 7). */
export const MAX_MCP_SEARCH_HITS = 50;
export const DEFAULT_MCP_SEARCH_HITS = 10;

/** What the server says it is in `initialize`. */
export const MCP_SERVER_INFO = { name: 'toolgraph', version: '0.1.0' };

const offeredTool = z.object({
  name: z.string().describe('The registry name, namespace/short_name.'),
  modelName: z.string().describe('The name a model calls the tool by (Tool.modelName).'),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()).describe('The JSON Schema of the arguments, an object schema.'),
  revision: z.number().int().describe('The revision of the definition answered.'),
  contentHash: z.string().describe('The content hash of the definition answered: pin it to notice a change.'),
  score: z.number().optional().describe('search_tools: how well the tool fits the query, higher is better, comparable within one answer.'),
});
type OfferedTool = z.infer<typeof offeredTool>;

const answerShape = { tools: z.array(offeredTool) };

/**
 * The tool as a host hands it to its model, or why it cannot be one (Tool.modelTool(format: MCP)'s rules): a
 * name too long for MCP, an input schema that is no object of arguments, or a finding that keeps
 * it from models.
 */
function offered(tool: StoredTool, score?: number): Checked<OfferedTool> {
  const mcp = asModelTool(tool, 'mcp', tool.findings);
  if (!mcp.ok) return mcp;
  const { name: modelName, description, inputSchema } = mcp.value;
  return ok({
    name: tool.name,
    modelName,
    description,
    inputSchema,
    revision: tool.revision,
    contentHash: tool.contentHash,
    ...(score === undefined ? {} : { score }),
  });
}

const valueOrNone = <T>(checked: Checked<T>): T[] => (checked.ok ? [checked.value] : []);

function answer(tools: OfferedTool[]): CallToolResult {
  const structuredContent = { tools };
  // The same JSON as text, for hosts that read only `content`.
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * What a tool answers when the registry could not: an outage says so (a retry may succeed);
 * anything else is a bug and says no more (never SQL, a stack or a path, which the SDK would
 * otherwise pass on from the error's message).
 */
function answering(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  return work().catch((error: unknown) => {
    const unavailable = unavailableCause(error);
    return failure(unavailable ? `${unavailable.message} Retry in a moment.` : 'Unexpected error.');
  });
}

/** A fresh MCP server over `registry` (one per request: the endpoint is stateless, any instance answers any request). */
export function createRegistryMcpServer(registry: ToolRegistry): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  server.registerTool(
    'search_tools',
    {
      title: 'Search the tool registry',
      description:
        'Find the tools that fit a task described in words ("open a ticket for this bug"), best first. Each result is a tool definition (name, description, input schema) ready to be offered to a model.',
      inputSchema: {
        query: z.string().describe('The task, in words.'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_MCP_SEARCH_HITS)
          .optional()
          .describe(`How many tools at most (1–${MAX_MCP_SEARCH_HITS}, default ${DEFAULT_MCP_SEARCH_HITS}).`),
        namespace: z.string().optional().describe('Only tools of this namespace (the part of the name before the "/").'),
      },
      outputSchema: answerShape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ query, limit, namespace }) =>
      answering(async () => {
        const hits = await registry.search({ query, first: limit ?? DEFAULT_MCP_SEARCH_HITS, filter: { namespace } });
        return answer(hits.flatMap((hit) => valueOrNone(offered(hit.tool, hit.score))));
      }),
  );
  server.registerTool(
    'get_tool',
    {
      title: 'Get one tool of the registry',
      description: 'The definition of one tool, by its registry name (namespace/short_name) or the name a model called it by.',
      inputSchema: { name: z.string().describe('A registry name (devops/docker-build) or a model tool name (devops__docker-build).') },
      outputSchema: answerShape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ name }) =>
      answering(async () => {
        const tool = (await registry.get(name)) ?? (await modelNamed(registry, name));
        if (tool === null) return failure(`No tool is named "${name}" (as a registry name or a model tool name).`);
        const definition = offered(tool);
        if (!definition.ok) return failure(`"${tool.name}" is not offered to models: ${definition.issues.map((issue) => issue.message).join(' ')}`);
        return answer([definition.value]);
      }),
  );
  return server;
}

/** The tool a model tool name stands for. */
async function modelNamed(registry: ToolRegistry, modelName: string): Promise<StoredTool | null> {
  const name = fromModelName(modelName);
  return name === null ? null : registry.get(name);
}
