/**
 * CORS as a browser enforces it: headless Chromium against the real server process started with
 * two CORS_ORIGINS. A page of an unlisted origin (a second small HTTP server on another port) and a
 * sandboxed iframe (origin `null`) try to create a tool and to read; the browser blocks both and
 * nothing is written. A page of a listed origin does both: the control that shows the attempt
 * itself works.
 *
 * Needs Chromium like the other browser suites (test/support/browsers.ts): skipped without it,
 * failing with TOOLGRAPH_REQUIRE_BROWSER=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/browsers';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';

jest.setTimeout(60_000);

/** A page server of one origin: an empty HTML page at every path, nothing else. */
async function pageServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>another site</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a page's script got: the GraphQL answer it could read, or the error fetch threw. */
type Outcome = { read: unknown } | { blocked: string };

/**
 * The attempts a page makes, one after the other, as one script: createTool with a JSON POST
 * (preflighted), the same as text/plain (no preflight: it reaches the server), then a read over
 * POST and over GET.
 */
const ATTEMPTS = (endpoint: string, name: string) => `
  const attempt = (init, url = ${JSON.stringify(endpoint)}) =>
    fetch(url, init).then((response) => response.json()).then((read) => ({ read }), (error) => ({ blocked: String(error) }));
  const create = JSON.stringify({ query: 'mutation { createTool(input: { name: "${name}", description: "Planted.", source: BUILTIN }) { __typename } }' });
  const read = JSON.stringify({ query: '{ namespaces { name } }' });
  return (async () => [
    await attempt({ method: 'POST', headers: { 'content-type': 'application/json' }, body: create }),
    await attempt({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: create }),
    await attempt({ method: 'POST', headers: { 'content-type': 'application/json' }, body: read }),
    await attempt({}, ${JSON.stringify(`${endpoint}?query=${encodeURIComponent('{ namespaces { name } }')}`)}),
  ])();
`;

/** Runs the attempts in the page itself, with the page's origin. */
const fromPage = (page: Page, endpoint: string, name: string) =>
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the attempts are text so that the sandboxed iframe can run them too
  page.evaluate((script) => new Function(script)() as Promise<Outcome[]>, ATTEMPTS(endpoint, name));

/** Runs them in `<iframe sandbox="allow-scripts">` inside the page: an opaque origin, `Origin: null`. */
const fromSandboxedIframe = (page: Page, endpoint: string, name: string) =>
  page.evaluate(
    (script) =>
      new Promise<Outcome[]>((resolve) => {
        window.addEventListener('message', (event) => resolve(event.data as Outcome[]), { once: true });
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts');
        frame.srcdoc = `<script>(async () => { ${script} })().then((outcomes) => parent.postMessage(outcomes, '*'));</script>`;
        document.body.append(frame);
      }),
    ATTEMPTS(endpoint, name),
  );

describeWithChromium('cross-origin pages in Chromium, against a server with two CORS_ORIGINS', () => {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;
  let listed: { origin: string; close: () => Promise<void> } | undefined;
  let unlisted: { origin: string; close: () => Promise<void> } | undefined;
  let context: BrowserContext | undefined;
  let userDataDir: string | undefined;
  let page: Page;

  beforeAll(async () => {
    listed = await pageServer();
    unlisted = await pageServer();
    database = await freshDatabase('sqlite');
    // Two origins: the case in which yoga's own CORS answered any other origin with `null`.
    server = await startServer(database.url, { CORS_ORIGINS: `${listed.origin},https://dashboard.example` });
    userDataDir = mkdtempSync(join(tmpdir(), 'toolgraph-chromium-'));
    context = await launchChromium(userDataDir);
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await killServer(server);
    await listed?.close();
    await unlisted?.close();
    await database?.drop();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  const stored = async (name: string) => (await post(server!.url, `{ tool(name: "${name}") { name } }`)).data.tool;
  const blocked = { blocked: expect.stringMatching(/Failed to fetch/) };

  it('lets a page of a listed origin create a tool and read the answers (the control)', async () => {
    await page.goto(`${listed!.origin}/`);
    const [createJson, createText, readPost, readGet] = await fromPage(page, server!.url, 'cors/listed');
    expect(createJson).toEqual({ read: { data: { createTool: { __typename: 'CreateToolSuccess' } } } });
    // Form-like bodies are refused by the server itself (415), whoever sends them.
    expect(createText).toMatchObject({ read: { errors: [{ extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] } });
    expect(readPost).toEqual({ read: { data: { namespaces: [{ name: 'cors' }] } } });
    expect(readGet).toEqual({ read: { data: { namespaces: [{ name: 'cors' }] } } });
    expect(await stored('cors/listed')).toEqual({ name: 'cors/listed' });
  });

  it('blocks a page of an unlisted origin from writing and from reading', async () => {
    await page.goto(`${unlisted!.origin}/`);
    expect(await fromPage(page, server!.url, 'cors/unlisted')).toEqual([blocked, blocked, blocked, blocked]);
    expect(await stored('cors/unlisted')).toBeNull();
  });

  it.each(['listed', 'unlisted'] as const)(
    'blocks a sandboxed iframe (origin null) on a page of the %s origin from writing and from reading',
    async (which) => {
      await page.goto(`${(which === 'listed' ? listed : unlisted)!.origin}/`);
      expect(await fromSandboxedIframe(page, server!.url, `cors/sandboxed-${which}`)).toEqual([blocked, blocked, blocked, blocked]);
      expect(await stored(`cors/sandboxed-${which}`)).toBeNull();
    },
  );
});
