import { randomUUID } from 'node:crypto';
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
  request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    return this.exchange<T>(query, variables, undefined);
  }

  /**
   * The data of one write, sent with a new `Idempotency-Key` and sent again with that key when the
   * connection failed or the registry was unavailable: the registry writes it once, whichever
   * attempt reached it, and answers a repeat with the first answer.
   */
  async write<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const key = randomUUID();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.exchange<T>(query, variables, key);
      } catch (error) {
        if (!(error instanceof Unanswered) || attempt === WRITE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? RETRY_BASE_MS * 2 ** (attempt - 1)));
      }
    }
  }

  private async exchange<T>(query: string, variables: Record<string, unknown>, writeKey: string | undefined): Promise<T> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(writeKey ? { 'idempotency-key': writeKey } : {}),
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new Unanswered(`cannot reach the registry at ${this.endpoint.href}: ${reasonOf(error)}`);
    }
    let body: { data?: T | null; errors?: GraphQLError[] };
    try {
      body = JSON.parse(text) as typeof body;
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
      const message = `the registry answered ${code}: ${error?.message ?? 'no data'}`;
      if (code === 'SERVICE_UNAVAILABLE') throw new Unanswered(message, retryAfterMs(response.headers.get('retry-after')));
      throw new CliError(message);
    }
    return body.data;
  }
}

/** How many times a write is sent at most: about 8 s of retries, as an outage of a restarting database lasts. */
const WRITE_ATTEMPTS = 5;
const RETRY_BASE_MS = 500;

/** The request may not have been answered (the connection failed, the registry was unavailable): a write with a key may be sent again. */
class Unanswered extends CliError {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A Retry-After in seconds, as milliseconds; undefined when absent or not a number of seconds. */
function retryAfterMs(header: string | null): number | undefined {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
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
