/**
 * The browser the browser suites drive: Debian's headless Chromium through playwright-core, never
 * a browser that something downloads.
 *
 * - TOOLGRAPH_CHROMIUM: its path (default /usr/bin/chromium, `apt-get install -y chromium`).
 * - TOOLGRAPH_REQUIRE_BROWSER=1 (CI): a missing Chromium fails the suites instead of skipping them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { post } from './server-process';

const configuredChromium = process.env.TOOLGRAPH_CHROMIUM;
/** TOOLGRAPH_CHROMIUM; set but empty counts as unset. */
export const CHROMIUM = configuredChromium === undefined || configuredChromium === '' ? '/usr/bin/chromium' : configuredChromium;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A describe block that needs Chromium: declared as usual when it is there; without it, declared
 * skipped with a warning saying why (as the Postgres suites skip), or failing when
 * TOOLGRAPH_REQUIRE_BROWSER=1. (jest refuses `describe.each([])` and a file without tests, so the
 * skip is a skipped describe.)
 */
export function describeWithChromium(name: string, suite: () => void): void {
  const present = existsSync(CHROMIUM);
  if (!present) {
    const why = `Chromium is not at ${CHROMIUM} (install Debian's: \`apt-get install -y chromium\`, or set TOOLGRAPH_CHROMIUM)`;
    if (process.env.TOOLGRAPH_REQUIRE_BROWSER === '1') throw new Error(`TOOLGRAPH_REQUIRE_BROWSER=1 but ${why}.`);
    console.warn(`Skipping "${name}": ${why}. Set TOOLGRAPH_REQUIRE_BROWSER=1 to make this fail.`);
  }
  (present ? describe : describe.skip)(name, suite);
}

/** A headless Chromium with its own profile in `userDataDir`; close it after the suite. */
export function launchChromium(userDataDir: string, options: { viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport,
  });
}

/** The size the pages are shown at, and the screenshots of docs/ taken. */
const VIEWPORT = { width: 1440, height: 960 };

/**
 * A page in a new headless Chromium (its profile in `userDataDir`) that records in `problems`
 * every console error, uncaught exception and failed request of what it shows. Close its context
 * after the suite.
 */
export async function openWatchedPage(userDataDir: string, problems: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launchChromium(userDataDir, { viewport: VIEWPORT });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Leaving the page (or closing the browser) aborts its open EventSource; that is no failure.
    if (!request.url().includes('/graphql?documentId=')) problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return { context, page };
}

const IMPORT = 'mutation Import($config: String!) { importTools(config: $config) { __typename } }';

/** Imports the tools of examples/tools/ into the server at `graphqlUrl`, as another client would (with `credential`, if given). */
export async function importExampleTools(graphqlUrl: string, credential?: string): Promise<void> {
  const examples = join(__dirname, '..', '..', 'examples', 'tools');
  for (const file of readdirSync(examples)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const result = await post(graphqlUrl, IMPORT, { config: readFileSync(join(examples, file), 'utf8') }, credential);
    if (JSON.stringify(result) !== JSON.stringify({ data: { importTools: { __typename: 'ImportToolsSuccess' } } })) {
      throw new Error(`examples/tools/${file} was not imported: ${JSON.stringify(result)}`);
    }
  }
}
