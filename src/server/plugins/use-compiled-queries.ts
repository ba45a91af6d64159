import { useGraphQlJit } from '@envelop/graphql-jit';
import { Kind, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Whether `document` is one query and nothing else: the documents compiled by useCompiledQueries. */
function isSingleQuery(document: DocumentNode): boolean {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operations.length === 1 && operations[0]!.operation === 'query';
}

/**
 * Runs queries through graphql-jit, which compiles a document once into a function that resolves
 * and completes it: on a page of 50 tools the executor is graphql-js's largest cost. Documents of
 * several operations, mutations and subscriptions stay on graphql-js: the plugin caches one
 * compilation per document whatever the operation name, and writes are not the hot path.
 */
export function useCompiledQueries(): Plugin {
  const compiled = new WeakMap<DocumentNode, boolean>();
  return useGraphQlJit({}, {
    enableIf: ({ document }) => {
      let single = compiled.get(document);
      if (single === undefined) compiled.set(document, (single = isSingleQuery(document)));
      return single;
    },
  }) as Plugin;
}
