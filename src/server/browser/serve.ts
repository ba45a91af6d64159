/**
 * The registry browser's static files: `/` is the page, `/browser/*` its script, stylesheet and
 * the manifest of its operations.
 * A fixed list of files read once from this folder (no path from the request ever reaches the
 * file system), each served with its content type and a strict Content-Security-Policy: the page
 * loads only its own script and stylesheet, and talks only to this server's /graphql.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the page may do: its own script, stylesheet and API (fetch and EventSource), nothing else. */
export const BROWSER_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  file: string;
  contentType: string;
}

/** URL path → file of this folder. */
const ASSETS: Record<string, Asset> = {
  '/': { file: 'index.html', contentType: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', contentType: 'text/html; charset=utf-8' },
  '/browser/browser.js': { file: 'browser.js', contentType: 'text/javascript; charset=utf-8' },
  '/browser/browser.css': { file: 'browser.css', contentType: 'text/css; charset=utf-8' },
  // The ids the page sends its operations by (./operations.graphql, listed by npm run codegen).
  '/browser/persisted-query-manifest.json': { file: 'persisted-query-manifest.json', contentType: 'application/json; charset=utf-8' },
};

const contents = new Map<string, Buffer>();

function read(file: string): Buffer {
  let content = contents.get(file);
  if (!content) {
    content = readFileSync(join(__dirname, file));
    contents.set(file, content);
  }
  return content;
}

function securityHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': BROWSER_PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    // Small files: always revalidate, so that a new server version is picked up at once.
    'cache-control': 'no-cache',
  };
}

type ResponseConstructor = new (body?: BodyInit | null, init?: ResponseInit) => Response;

/**
 * The response for a registry browser URL: the page for `/`, a file for `/browser/<file>`
 * (404 for a file that does not exist), 405 for a method other than GET or HEAD on those paths;
 * null for every other path, which the caller handles (GraphQL at /graphql, its 404 otherwise).
 * `ResponseClass` lets a server pass its own fetch API (yoga's `fetchAPI.Response`).
 */
export function serveBrowserPage(request: Request, ResponseClass: ResponseConstructor = Response): Response | null {
  const { pathname } = new URL(request.url);
  const asset = ASSETS[pathname];
  if (!asset && !pathname.startsWith('/browser/')) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new ResponseClass('Method Not Allowed\n', {
      status: 405,
      headers: { ...securityHeaders('text/plain; charset=utf-8'), allow: 'GET, HEAD' },
    });
  }
  if (!asset) {
    return new ResponseClass('Not Found\n', { status: 404, headers: securityHeaders('text/plain; charset=utf-8') });
  }
  const body = read(asset.file);
  const headers = { ...securityHeaders(asset.contentType), 'content-length': String(body.byteLength) };
  return new ResponseClass(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}
