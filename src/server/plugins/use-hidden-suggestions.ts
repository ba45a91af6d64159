import type { Plugin } from 'graphql-yoga';

/** graphql-js's suggestion sentence: ` Did you mean "name"?`, ` Did you mean the enum value "MCP" or "CUSTOM"?`. */
const SUGGESTION = / Did you mean [^?]*\?/g;

/**
 * No "Did you mean …" in any error a client gets (production: suggestions map the schema for
 * someone probing it). Done on the way out, for every result, because suggestions come from two
 * places that no option reaches together: validation (graphql-js's `hideSuggestions` would do, and
 * GraphQL Armor's block-field-suggestions only rewrites one pattern of it) and the coercion of
 * variables during execution, where @graphql-tools/executor does not pass `hideSuggestions` on
 * to graphql 16.
 */
export function useHiddenSuggestions(): Plugin {
  return {
    onResultProcess({ result }) {
      // A stream (subscription, @defer) carries no validation or variable errors after its start.
      const results = Array.isArray(result) ? result : Symbol.asyncIterator in result ? [] : [result];
      for (const { errors } of results) {
        for (const error of errors ?? []) error.message = error.message.replace(SUGGESTION, '');
      }
    },
  };
}
