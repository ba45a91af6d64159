import type { Plugin } from 'graphql-yoga';

/**
 * A chunked body refused half-way (413: it passed MAX_REQUEST_BODY_BYTES while being read) ends its
 * connection. yoga stops reading such a body where it refused it, so the rest of it would sit in
 * front of any next request on that connection, which would then hang until the keep-alive timeout
 * resets it; a client that pools connections would lose that next request. A body refused by its
 * Content-Length needs nothing: Node reads and drops it, and the connection stays usable.
 */
export function useCloseAfterChunkedRefusal(): Plugin {
  return {
    onResponse({ request, response }) {
      if (response.status === 413 && !request.headers.has('content-length')) response.headers.set('connection', 'close');
    },
  };
}
