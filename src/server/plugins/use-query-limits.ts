import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { GraphQLError, ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { LIMIT_CODES, limitRefusal, type RequestLimits } from '../limits';

export type QueryShapeLimits = Pick<RequestLimits, 'maxTokens' | 'maxDepth' | 'maxAliases' | 'maxDirectives'>;

/**
 * GraphQL Armor's limits on a document's shape: tokens while parsing (which also keeps a deeply
 * nested document away from graphql-js's recursive parser and validation), then depth, aliases and
 * directives as validation rules. Each refusal carries its own `extensions.code` (src/server/limits.ts)
 * and HTTP 400. Register it in createYoga's `plugins`; it applies to GET, POST and SSE alike.
 */
export function useQueryLimits(limits: QueryShapeLimits): Plugin {
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(maxTokensPlugin({ n: limits.maxTokens, ...refusedAs('maxTokens') }));
      addPlugin(maxDepthPlugin({ n: limits.maxDepth, flattenFragments: true, ...refusedAs('maxDepth') }));
      addPlugin(maxAliasesPlugin({ n: limits.maxAliases, ...refusedAs('maxAliases') }));
      addPlugin(maxDirectivesPlugin({ n: limits.maxDirectives, ...refusedAs('maxDirectives') }));
    },
    onResultProcess({ result }) {
      // yoga marks every parse error as one the GraphQL-over-HTTP spec answers with 200 to
      // `accept: application/json`; a document refused for its size is a 400 whatever the client accepts.
      if (!('errors' in result)) return;
      for (const error of result.errors ?? []) {
        const http = error.extensions?.http;
        if (error.extensions?.code === LIMIT_CODES.maxTokens && http) http.spec = false;
      }
    },
  };
}

/** Armor's errors carry no code: report ours instead, with Armor's message minus its misleading "Syntax Error: ". */
function refusedAs(limit: keyof QueryShapeLimits) {
  const reject = (context: ValidationContext | null, error: GraphQLError) => {
    const refusal = limitRefusal(limit, error.message.replace(/^Syntax Error: /, ''));
    // Validation rules get a context and keep validating; the token counter has none and runs
    // inside the parser, where throwing is the only way to stop it.
    if (context) context.reportError(refusal);
    else throw refusal;
  };
  return { onReject: [reject], propagateOnRejection: false };
}
