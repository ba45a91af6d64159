import type { ToolgraphServer } from '../../src/server/yoga';

export interface GraphQLResponse<T = any> {
  data?: T;
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
}

/** Posts one operation to the yoga server in memory (no port), as a client would. */
export async function execute<T = any>(yoga: ToolgraphServer, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>> {
  const response = await yoga.fetch('http://yoga/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

/** The data of an operation that must succeed; fails the test with the errors otherwise. */
export async function data<T = any>(yoga: ToolgraphServer, query: string, variables?: Record<string, unknown>): Promise<T> {
  const result = await execute<T>(yoga, query, variables);
  if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  return result.data as T;
}
