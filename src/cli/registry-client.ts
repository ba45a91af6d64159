import { CliError, networkReason } from './output';

/**
 * The registry as the CLI reaches it: GraphQL over HTTP, with the bearer token when one is given.
 * Whatever keeps an operation from being answered becomes a CliError (exit 2) that says whose
 * fault it is: the address, the network, the credential, or the registry.
 */

/** Longer than the registry takes for the largest import (1,000 tools) on either database. */
const REQUEST_TIMEOUT_MS = 120_000;

interface GraphQLError {
  message?: string;
  extensions?: { code?: string };
}

export class RegistryClient {
  readonly endpoint: URL;

  constructor(
    server: string,
    private readonly token: string | undefined,
  ) {
    this.endpoint = graphqlEndpoint(server);
  }

  /** The data of one operation; a CliError when there is none. */
  async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CliError(`cannot reach the registry at ${this.endpoint.href}: ${reasonOf(error)}`);
    }
    let body: { data?: T | null; errors?: GraphQLError[] };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new CliError(
        `${this.endpoint.href} did not answer as a toolgraph registry (HTTP ${response.status}, ${response.headers.get('content-type') ?? 'no content type'}); check --server`,
      );
    }
    const [error] = body.errors ?? [];
    if (response.status === 401 || error?.extensions?.code === 'UNAUTHENTICATED') {
      const said = error?.message ?? 'HTTP 401';
      throw new CliError(
        this.token
          ? `the registry at ${this.endpoint.origin} refused the token: ${said}`
          : `the registry at ${this.endpoint.origin} needs a credential and none was given (pass --token or set TOOLGRAPH_TOKEN): ${said}`,
      );
    }
    if (error !== undefined || body.data == null) {
      const code = error?.extensions?.code ?? `HTTP ${response.status}`;
      throw new CliError(`the registry answered ${code}: ${error?.message ?? 'no data'}`);
    }
    return body.data;
  }
}

/**
 * The GraphQL endpoint of `server`: as given when it has a path, `/graphql` of it otherwise
 * (`http://localhost:4000` → `http://localhost:4000/graphql`).
 */
export function graphqlEndpoint(server: string): URL {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new CliError(`--server ${JSON.stringify(server)} is not a URL (e.g. http://127.0.0.1:4000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--server must be an http or https URL, not ${url.protocol}`);
  // Never echoed: messages and plans print the endpoint, and CI logs keep them.
  if (url.username !== '' || url.password !== '')
    throw new CliError('--server must not hold a user name or password; give the credential with --token (or TOOLGRAPH_TOKEN)');
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/graphql';
  return url;
}

/** Why a request failed: the time it had, or what the network said. */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  return networkReason(error);
}
