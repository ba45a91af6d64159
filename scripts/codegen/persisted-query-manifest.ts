/**
 * A GraphQL Codegen plugin (codegen.ts) that writes the documents it is given as an Apollo persisted
 * query manifest, the format TOOLGRAPH_TRUSTED_DOCUMENTS reads (src/server/trusted-documents.ts):
 * each operation with the fragments it spreads (directly or through other fragments), printed by
 * graphql-js, the operation first and its fragments after it by name; its id the SHA-256 of that
 * body, in hex, as Apollo's and Codegen's own generators make ids. Codegen has validated the
 * documents against schema.graphql before a plugin sees them.
 */
import { createHash } from 'node:crypto';
import { Kind, print, visit, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

export interface PersistedQueryManifest {
  format: 'apollo-persisted-query-manifest';
  version: 1;
  operations: { id: string; name: string; type: 'query' | 'mutation' | 'subscription'; body: string }[];
}

/** The manifest of every named operation of these documents, in the order they are written. */
export function persistedQueryManifest(documents: readonly DocumentNode[]): PersistedQueryManifest {
  const definitions = documents.flatMap((document) => document.definitions);
  const fragments = new Map(
    definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const operations = definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const names = new Set<string>();
  return {
    format: 'apollo-persisted-query-manifest',
    version: 1,
    operations: operations.map((operation) => {
      const name = operation.name?.value;
      if (!name) throw new Error('Every operation of a persisted query manifest needs a name.');
      if (names.has(name)) throw new Error(`Two operations are named ${name}.`);
      names.add(name);
      const spread = [...fragmentsOf(operation, fragments)].sort().map((fragment) => fragments.get(fragment)!);
      const body = [operation, ...spread].map((definition) => print(definition)).join('\n\n');
      return { id: createHash('sha256').update(body).digest('hex'), name, type: operation.operation, body };
    }),
  };
}

/** The names of the fragments `root` spreads, and those they spread, and so on. */
function fragmentsOf(root: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): Set<string> {
  const found = new Set<string>();
  const walk = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (found.has(name)) return;
        const fragment = fragments.get(name);
        if (!fragment) throw new Error(`The fragment ${name} is not defined.`);
        found.add(name);
        walk(fragment);
      },
    });
  walk(root);
  return found;
}

/** The manifest's text, as it is committed. */
export const manifestText = (manifest: PersistedQueryManifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** Codegen's entry point: the documents of this output, as a manifest. */
export const plugin = (_schema: unknown, documents: readonly { document?: DocumentNode }[]): string =>
  manifestText(persistedQueryManifest(documents.flatMap(({ document }) => (document ? [document] : []))));
