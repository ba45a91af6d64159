import type { Plugin } from 'graphql-yoga';

/**
 * No page of this server may be framed by another site (clickjacking: GraphiQL can run mutations).
 * Pages that bring their own Content-Security-Policy (the registry browser) keep it; it already
 * says `frame-ancestors 'none'`.
 */
export function useFrameProtection(): Plugin {
  return {
    onResponse({ response }) {
      response.headers.set('x-frame-options', 'DENY');
      response.headers.set('x-content-type-options', 'nosniff');
      if (!response.headers.has('content-security-policy')) {
        response.headers.set('content-security-policy', "frame-ancestors 'none'");
      }
    },
  };
}
