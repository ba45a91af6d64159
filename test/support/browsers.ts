/**
 * The browser the browser suites drive: Debian's headless Chromium through playwright-core, never
 * a browser that something downloads.
 *
 * - TOOLGRAPH_CHROMIUM: its path (default /usr/bin/chromium, `apt-get install -y chromium`).
 * - TOOLGRAPH_REQUIRE_BROWSER=1 (CI): a missing Chromium fails the suites instead of skipping them.
 */
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

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
