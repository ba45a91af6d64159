/**
 * The GraphQL documents this project sends itself or tells people to send, read from the files
 * they live in, so a test of them follows every change: the documentation's ```graphql blocks (README.md and docs/), GraphiQL's
 * example tab, and the registry browser's operations (src/server/browser/operations.graphql, as its
 * manifest lists them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { GRAPHIQL_EXAMPLES } from '../../src/server/graphiql-examples';
import { codeBlocks } from './docs';

const root = join(__dirname, '..', '..');

export interface OwnOperation {
  /** `query Tools`, `subscription BrowserEvents`, … */
  label: string;
  kind: 'query' | 'mutation' | 'subscription';
  /** The whole document as sent (GraphiQL sends its tab whole, with `operationName`). */
  document: string;
  operationName?: string;
  /** The id it is sent by instead of its text (the registry browser's). */
  documentId?: string;
}

function operationsOf(document: string, sentWhole: boolean): OwnOperation[] {
  return parse(document)
    .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => ({
      label: `${operation.operation} ${operation.name?.value ?? '(anonymous)'}`,
      kind: operation.operation,
      document,
      operationName: sentWhole ? operation.name?.value : undefined,
    }));
}

/** Each operation of the documentation's ```graphql blocks, README.md first, then docs/. */
export function documentedOperations(): OwnOperation[] {
  return codeBlocks('graphql').flatMap((block) => operationsOf(block.text, false));
}

/** Each operation of GraphiQL's first tab, sent the way GraphiQL sends it: the whole tab and its name. */
export function graphiqlOperations(): OwnOperation[] {
  return operationsOf(GRAPHIQL_EXAMPLES, true);
}

const browserSource = () => readFileSync(join(root, 'src', 'server', 'browser', 'browser.js'), 'utf8');

/** The registry browser's operations, as its manifest lists them and the page sends them: by id. */
export function browserOperations(): OwnOperation[] {
  const manifest = JSON.parse(readFileSync(join(root, 'src', 'server', 'browser', 'persisted-query-manifest.json'), 'utf8')) as {
    operations: { id: string; name: string; type: OwnOperation['kind']; body: string }[];
  };
  return manifest.operations.map(({ id, name, type, body }) => ({ label: `${type} ${name}`, kind: type, document: body, operationName: name, documentId: id }));
}

/** A numeric constant of browser.js (`PAGE_SIZE`, `MAX_PAGE`): the page sizes it asks for. */
export function browserConstant(name: string): number {
  const match = new RegExp(`const ${name} = (\\d+);`).exec(browserSource());
  if (!match) throw new Error(`browser.js has no numeric constant ${name}`);
  return Number(match[1]);
}
