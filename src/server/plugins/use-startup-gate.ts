import type { Plugin } from 'graphql-yoga';
import { RETRY_AFTER_SECONDS } from '../../graphql/errors';

/**
 * Until the instance can serve (its database reached and migrated), GraphQL and MCP requests are answered
 * 503 SERVICE_UNAVAILABLE with Retry-After, instead of running against a database that is not
 * there yet; `/health`, `/ready` and the static pages answer as usual.
 */
export function useStartupGate(starting: () => string | null, endpoints: readonly string[]): Plugin {
  return {
    onRequest(payload) {
      const reason = starting();
      if (reason === null || !endpoints.includes(payload.url.pathname)) return;
      const error = { message: `toolgraph is starting (${reason}); retry in a moment.`, extensions: { code: 'SERVICE_UNAVAILABLE' } };
      payload.endResponse(
        new payload.fetchAPI.Response(JSON.stringify({ errors: [error] }), {
          status: 503,
          headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(RETRY_AFTER_SECONDS) },
        }),
      );
    },
  };
}
