import type { Plugin } from 'graphql-yoga';
import { CONFIG_SCHEMA_PATH, toolConfigSchemaText } from '../../domain/config-schema';

/**
 * Serves the JSON Schema of tool config files at CONFIG_SCHEMA_PATH (GET or HEAD), so that editors
 * of tool configs in any repository can point `# yaml-language-server: $schema=` at a running
 * registry and check against the rules of the version it runs. Built once from the domain, as the
 * committed schemas/tool.schema.json is.
 */
export function useConfigSchema(): Plugin {
  let body: string | undefined;
  return {
    onRequest(payload) {
      const { request, fetchAPI } = payload;
      if (new URL(request.url).pathname !== CONFIG_SCHEMA_PATH) return;
      const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' };
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        payload.endResponse(
          new fetchAPI.Response('Method Not Allowed\n', {
            status: 405,
            headers: { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
          }),
        );
        return;
      }
      body ??= toolConfigSchemaText();
      payload.endResponse(
        new fetchAPI.Response(request.method === 'HEAD' ? null : body, {
          status: 200,
          headers: { ...headers, 'content-type': 'application/schema+json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) },
        }),
      );
    },
  };
}
