/**
 * The registry browser and GraphiQL in a real browser: Debian's headless Chromium driven by
 * playwright-core, against the real server process on a fresh SQLite database, loaded with
 * examples/tools/. Nothing is mocked: the page talks to the server's public GraphQL API, and live
 * updates come from writes this test makes as another client.
 *
 * Needs /usr/bin/chromium (`apt-get install -y chromium`; TOOLGRAPH_CHROMIUM names another path);
 * without it the suite is skipped and says so, or fails with TOOLGRAPH_REQUIRE_BROWSER=1
 * (test/support/browsers.ts). Screenshots are taken on every run; with TOOLGRAPH_SCREENSHOTS=1
 * they are written to docs/ (docs/browser.png, docs/browser-history.png, docs/graphiql.png; `npm run docs:screenshots`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describeWithChromium, importExampleTools, openWatchedPage } from '../support/browsers';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { killServer, post, startServer, type RunningServer } from '../support/server-process';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..');
const keepScreenshots = process.env.TOOLGRAPH_SCREENSHOTS === '1';
/** docs/ with TOOLGRAPH_SCREENSHOTS=1, else a temporary folder removed after the run. */
let screenshotDir = join(root, 'docs');
/** How long the page gets to show a change made by another client. */
const LIVE_TIMEOUT_MS = 10_000;

let database: FreshDatabase | undefined;
let server: RunningServer | undefined;
let context: BrowserContext | undefined;
let userDataDir: string | undefined;
let origin = '';
let graphqlUrl = '';
let page: Page;
/** Console errors, uncaught exceptions and failed requests of the registry browser page. */
const problems: string[] = [];

