import { isUtf8 } from 'node:buffer';
import { GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/**
 * A POST body is read as the client sent it, and a broken one is refused briefly:
 * - it must be valid UTF-8 (RFC 8259 §8.1); otherwise 400 with `extensions.code: BAD_USER_INPUT`.
 *   yoga decodes bodies with `request.json()`, which silently turns invalid bytes into U+FFFD, so
 *   a client's broken text would be stored as something it never sent; yoga has no option for a
 *   strict decoder.
 * - yoga's "POST body sent invalid JSON." carries JSON.parse's message in `extensions`, and V8's
 *   quotes the whole body: a 6 MiB answer to a 6 MiB mistake. The answer keeps message and code.
 * This wraps whichever parser yoga chose and hands it the bytes unchanged. yoga's body size limit
 * wraps this parser in turn, so the bytes read here are already capped.
 */
export function useStrictJsonBodies(): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      if (request.method !== 'POST' || !requestParser) return;
      setRequestParser(async (limited) => {
        const bytes = await limited.arrayBuffer();
        if (!isUtf8(bytes)) {
          throw createGraphQLError('The request body is not valid UTF-8.', { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
        }
        try {
          return await requestParser(new fetchAPI.Request(limited.url, { method: limited.method, headers: limited.headers, body: bytes }));
        } catch (error) {
          if (!(error instanceof GraphQLError) || !error.extensions.originalError) throw error;
          // A body that is not JSON is no GraphQL request at all: 400 whatever the client accepts.
          throw createGraphQLError(error.message, { extensions: { code: error.extensions.code, http: { status: 400 } } });
        }
      });
    },
  };
}
