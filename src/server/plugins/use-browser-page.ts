import type { Plugin } from 'graphql-yoga';
import { serveBrowserPage } from '../browser/serve';

/**
 * A yoga plugin that serves the registry browser (`/` and `/browser/*`) before yoga's own routing,
 * which would answer those paths with its landing page or a 404. Register it in createYoga's
 * `plugins: [useBrowserPage()]`.
 */
export function useBrowserPage(): Plugin {
  return {
    onRequest(payload) {
      const response = serveBrowserPage(payload.request, payload.fetchAPI.Response);
      if (response) payload.endResponse(response);
    },
  };
}
