import type { IncomingMessage } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { GraphQLError, OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ToolRegistry } from '../../domain/registry';
import { createRegistryMcpServer } from '../../mcp/registry-tools';
import type { Authenticator, Identity } from '../auth/authenticator';
import { isLoopback } from '../config';
import type { RateLimits } from '../rate-limits';
import { needsCredential, type RequestIdentities } from './use-credential-requirement';
import { clientOf, spendOperation } from './use-rate-limits';

export const MCP_ENDPOINT = '/mcp';

export interface McpEndpointOptions {
  registry: ToolRegistry;
  /** Who each request comes from (access control on); none: every request may read. */
  access?: { identities: RequestIdentities; authenticator: Authenticator };
  rateLimits?: RateLimits;
  /**
   * The server listens on a loopback address: a request must name a loopback host (and come from
   * a loopback origin, if any), or a web page whose name was made to resolve to 127.0.0.1 (DNS
   * rebinding) could call the local registry from the browser.
   */
  loopbackOnly: boolean;
  /** The largest request body read. */
  maxRequestBodyBytes: number;
}

/**
 * `POST /mcp`: the registry's MCP server (src/mcp/registry-tools.ts) over Streamable HTTP, in the
 * SDK's stateless mode: every request is complete in itself, so any instance answers it and no
 * session outlives it. Reads over MCP need what GraphQL reads need (spec section 6) and spend the
 * caller's read budget; refusals are HTTP errors with a JSON-RPC error body.
 */
export function useMcpEndpoint(options: McpEndpointOptions): Plugin {
  return {
    async onRequest(payload) {
      if (payload.url.pathname !== MCP_ENDPOINT) return;
      payload.endResponse(await answer(payload.request, (payload.serverContext as { req?: IncomingMessage } | undefined)?.req, options));
    },
  };
}

async function answer(request: Request, req: IncomingMessage | undefined, options: McpEndpointOptions): Promise<Response> {
  if (options.loopbackOnly && !fromLoopback(request)) return refusal(403, 'This MCP server answers requests to localhost only (Host and Origin).');
  // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
  if (request.method !== 'POST') return refusal(405, 'Send MCP requests with POST.', { allow: 'POST' });

  /** The caller's actor when a credential was accepted: whose read budget is spent. */
  let actor: string | null = null;
  if (options.access) {
    let identity: Identity;
    try {
      identity = await options.access.identities.of(request);
    } catch (error) {
      if (error instanceof GraphQLError) return refusal(401, error.message, { 'www-authenticate': 'Bearer' });
      throw error;
    }
    if (!identity.authenticated && options.access.authenticator.needsCredential(OperationTypeNode.QUERY))
      return refusal(401, needsCredential(OperationTypeNode.QUERY), { 'www-authenticate': 'Bearer' });
    if (identity.authenticated) actor = identity.caller.actor;
  }
  if (options.rateLimits) {
    const refused = await spendOperation(options.rateLimits, OperationTypeNode.QUERY, clientOf(actor, req));
    if (refused) {
      const [error] = refused.errors as GraphQLError[];
      return refusal(429, error!.message, { 'retry-after': String(Number(error!.extensions.retryAfterSeconds)) });
    }
  }

  const server = createRegistryMcpServer(options.registry);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: options.maxRequestBodyBytes,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

/** A refusal before MCP is spoken: the HTTP status says whose fault, the JSON-RPC error says why. */
function refusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status, headers });
}

function fromLoopback(request: Request): boolean {
  const host = request.headers.get('host');
  if (host === null || !isLoopback(hostnameOf(`http://${host}`))) return false;
  const origin = request.headers.get('origin');
  return origin === null || isLoopback(hostnameOf(origin));
}

/** The host name of a URL (`[::1]` for IPv6), or '' when it is no URL. */
function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
