/**
 * Requests with a credential against a real server process, when a test needs the HTTP status as
 * well as the body (a refused credential is HTTP 401, an unreachable issuer 503).
 */

export interface HttpResult {
  status: number;
  /** The parsed GraphQL response. */
  body: any;
}

/** One GraphQL operation over HTTP, with `Authorization: Bearer <token>` when a token is given; status and body. */
export async function graphqlAs(token: string | undefined, url: string, query: string, variables?: object): Promise<HttpResult> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

/** A `fetch` that sends `token` as a bearer credential: for clients that take a fetch, such as test/events/sse.ts. */
export function fetchAs(token: string): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) => fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
}
