import type { ToolgraphServer } from '../../src/server/yoga';

export interface GraphQLResponse<T = any> {
  data?: T;
  errors?: { message: string; path?: string[]; locations?: unknown; extensions?: Record<string, unknown> }[];
}

/** Posts one operation to the yoga server in memory (no port), as a client would, accepting `accept`, with `headers`; the HTTP status and the body. */
export async function exchange<T = any>(
  yoga: ToolgraphServer,
  query: string,
  variables?: Record<string, unknown>,
  accept = 'application/graphql-response+json',
  headers: Record<string, string> = {},
): Promise<{ status: number; body: GraphQLResponse<T> }> {
  const response = await yoga.fetch('http://yoga/graphql', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLResponse<T> };
}

/** Posts one operation to the yoga server in memory (no port), as a client would. */
export async function execute<T = any>(yoga: ToolgraphServer, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>> {
  return (await exchange<T>(yoga, query, variables)).body;
}

/** The data of an operation that must succeed; fails the test with the errors otherwise. */
export async function data<T = any>(yoga: ToolgraphServer, query: string, variables?: Record<string, unknown>): Promise<T> {
  const result = await execute<T>(yoga, query, variables);
  if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  return result.data as T;
}
