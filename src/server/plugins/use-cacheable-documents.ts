import { createHash } from 'node:crypto';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';

/**
 * A GET of a trusted document by id (`/graphql?documentId=…&variables=…`) is a URL a CDN or a
 * browser can cache: its answer, when it has no error, carries an `ETag` (a hash of the body) and
 * `Cache-Control`, and a request whose `If-None-Match` names that ETag gets 304 Not Modified with
 * no body. The answer is still computed (from the response cache when it holds it): writes show at
 * once, so caches revalidate every time (`no-cache`) rather than serve a copy for a while. Without
 * a credential the answer may be kept by shared caches (`public`): reads do not depend on who asks;
 * with one, only by the client's own (`private`). POSTs, texts and streams are left as they are.
 */
export function useCacheableDocuments(sentById: (request: Request) => boolean): Plugin {
  return {
    onResultProcess(payload) {
      const { request, result, resultProcessor } = payload;
      if (request.method !== 'GET' || !resultProcessor || !sentById(request)) return;
      if (isAsyncIterable(result) || Array.isArray(result) || result.errors?.length) return;
      const text = result.stringify ? result.stringify(result) : JSON.stringify(result);
      const headers = {
        etag: `"${createHash('sha256').update(text).digest('base64url')}"`,
        'cache-control': request.headers.has('authorization') ? 'private, no-cache' : 'public, no-cache',
        vary: 'Accept, Authorization',
      };
      if (matches(request.headers.get('if-none-match'), headers.etag)) {
        payload.setResultProcessor((_result, fetchAPI) => new fetchAPI.Response(null, { status: 304, headers }), 'application/json');
        return;
      }
      payload.setResult({ ...result, extensions: { ...result.extensions, http: { headers } }, stringify: () => text });
    },
  };
}

/** Whether an If-None-Match header names `etag` (or is `*`); weak and strong tags compare alike, as RFC 9110 says for it. */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
