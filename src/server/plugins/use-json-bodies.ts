import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';

/**
 * Reads a POST's JSON body as the client sent it, within `maxBytes`, and refuses a broken one briefly:
 * - past `maxBytes` (MAX_REQUEST_BODY_BYTES): 413 REQUEST_ENTITY_TOO_LARGE, by its Content-Length
 *   before reading, or while it is read when it has none (chunked); an unusable Content-Length: 400;
 * - not valid UTF-8 (RFC 8259 §8.1): 400 BAD_USER_INPUT. yoga decodes bodies with `request.json()`,
 *   which silently turns invalid bytes into U+FFFD: a client's broken text would be stored as
 *   something it never sent;
 * - cut off (the client hung up while sending it): 400 BAD_REQUEST, which nobody reads, but which
 *   the logs and metrics count as the client's, not as a server error;
 * - not JSON, or JSON that is not an object: 400 BAD_REQUEST, with yoga's messages but never the
 *   body quoted back (V8's JSON.parse message quotes it: a 6 MiB answer to a 6 MiB mistake).
 * Written here rather than left to yoga's parser and its maxRequestBodySize, which pipe every body
 * through a web TransformStream and build a second Request around it: a stream pipeline and an
 * abort signal per request, a tenth of the CPU of a read answered from the response cache. On
 * node:http the body is read from the socket's stream; a request made in memory (`yoga.fetch`)
 * from its own body. Only JSON POSTs get here (./use-json-posts-only.ts), and GETs, whose URL it reads.
 */
export function useJsonBodies(maxBytes: number): Plugin {
  return {
    onRequestParse({ request, serverContext, setRequestParser }) {
      if (request.method === 'GET') {
        setRequestParser(() => paramsOfUrl(request.url));
        return;
      }
      if (request.method !== 'POST') return;
      const length = request.headers.get('content-length');
      if (length !== null) {
        // Only one non-negative integer is a Content-Length: anything else may be request smuggling.
        if (!/^\d+$/.test(length)) throw badRequest('Content-Length header is invalid.', 'BAD_REQUEST');
        if (Number(length) > maxBytes) throw tooLarge();
      }
      // Web streams are async iterable in Node (and whatwg-node's), though the DOM types do not say so.
      const source = (serverContext as { req?: IncomingMessage }).req ?? (request.body as AsyncIterable<Uint8Array> | null);
      setRequestParser(async () => paramsOf(source ? await readCapped(source, maxBytes) : Buffer.alloc(0)));
    },
  };
}

const badRequest = (message: string, code: string) => createGraphQLError(message, { extensions: { code, http: { status: 400 } } });
const tooLarge = () => createGraphQLError('Request body too large', { extensions: { code: 'REQUEST_ENTITY_TOO_LARGE', http: { status: 413 } } });

/**
 * The bytes of `source`, refused as soon as they pass `maxBytes`. A body that stops before its end
 * (the client hung up: node:http's "aborted") is the client's doing, answered as a bad request
 * rather than left to reach yoga as an unexpected error, which it logs at level error.
 */
async function readCapped(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof GraphQLError) throw error;
    throw badRequest('The request body ended before it was complete.', 'BAD_REQUEST');
  }
  return Buffer.concat(chunks, size);
}

/**
 * A GET's parameters, read as yoga reads them (`query`, `operationName`, and `variables` and
 * `extensions` as JSON), except that JSON it cannot parse is the client's mistake: yoga's parser
 * let the SyntaxError through, a 500 INTERNAL_SERVER_ERROR.
 */
function paramsOfUrl(url: string): GraphQLParams {
  const search = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  // An empty parameter is no parameter, as yoga reads it.
  const given = (name: string) => {
    const value = search.get(name);
    return value === null || value === '' ? undefined : value;
  };
  const json = (name: 'variables' | 'extensions') => {
    const text = given(name);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw badRequest(`The ${name} parameter is not valid JSON.`, 'BAD_REQUEST');
    }
  };
  return { query: given('query'), operationName: given('operationName'), variables: json('variables'), extensions: json('extensions') };
}

function paramsOf(bytes: Buffer): GraphQLParams {
  if (!isUtf8(bytes)) throw badRequest('The request body is not valid UTF-8.', 'BAD_USER_INPUT');
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest('POST body sent invalid JSON.', 'BAD_REQUEST');
  }
  if (body === null || typeof body !== 'object')
    throw badRequest(`POST body is expected to be object but received ${body === null ? 'null' : typeof body}`, 'BAD_REQUEST');
  return body as GraphQLParams;
}
