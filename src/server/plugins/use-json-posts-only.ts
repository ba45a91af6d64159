import type { Plugin } from 'graphql-yoga';

/** Content types a POST to the API may have; all need a CORS preflight when sent cross-origin. */
const JSON_TYPES = new Set(['application/json', 'application/graphql-response+json']);

/**
 * CSRF protection: yoga also executes POSTs sent as form data (urlencoded, multipart), which any
 * web page can send cross-origin without a preflight, so with no authentication a visited page
 * could create or delete tools. Only JSON POSTs are accepted; a browser sends those cross-origin
 * only after a preflight that CORS (same origin, or CORS_ORIGINS) decides. GET stays open because
 * yoga runs no mutation over GET and EventSource (live events) cannot send custom headers, which
 * rules out the header-based `useCSRFPrevention`.
 */
export function useJsonPostsOnly(): Plugin {
  return {
    onRequest(payload) {
      const { request, fetchAPI } = payload;
      if (request.method !== 'POST') return;
      const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
      if (JSON_TYPES.has(mediaType)) return;
      const error = { message: 'POST bodies must be JSON (content-type: application/json).', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } };
      payload.endResponse(
        new fetchAPI.Response(JSON.stringify({ errors: [error] }), {
          status: 415,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
      );
    },
  };
}
