/**
 * The registry browser where trusted documents are enforced (issue 26, point 4): the server's own
 * process with TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=enforce and an operator's manifest that lists none of
 * the page's documents. The page still browses, ranks, opens a tool, shows its history and follows
 * a live change, in Debian's headless Chromium, sending only ids from its own manifest; everyone
 * else's text and unlisted ids are still refused.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describeWithChromium, importExampleTools, openWatchedPage } from '../support/browsers';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, logMessages, post, startServer, type RunningServer } from '../support/server-process';
import { createToken } from '../support/token-command';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..');
const LIVE_TIMEOUT_MS = 10_000;

/** The one document the operator lists: none of the page's. */
const OPERATOR_ONLY = 'query OperatorOnly { namespaces { name } }';
const idOf = (body: string) => createHash('sha256').update(body).digest('hex');

const browserManifest = JSON.parse(readFileSync(join(root, 'src', 'server', 'browser', 'persisted-query-manifest.json'), 'utf8')) as {
  operations: { id: string; name: string }[];
};
const browserIds = new Set(browserManifest.operations.map((operation) => operation.id));

const ALL_TOOLS = [
  'devops/docker-build',
  'devops/k8s-rollout',
  'devops/rollout-guard',
  'local.text/slugify',
  'local/line-counter',
  'research/paper-summarizer',
];

let folder: string;
let database: FreshDatabase | undefined;
let server: RunningServer | undefined;
let context: BrowserContext | undefined;
let page: Page;
let origin = '';
let admin = '';
/** What the page sent to /graphql: each POST's body, each GET's query string. */
const sent: { method: string; documentId?: string | null; operationName?: string; query?: unknown }[] = [];
/** Console errors, uncaught exceptions and failed requests of the page. */
const problems: string[] = [];

describeWithChromium('the registry browser with TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=enforce', () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'toolgraph-browser-trusted-'));
    const manifest = join(folder, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: idOf(OPERATOR_ONLY), name: 'OperatorOnly', type: 'query', body: OPERATOR_ONLY }],
      }),
    );
    database = await freshDatabase('sqlite');
    admin = await createToken(database.url, { name: 'platform', namespaces: '*', role: 'admin' });
    server = await startServer(database.url, { TOOLGRAPH_AUTH: 'on', TOOLGRAPH_TRUSTED_DOCUMENTS: manifest, TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'enforce' });
    origin = new URL(server.url).origin;
    // The admin may still send any document as text.
    await importExampleTools(server.url, admin);
    ({ context, page } = await openWatchedPage(join(folder, 'chromium'), problems));
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/graphql') return;
      if (request.method() === 'GET') {
        sent.push({ method: 'GET', documentId: url.searchParams.get('documentId'), query: url.searchParams.get('query') ?? undefined });
      } else sent.push({ method: request.method(), ...(JSON.parse(request.postData() ?? '{}') as object) });
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await killServer(server);
    await database?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const listedNames = () => page.locator('#tool-list li[data-tool] a.tool-name').allTextContents();

  it('starts with only the operator’s document listed, enforced', () => {
    expect(logMessages(server!.output())).toMatch(/listening on .*1 trusted documents enforced/);
  });

  it('lists every tool with its facets', async () => {
    await page.goto(`${origin}/`);
    await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
    expect(await listedNames()).toEqual(ALL_TOOLS);
    expect(await page.locator('#result-count').textContent()).toBe('6 tools match.');
    expect(await page.locator('#namespace-facet label[data-namespace="devops"]').textContent()).toBe('devops3');
    await page.waitForFunction(() => document.getElementById('live-status')?.dataset.state === 'live');
  });

  it('ranks the tools that fit a task in several words', async () => {
    await page.getByLabel('Search a name, or describe a task').fill('how many lines are in this file');
    await page.waitForFunction(() => document.querySelector('#result-count')?.textContent?.startsWith('The '));
    expect((await listedNames())[0]).toBe('local/line-counter');
    expect(await page.locator('#tool-list .tag.score').count()).toBe((await listedNames()).length);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
  });

  it('opens a tool, shows its history, and follows a change to it live, reading it again by its id', async () => {
    await page.getByRole('link', { name: 'devops/docker-build' }).click();
    await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'devops/docker-build');
    expect(page.url()).toBe(`${origin}/#tool/devops%2Fdocker-build`);
    expect(await page.locator('#tool-badges li').allTextContents()).toEqual(['writes']);
    expect((await page.locator('#tool-history button.revision').allTextContents()).map((text) => text.split(' — ')[0])).toEqual(['#1 created']);
    const { id } = (await post(server!.url, '{ tool(name: "devops/docker-build") { id } }', undefined, admin)).data.tool;

    const updated = await post(
      server!.url,
      'mutation { updateTool(name: "devops/docker-build", input: { description: "Builds images, enforced.", timeout: 600 }) { __typename } }',
      undefined,
      admin,
    );
    expect(updated).toEqual({ data: { updateTool: { __typename: 'UpdateToolSuccess' } } });
    await page.waitForFunction(() => document.getElementById('tool-description')?.textContent === 'Builds images, enforced.', null, {
      timeout: LIVE_TIMEOUT_MS,
    });
    await page.waitForFunction(
      () => document.querySelector('#tool-list li[data-tool="devops/docker-build"] .tool-description')?.textContent === 'Builds images, enforced.',
      null,
      { timeout: LIVE_TIMEOUT_MS },
    );
    expect(sent.filter((request) => request.operationName === 'ToolById')).toEqual([expect.objectContaining({ variables: { id } })]);

    await page.waitForFunction(() => document.querySelectorAll('#tool-history li').length === 2);
    await page.locator('#tool-history button[data-revision="2"]').click();
    await page.waitForFunction(() => document.querySelectorAll('#tool-revision-changes table.changes tbody tr').length === 2);
    const rows = page.locator('#tool-revision-changes table.changes tbody tr');
    expect(await rows.nth(0).locator('th, td').allTextContents()).toEqual([
      'description',
      'Build a container image from a Dockerfile in the workspace.',
      'Builds images, enforced.',
    ]);
    expect(await rows.nth(1).locator('th').textContent()).toBe('timeout');
  });

  it('sent every operation by an id of its own manifest, never a text, and nothing was refused', () => {
    expect(sent.length).toBeGreaterThan(5);
    for (const request of sent) {
      expect(request.query).toBeUndefined();
      expect(browserIds.has(request.documentId ?? '')).toBe(true);
    }
    // The subscription too, over GET.
    expect(sent.some((request) => request.method === 'GET')).toBe(true);
    expect(problems).toEqual([]);
    expect(server!.output()).not.toContain('trusted documents: refused');
  });

  it('still refuses a text from anyone but an admin, and an id nobody listed', async () => {
    const text = await fetch(server!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ namespaces { name } }' }),
    });
    expect(text.status).toBe(400);
    expect((await text.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_ID_REQUIRED');

    const unlisted = await fetch(server!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: idOf('{ namespaces { name } }') }),
    });
    expect(unlisted.status).toBe(400);
    expect((await unlisted.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');

    // The operator's own document runs by its id beside the page's.
    const listed = await fetch(server!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: idOf(OPERATOR_ONLY) }),
    });
    expect((await listed.json()).data.namespaces).toEqual(expect.arrayContaining([{ name: 'devops' }]));
  });
});
