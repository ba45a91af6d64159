import { createHash, timingSafeEqual } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import type { ServerMetrics } from '../metrics';

export const METRICS_ENDPOINT = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`: the Prometheus text of `metrics`. With a token (METRICS_TOKEN), only a scrape that
 * sends `Authorization: Bearer <token>` gets it; any other gets 401.
 */
export function useMetricsEndpoint(metrics: ServerMetrics, token: string | undefined): Plugin {
  const expected = token === undefined ? undefined : digest(token);
  const authorized = (request: Request) => {
    if (expected === undefined) return true;
    const sent = /^Bearer +(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
    // Compared as digests of equal length, in constant time: the comparison tells nothing of the token.
    return sent !== undefined && timingSafeEqual(digest(sent), expected);
  };
  const respond = async (request: Request, fetchAPI: { Response: typeof Response }): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    if (!authorized(request)) {
      return new fetchAPI.Response('A bearer token is needed to read the metrics.\n', { status: 401, headers: { 'www-authenticate': 'Bearer' } });
    }
    const { contentType, body } = await metrics.render();
    return new fetchAPI.Response(request.method === 'HEAD' ? null : body, { headers: { 'content-type': contentType } });
  };
  return {
    // Not async: every other request passes without waiting for a promise.
    onRequest(payload) {
      if (payload.url.pathname !== METRICS_ENDPOINT) return;
      return respond(payload.request, payload.fetchAPI).then((response) => payload.endResponse(response));
    },
  };
}