describeWithChromium('in Chromium', () => {
  beforeAll(async () => {
    if (!keepScreenshots) screenshotDir = mkdtempSync(join(tmpdir(), 'toolgraph-screenshots-'));
    database = await freshDatabase('sqlite');
    server = await startServer(database.url);
    graphqlUrl = server.url;
    origin = new URL(server.url).origin;

    await importExampleTools(graphqlUrl);
    userDataDir = mkdtempSync(join(tmpdir(), 'toolgraph-chromium-'));
    ({ context, page } = await openWatchedPage(userDataDir, problems));
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await killServer(server);
    await database?.drop();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    if (!keepScreenshots) rmSync(screenshotDir, { recursive: true, force: true });
  });

  const listedNames = () => page.locator('#tool-list li[data-tool] a.tool-name').allTextContents();
  /** A facet's value: a label holding its checkbox, its text and its count. */
  const namespaceFacet = (namespace: string) => page.locator(`#namespace-facet label[data-namespace="${namespace}"]`);
  const sourceFacet = (source: string) => page.locator(`#source-facet label[data-source="${source}"]`);
  const facetTexts = (facet: 'namespace' | 'source') => page.locator(`#${facet}-facet label`).allTextContents();

  const ALL_TOOLS = [
    'devops/docker-build',
    'devops/k8s-rollout',
    'devops/rollout-guard',
    'local.text/slugify',
    'local/line-counter',
    'research/paper-summarizer',
  ];

  describe('the registry browser at /', () => {
    it('is served by the server with its stylesheet, script and a strict Content-Security-Policy', async () => {
      const response = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const script = await fetch(`${origin}/browser/browser.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect((await fetch(`${origin}/browser/nope.js`)).status).toBe(404);
    });

    it('lists every tool, with namespace and source facets and their counts', async () => {
      await page.goto(`${origin}/`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('toolgraph');
      await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
      expect(await listedNames()).toEqual(ALL_TOOLS);
      expect(await page.locator('#result-count').textContent()).toBe('6 tools match.');

      expect(await namespaceFacet('devops').textContent()).toBe('devops3');
      expect(await namespaceFacet('local').textContent()).toBe('local1');
      expect(await namespaceFacet('local.text').textContent()).toBe('local.text1');
      expect(await namespaceFacet('research').textContent()).toBe('research1');
      expect(await sourceFacet('MCP').textContent()).toBe('MCP2');
      expect(await sourceFacet('WRAPPED').textContent()).toBe('Wrapped1');
      expect(await sourceFacet('CUSTOM').textContent()).toBe('Custom1');
      expect(await page.locator('[data-capability="unsafe"]').textContent()).toBe('1');
    });

    it.each([
      ['line-counter', ['local/line-counter']],
      ['devops/', ['devops/docker-build', 'devops/k8s-rollout', 'devops/rollout-guard']],
      ['LINE-COUNTER', ['local/line-counter']],
      ['100%', []],
    ])('finds what a user types into the search box: %j', async (text, expected) => {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length > 0);
      await page.getByLabel('Search a name, or describe a task').fill(text);
      // The count line is written once the search's answer is shown (an error would show instead).
      const count = expected.length === 0 ? 'No tools match.' : `${expected.length} tool${expected.length === 1 ? ' matches' : 's match'}.`;
      await page.waitForFunction((line) => document.querySelector('#result-count')?.textContent === line, count);
      expect(await listedNames()).toEqual(expected);
      expect(await page.getByText('Could not load').count()).toBe(0);
    });

    it('ranks by relevance when the search is a task in words, showing each tool’s score', async () => {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length > 0);
      await page.getByLabel('Search a name, or describe a task').fill('how many lines are in this file');
      await page.waitForFunction(() => document.querySelector('#result-count')?.textContent?.startsWith('The '));
      expect(await page.locator('#result-count').textContent()).toMatch(/^The \d+ tools? that best fits? “how many lines are in this file”, best first\.$/);
      expect((await listedNames())[0]).toBe('local/line-counter');
      const scores = (await page.locator('#tool-list .tag.score').allTextContents()).map((text) => Number(text.replace('score ', '')));
      expect(scores.length).toBe((await listedNames()).length);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      // The other filters still apply to a ranked search.
      await namespaceFacet('devops').click();
      await page.waitForFunction(() => !document.querySelector('#tool-list li[data-tool="local/line-counter"]'));
      for (const name of await listedNames()) expect(name.startsWith('devops/')).toBe(true);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
    });

    it('filters by search, namespace, source and capability, and the facets follow', async () => {
      await page.getByLabel('Search a name, or describe a task').fill('docker');
      await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 1);
      expect(await listedNames()).toEqual(['devops/docker-build']);
      expect(await page.locator('#result-count').textContent()).toBe('1 tool matches.');
      // The namespace facet counts what the other criteria (here the search) leave.
      expect(await namespaceFacet('devops').textContent()).toBe('devops1');
      expect(await namespaceFacet('research').count()).toBe(0);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);

      await namespaceFacet('devops').click();
      await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 3);
      expect(await namespaceFacet('devops').locator('input').isChecked()).toBe(true);
      expect(await sourceFacet('MCP').textContent()).toBe('MCP2');
      expect(await sourceFacet('WRAPPED').textContent()).toBe('Wrapped1');
      expect(await sourceFacet('CUSTOM').count()).toBe(0);

      await sourceFacet('MCP').click();
      await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 2);
      expect(await listedNames()).toEqual(['devops/docker-build', 'devops/k8s-rollout']);

      await page.getByLabel('Unsafe').check();
      await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 1);
      expect(await listedNames()).toEqual(['devops/k8s-rollout']);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
      expect(await listedNames()).toEqual(ALL_TOOLS);
      expect(await namespaceFacet('devops').locator('input').isChecked()).toBe(false);

      await page.getByLabel('Order').selectOption('NAME:DESC');
      await page.waitForFunction(() => document.querySelector('#tool-list a.tool-name')?.textContent === 'research/paper-summarizer');
      expect(await listedNames()).toEqual([...ALL_TOOLS].reverse());
      await page.getByLabel('Order').selectOption('NAME:ASC');
      await page.waitForFunction(() => document.querySelector('#tool-list a.tool-name')?.textContent === 'devops/docker-build');
    });

    it('picks several sources and namespaces with checkboxes; the facets not picked keep their counts', async () => {
      const filters: unknown[] = [];
      const record = (request: { url(): string; postData(): string | null }) => {
        const body = request.url().endsWith('/graphql')
          ? (JSON.parse(request.postData() ?? 'null') as { operationName?: string; variables: { filter: unknown } } | null)
          : null;
        if (body?.operationName === 'Browse') filters.push(body.variables.filter);
      };
      page.on('request', record);
      try {
        await page.goto(`${origin}/`);
        await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
        const everySource = await facetTexts('source');
        const allCounts = { unsafe: await page.locator('[data-capability="unsafe"]').textContent() };

        await sourceFacet('MCP').click();
        await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 2);
        expect(await listedNames()).toEqual(['devops/docker-build', 'devops/k8s-rollout']);
        // The source facet is counted without the sources picked: every source stays, with its count.
        expect(await facetTexts('source')).toEqual(everySource);
        expect(await sourceFacet('MCP').locator('input').isChecked()).toBe(true);
        // The other facets count the MCP tools only.
        expect(await facetTexts('namespace')).toEqual(['devops2']);

        await sourceFacet('CUSTOM').click();
        await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 3);
        expect(await listedNames()).toEqual(['devops/docker-build', 'devops/k8s-rollout', 'local.text/slugify']);
        expect(await facetTexts('source')).toEqual(everySource);
        expect(await facetTexts('namespace')).toEqual(['devops2', 'local.text1']);

        await namespaceFacet('local.text').click();
        await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 1);
        expect(await listedNames()).toEqual(['local.text/slugify']);
        // The namespace facet is counted without the namespaces picked; the sources under `local.text` only.
        expect(await facetTexts('namespace')).toEqual(['devops2', 'local.text1']);
        // No MCP tool under `local.text`: MCP, picked, stays listed with 0, so that it can be unpicked.
        expect(await facetTexts('source')).toEqual(['Custom1', 'MCP0']);
        expect(await sourceFacet('MCP').locator('input').isChecked()).toBe(true);

        await namespaceFacet('devops').click();
        await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 3);
        expect(await listedNames()).toEqual(['devops/docker-build', 'devops/k8s-rollout', 'local.text/slugify']);

        // Unpicking MCP: a picked namespace that no tool adds to stays listed, with 0, to be unpicked.
        await sourceFacet('MCP').click();
        await page.waitForFunction(() => document.querySelectorAll('#tool-list li[data-tool]').length === 1);
        expect(await facetTexts('namespace')).toEqual(['devops0', 'local.text1']);
        expect(await namespaceFacet('devops').locator('input').isChecked()).toBe(true);

        // What the page asked: lists of what was picked, no single values.
        expect(filters).toEqual([
          {},
          { sourceIn: ['MCP'] },
          { sourceIn: ['MCP', 'CUSTOM'] },
          { namespaceIn: ['local.text'], sourceIn: ['MCP', 'CUSTOM'] },
          { namespaceIn: ['local.text', 'devops'], sourceIn: ['MCP', 'CUSTOM'] },
          { namespaceIn: ['local.text', 'devops'], sourceIn: ['CUSTOM'] },
        ]);

        await page.getByRole('button', { name: 'Clear filters' }).click();
        await page.waitForFunction((count) => document.querySelectorAll('#tool-list li[data-tool]').length === count, ALL_TOOLS.length);
        expect(await facetTexts('source')).toEqual(everySource);
        expect(await page.locator('[data-capability="unsafe"]').textContent()).toBe(allCounts.unsafe);
        expect(await page.locator('#namespace-facet input:checked').count()).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        page.off('request', record);
      }
    });

    it('opens a tool: capability badges, resource slots as a table, pretty schemas, its implementation', async () => {
      await page.getByRole('link', { name: 'devops/docker-build' }).click();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'devops/docker-build');
      expect(page.url()).toBe(`${origin}/#tool/devops%2Fdocker-build`);
      const view = page.locator('#tool-view');
      expect(await view.isVisible()).toBe(true);
      expect(await page.locator('#tool-description').textContent()).toBe('Build a container image from a Dockerfile in the workspace.');
      expect(await page.locator('#tool-badges li').allTextContents()).toEqual(['writes']);
      expect(await page.locator('#tool-capability').textContent()).toContain('registry.internal/images');

      const slotRows = page.locator('#tool-slots table tbody tr');
      expect(await slotRows.count()).toBe(2);
      expect(await slotRows.nth(0).locator('th, td').allTextContents()).toEqual([
        'workspace',
        'filesystem',
        'read only',
        'contextual',
        '',
        'yes',
        'Build context.',
      ]);
      expect(await slotRows.nth(1).locator('th, td').allTextContents()).toEqual([
        'registry',
        'container_registry',
        'read and write',
        'static',
        'registry-internal',
        'yes',
        'Where the built image is pushed.',
      ]);
      expect(await page.getByRole('columnheader', { name: 'Resource type' }).count()).toBe(1);

      const inputSchema = (await page.locator('#tool-input-schema pre').textContent())!;
      expect(JSON.parse(inputSchema)).toMatchObject({ type: 'object', required: ['tag'] });
      expect(inputSchema).toContain('\n  "properties": {\n    "dockerfile": {\n      "type": "string",');
      expect(JSON.parse((await page.locator('#tool-output-schema pre').textContent())!)).toMatchObject({ properties: { digest: { type: 'string' } } });

      const implementation = (await page.locator('#tool-implementation').textContent())!;
      expect(implementation).toContain('MCP');
      expect(implementation).toContain('docker');
      expect(implementation).toContain('build_image');
      expect(await page.locator('#tool-lifecycle').textContent()).toContain('docker.hooks:login');

      await page.screenshot({ path: join(screenshotDir, 'browser.png') });
    });

    it('shows each source its own way and links a validation to the tool it wraps', async () => {
      await page.getByRole('link', { name: 'local.text/slugify' }).click();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'local.text/slugify');
      expect(await page.locator('#tool-implementation pre code').textContent()).toMatch(/def /);

      await page.getByRole('link', { name: 'devops/rollout-guard' }).click();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'devops/rollout-guard');
      await page.locator('#tool-implementation').getByRole('link', { name: 'devops/k8s-rollout' }).click();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'devops/k8s-rollout');
      expect(await page.locator('#tool-badges li').allTextContents()).toEqual(['writes', 'checkpointable', 'unsafe', 'needs human approval']);
      expect(await page.locator('#tool-wrapped-by').getByRole('link', { name: 'devops/rollout-guard' }).count()).toBe(1);

      await page.goBack();
      await page.goBack();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'local.text/slugify');
      await page.getByRole('link', { name: 'Close tool view' }).click();
      expect(await page.locator('#tool-view').isVisible()).toBe(false);
    });

    it("shows a tool's status, revision, hash and history; a chosen revision shows what it changed, field by field", async () => {
      const name = 'local/line-counter';
      const before = (await post(graphqlUrl, `{ tool(name: "${name}") { description timeout } }`)).data.tool;
      const update = await post(
        graphqlUrl,
        `mutation { updateTool(name: "${name}", input: { description: "Counts lines, fast.", timeout: 7 }) { __typename } }`,
      );
      expect(update.data.updateTool.__typename).toBe('UpdateToolSuccess');
      const deprecate = await post(
        graphqlUrl,
        `mutation { deprecateTool(name: "${name}", message: "Use the slugifier <b>now</b>.", replacedBy: "local.text/slugify") { __typename ... on DeprecateToolSuccess { tool { contentHash } } } }`,
      );
      expect(deprecate.data.deprecateTool.__typename).toBe('DeprecateToolSuccess');

      await page.goto(`${origin}/#tool/local%2Fline-counter`);
      await page.waitForFunction(() => document.querySelectorAll('#tool-history li').length === 3);
      const status = page.locator('#tool-status');
      expect(await status.isVisible()).toBe(true);
      expect(await status.textContent()).toContain('Deprecated');
      // The message is text, never markup.
      expect(await status.locator('.deprecation-message').textContent()).toBe('Use the slugifier <b>now</b>.');
      expect(await status.locator('b').count()).toBe(0);
      const facts = (await page.locator('#tool-facts').textContent())!;
      expect(facts).toContain('deprecated');
      expect(facts).toContain('#3');
      expect(await page.locator('#tool-facts code.hash').textContent()).toBe(deprecate.data.deprecateTool.tool.contentHash);

      const revisions = await page.locator('#tool-history button.revision').allTextContents();
      expect(revisions.map((text) => text.split(' — ')[0])).toEqual(['#3 deprecated', '#2 updated: description, timeout', '#1 created']);
      await page.locator('#tool-history button[data-revision="2"]').click();
      await page.waitForFunction(() => document.querySelectorAll('#tool-revision-changes table.changes tbody tr').length === 2);
      const rows = page.locator('#tool-revision-changes table.changes tbody tr');
      expect(await rows.nth(0).locator('th, td').allTextContents()).toEqual(['description', before.description, 'Counts lines, fast.']);
      expect(await rows.nth(1).locator('th, td').allTextContents()).toEqual(['timeout', String(before.timeout), '7']);
      expect(await page.locator('#tool-history button[data-revision="2"]').getAttribute('aria-pressed')).toBe('true');
      await page.locator('#tool-revision-changes').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshotDir, 'browser-history.png') });
      await page.locator('#tool-history button[data-revision="3"]').click();
      await page.waitForFunction(() => document.getElementById('tool-revision-changes')?.textContent?.includes('The definition did not change.'));

      expect(await page.locator('#tool-list li[data-tool="local/line-counter"] .tag.deprecated').count()).toBe(1);
      await status.getByRole('link', { name: 'local.text/slugify' }).click();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'local.text/slugify');
      expect(await page.locator('#tool-status').isVisible()).toBe(false);
    });

    it('updates live when another client creates, updates and deletes tools', async () => {
      await page.goto(`${origin}/#tool/devops%2Fdocker-build`);
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'devops/docker-build');
      await page.waitForFunction(() => document.getElementById('live-status')?.dataset.state === 'live');
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      const update = await post(
        graphqlUrl,
        `mutation { updateTool(name: "devops/docker-build", input: { description: "Builds images, now live." }) { __typename } }`,
      );
      expect(update).toEqual({ data: { updateTool: { __typename: 'UpdateToolSuccess' } } });
      await page.waitForFunction(() => document.getElementById('tool-description')?.textContent === 'Builds images, now live.', null, {
        timeout: LIVE_TIMEOUT_MS,
      });
      await page.waitForFunction(
        () => document.querySelector('#tool-list li[data-tool="devops/docker-build"] .tool-description')?.textContent === 'Builds images, now live.',
        null,
        { timeout: LIVE_TIMEOUT_MS },
      );
      expect(await page.locator('#live-status').textContent()).toContain('devops/docker-build updated');

      const create = await post(
        graphqlUrl,
        `mutation { createTool(input: { name: "live/echo", description: "Echoes its input.", source: BUILTIN, capability: { readOnly: true } }) { __typename } }`,
      );
      expect(create).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
      await page.waitForFunction(() => document.querySelector('#tool-list li[data-tool="live/echo"]') !== null, null, { timeout: LIVE_TIMEOUT_MS });
      await page.waitForFunction(() => document.querySelector('#namespace-facet label[data-namespace="live"]')?.textContent === 'live1', null, {
        timeout: LIVE_TIMEOUT_MS,
      });
      expect(await page.locator('#result-count').textContent()).toBe('7 tools match.');
      expect(await sourceFacet('BUILTIN').textContent()).toBe('Builtin2');

      const deletion = await post(graphqlUrl, `mutation { deleteTool(name: "live/echo") { __typename } }`);
      expect(deletion).toEqual({ data: { deleteTool: { __typename: 'DeleteToolSuccess' } } });
      await page.waitForFunction(() => document.querySelector('#tool-list li[data-tool="live/echo"]') === null, null, { timeout: LIVE_TIMEOUT_MS });
      await page.waitForFunction(() => document.querySelector('#namespace-facet label[data-namespace="live"]') === null, null, { timeout: LIVE_TIMEOUT_MS });

      // All of it arrived through the subscription: the page was never reloaded.
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(problems).toEqual([]);
    });

    it('follows a rename live: the old name says where the tool went and links to it, its history shows the rename, and a deleted tool keeps it', async () => {
      await post(graphqlUrl, `mutation { createTool(input: { name: "moving/echo", description: "Echoes.", source: BUILTIN }) { __typename } }`);
      await page.goto(`${origin}/#tool/moving%2Fecho`);
      await page.waitForFunction(() => document.querySelectorAll('#tool-history li').length === 1);

      const renamed = await post(graphqlUrl, `mutation { renameTool(name: "moving/echo", newName: "moved/echo") { __typename } }`);
      expect(renamed).toEqual({ data: { renameTool: { __typename: 'RenameToolSuccess' } } });
      await page.waitForFunction(() => document.getElementById('tool-description')?.textContent?.startsWith('Renamed to moved/echo'), null, {
        timeout: LIVE_TIMEOUT_MS,
      });
      await page.locator('#tool-description').getByRole('link', { name: 'moved/echo' }).click();
      await page.waitForFunction(() => document.querySelectorAll('#tool-history li').length === 2);
      const revisions = await page.locator('#tool-history button.revision').allTextContents();
      expect(revisions.map((text) => text.split(' — ')[0])).toEqual(['#2 renamed: name', '#1 created']);

      await post(graphqlUrl, `mutation { deleteTool(name: "moved/echo") { __typename } }`);
      await page.waitForFunction(() => document.getElementById('tool-description')?.textContent?.startsWith('Deleted '), null, { timeout: LIVE_TIMEOUT_MS });
      // The tombstone keeps the deleted tool's history, the deletion on top.
      await page.waitForFunction(() => document.querySelectorAll('#tool-history li').length === 3);
      const kept = await page.locator('#tool-history button.revision').allTextContents();
      expect(kept.map((text) => text.split(' — ')[0])).toEqual(['#3 deleted', '#2 renamed: name', '#1 created']);

      await post(graphqlUrl, `mutation { purgeTool(name: "moved/echo") { __typename } }`);
      await page.waitForFunction(() => document.getElementById('tool-description')?.textContent?.startsWith('Purged '), null, { timeout: LIVE_TIMEOUT_MS });
      expect(await page.locator('#tool-history li').count()).toBe(0);
      expect(problems).toEqual([]);
    });

    it("marks a tool with findings in the list and shows each finding's severity, code, path and message, as text", async () => {
      // Markup that runs: HIDDEN_MARKUP (MEDIUM, so the default policy stores it). Its excerpt is the
      // author's text, and must reach the page as text, never as an element.
      const description = `Gets the weather. <img src="x" onerror="document.title = 'pwned'">`;
      const created = await post(graphqlUrl, `mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }`, {
        input: { name: 'flagged/weather', description, source: 'BUILTIN' },
      });
      expect(created).toEqual({ data: { createTool: { __typename: 'CreateToolSuccess' } } });
      await page.goto(`${origin}/#tool/flagged%2Fweather`);
      await page.waitForFunction(() => document.querySelector('#tool-findings li') !== null);
      const finding = page.locator('#tool-findings li').first();
      expect(await finding.locator('strong').textContent()).toBe('MEDIUM');
      expect(await finding.locator('code').allTextContents()).toEqual(['HIDDEN_MARKUP', 'description']);
      expect(await finding.locator('.finding-message').textContent()).toContain('<img src=');
      expect(await page.locator('#tool-view img').count()).toBe(0);
      expect(await page.title()).not.toBe('pwned');
      const tag = page.locator('#tool-list li[data-tool="flagged/weather"] .tag.finding');
      expect(await tag.textContent()).toMatch(/^\d+ findings? \(MEDIUM\)$/);

      await page.getByRole('link', { name: 'devops/docker-build' }).click();
      await page.waitForFunction(() => document.getElementById('tool-heading')?.textContent === 'devops/docker-build');
      expect(await page.locator('#tool-findings').textContent()).toBe('No findings.');
      expect(await page.locator('#tool-list li[data-tool="devops/docker-build"] .tag.finding').count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });

  describe('GraphiQL at /graphql', () => {
    it('loads without the network and runs a query', async () => {
      const graphiql = await context!.newPage();
      const failed: string[] = [];
      graphiql.on('requestfailed', (request) => failed.push(request.url()));
      graphiql.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
      try {
        const query = [
          'query DevopsTools {',
          '  tools(filter: { namespace: "devops" }) {',
          '    totalCount',
          '    edges { node { name source capability { writes unsafe } } }',
          '  }',
          '}',
        ].join('\n');
        await graphiql.goto(`${graphqlUrl}?query=${encodeURIComponent(query)}`);
        // The page inlines GraphiQL whole (several MB), so that it needs no network: give it time.
        await graphiql.locator('.graphiql-container').first().waitFor({ timeout: 30_000 });
        await graphiql.locator('.graphiql-execute-button').first().click();
        // The result editor (Monaco) renders spaces as no-break spaces: match any white space.
        await graphiql.waitForFunction(() => /"totalCount":\s*3\b/.test(document.querySelector('.result-window')?.textContent ?? ''), null, {
          timeout: 15_000,
        });
        const result = (await graphiql.locator('.result-window').first().textContent())!;
        expect(result).toContain('devops/docker-build');
        await graphiql.screenshot({ path: join(screenshotDir, 'graphiql.png') });
        expect(failed).toEqual([]);
      } finally {
        await graphiql.close();
      }
    });
  });
});
