/**
 * The registry browser's file server on its own: which paths it answers, with which content
 * types and headers, and that nothing but its fixed list of files can be reached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_PAGE_CSP, serveBrowserPage } from '../../src/server/browser/serve';

const browserDir = join(__dirname, '..', '..', 'src', 'server', 'browser');
const get = (path: string, method = 'GET') => serveBrowserPage(new Request(`http://toolgraph.test${path}`, { method }));

describe('serveBrowserPage', () => {
  it.each([
    ['/', 'index.html', 'text/html; charset=utf-8'],
    ['/index.html', 'index.html', 'text/html; charset=utf-8'],
    ['/browser/browser.js', 'browser.js', 'text/javascript; charset=utf-8'],
    ['/browser/browser.css', 'browser.css', 'text/css; charset=utf-8'],
    ['/browser/persisted-query-manifest.json', 'persisted-query-manifest.json', 'application/json; charset=utf-8'],
  ])('serves %s as %s (%s) with a strict CSP', async (path, file, contentType) => {
    const response = get(path)!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('content-security-policy')).toBe(BROWSER_PAGE_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(readFileSync(join(browserDir, file), 'utf8'));
  });

  it('allows only its own script, stylesheet and API', () => {
    expect(BROWSER_PAGE_CSP).toContain("default-src 'none'");
    expect(BROWSER_PAGE_CSP).toContain("script-src 'self'");
    expect(BROWSER_PAGE_CSP).toContain("connect-src 'self'");
    expect(BROWSER_PAGE_CSP).not.toContain('unsafe-inline');
    expect(BROWSER_PAGE_CSP).not.toContain('unsafe-eval');
  });

  it('answers HEAD without a body', async () => {
    const response = get('/', 'HEAD')!;
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('leaves every other path to the GraphQL server', () => {
    for (const path of ['/graphql', '/graphql?query=%7B__typename%7D', '/health', '/browserx', '/index.htm']) {
      expect(get(path)).toBeNull();
    }
  });

  it('answers 404 for a /browser/ path that is not one of its files, whatever the path says', async () => {
    for (const path of [
      '/browser/',
      '/browser/serve.ts',
      '/browser/../serve.ts',
      '/browser/%2e%2e/serve.ts',
      '/browser/index.html',
      '/browser/browser.js.map',
    ]) {
      const response = get(path);
      // The URL parser resolves `..`, so `/browser/../serve.ts` is `/serve.ts`: not ours at all.
      if (response === null) {
        expect(new URL(`http://toolgraph.test${path}`).pathname.startsWith('/browser/')).toBe(false);
        continue;
      }
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not Found\n');
    }
  });

  it('answers 405 to other methods on its paths', () => {
    const response = get('/', 'POST')!;
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('keeps the page free of inline script and style, which the CSP would block', () => {
    const html = readFileSync(join(browserDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect(html).not.toMatch(/https?:\/\//);
  });
});
