/**
 * What a person opening the server in a browser gets: GraphiQL at /graphql with a tab of example
 * operations that are valid against the schema and run, and the registry browser page at /.
 */
import { buildSchema, Kind, parse, validate, type OperationDefinitionNode } from 'graphql';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GRAPHIQL_EXAMPLES } from '../../src/server/graphiql-examples';
import { useTestServer } from '../support/test-server';

const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
const operations = parse(GRAPHIQL_EXAMPLES).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

describe('GraphiQL and the browser page', () => {
  const server = useTestServer('sqlite');

  it('offers example operations to list, get, create, import, sync and subscribe, all valid', () => {
    expect(validate(schema, parse(GRAPHIQL_EXAMPLES))).toEqual([]);
    expect(operations.map((op) => `${op.operation} ${op.name?.value}`)).toEqual([
      'query ListTools',
      'query Facets',
      'query SearchTools',
      'query GetTool',
      'mutation CreateTool',
      'mutation ImportTools',
      'query Sync',
      'subscription WatchTools',
    ]);
  });

  it.each(['CreateTool', 'GetTool', 'ListTools', 'Facets', 'SearchTools', 'ImportTools', 'Sync'])('runs %s without errors', async (operationName) => {
    const response = await server.yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: GRAPHIQL_EXAMPLES, operationName }),
    });
    const result = await response.json();
    expect(result.errors).toBeUndefined();
  });

  it('opens GraphiQL with the examples as its first tab', async () => {
    const response = await server.yoga.fetch('http://yoga/graphql', { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('subscription WatchTools');
    expect(html).toContain('mutation ImportTools');
  });

  it('serves the registry browser at /', async () => {
    const response = await server.yoga.fetch('http://yoga/', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('/browser/browser.js');
  });
});
