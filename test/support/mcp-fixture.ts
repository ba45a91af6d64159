/**
 * Small MCP servers for the tests of `toolgraph discover`, made with the official MCP SDK: one
 * over stdio (run this file: `node --import tsx test/support/mcp-fixture.ts <set>`) and one over
 * Streamable HTTP on a free port (`startHttpMcpServer`). Their `tools/list` answers a page of two
 * tools at a time, so that a client must follow `nextCursor` to see them all.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

/** Tools of a files server: every kind of annotation, camelCase and dotted names, one without a description. */
export const FILE_TOOLS: Tool[] = [
  {
    name: 'read_file',
    description: 'Read a file of the workspace.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    outputSchema: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'writeFile',
    description: 'Write a file, replacing what it held.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'create_directory',
    description: 'Create a folder.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'web.search',
    title: 'Search the web',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  },
];

/** Tools the registry cannot take as they are: two names that become one, and an input schema that is no JSON Schema. */
export const CLASHING_TOOLS: Tool[] = [
  { name: 'getUser', description: 'Get a user.', inputSchema: { type: 'object' } },
  { name: 'get-user', description: 'Get a user, again.', inputSchema: { type: 'object' } },
  { name: 'broken', description: 'Bad schema.', inputSchema: { type: 'object', properties: { a: { type: 'nope' } } } },
];

export const TOOL_SETS: Record<string, Tool[]> = { files: FILE_TOOLS, clashing: CLASHING_TOOLS };

const PAGE = 2;

/** An MCP server listing `tools`, a page of two at a time. */
export function mcpServer(tools: readonly Tool[]): Server {
  const server = new Server({ name: 'toolgraph-test', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const end = start + PAGE;
    return { tools: tools.slice(start, end), ...(end < tools.length ? { nextCursor: String(end) } : {}) };
  });
  return server;
}

export interface HttpMcpServer {
  /** The Streamable HTTP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  url: string;
  close(): Promise<void>;
}

/** An MCP server over Streamable HTTP (stateless: a server and transport per request), on a free port of 127.0.0.1. */
export async function startHttpMcpServer(tools: readonly Tool[]): Promise<HttpMcpServer> {
  const http: HttpServer = createServer((request, response) => {
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    const server = mcpServer(tools);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

// As a program: the stdio server of the tool set named by the first argument.
if (require.main === module) {
  const tools = TOOL_SETS[process.argv[2] ?? 'files'];
  if (!tools) {
    process.stderr.write(`unknown tool set ${process.argv[2]}; one of ${Object.keys(TOOL_SETS).join(', ')}\n`);
    process.exit(1);
  }
  void mcpServer(tools).connect(new StdioServerTransport());
}
