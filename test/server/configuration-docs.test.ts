/**
 * Every environment variable toolgraph's code reads is documented, and every documented one is read.
 * The operators' guide's "Configuration" table (docs/operators.md) lists them all (the server's, the CLI's, the scripts' and the
 * tests'); .env.example lists exactly the server's; compose.yaml and the Dockerfile set no other.
 *
 * The code's reads are found two ways, so that a new one cannot slip by: the server's configuration
 * is read through an environment that records every name asked of it, and the source of every
 * committed file is searched for the ways it reads a variable by name. Any other use of
 * `process.env` fails the test until this file learns what it reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../src/server/config';
import { projectFiles } from '../support/project-files';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const NAME = '[A-Z][A-Z0-9_]*';

/** Variables that a library reads for the server, with the packages it reaches them through, each from the one before. */
const READ_BY_LIBRARIES: Record<string, string[]> = {
  OTEL_EXPORTER_OTLP_HEADERS: ['@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/otlp-exporter-base'],
  OTEL_SERVICE_NAME: ['@opentelemetry/resources'],
};

/** Variables the tests set for their own processes, never a person: where each is set. */
const SET_BY_THE_CODE: Record<string, string> = {
  TOOLGRAPH_TEST_POSTGRES: 'test/support/global-setup.ts',
};

/** Uses of `process.env` that read no variable by name: the whole environment handed on or copied. */
const WHOLE_ENVIRONMENT = [
  /\.\.\.process\.env\b/, // spread into a child process's environment, with changes after it
  /Object\.entries\(process\.env\)/, // copied for a child process (src/cli/discover.ts)
  /env: NodeJS\.ProcessEnv = process\.env\)/, // loadConfig's parameter, read below through a recording environment
];

/** The project's source files but this one, which names the patterns it looks for. */
const sourceFiles = () => projectFiles('*.ts', '*.js', '*.mjs', '*.cjs').filter((path) => path !== relative(root, __filename));

interface Reads {
  /** Each variable read by name, with the files that read it. */
  byName: Map<string, Set<string>>;
  /** `file:line: text` of each use of process.env that is neither a read by name nor a known whole-environment use. */
  unexplained: string[];
}

function readsInSources(): Reads {
  const byName = new Map<string, Set<string>>();
  const note = (name: string, file: string) => byName.set(name, (byName.get(name) ?? new Set()).add(file));
  const unexplained: string[] = [];
  for (const file of sourceFiles()) {
    const lines = read(file).split('\n');
    lines.forEach((line, index) => {
      let rest = line;
      const named = [
        new RegExp(`process\\.env\\.(${NAME})`, 'g'),
        new RegExp(`process\\.env\\[['"](${NAME})['"]\\]`, 'g'),
        // commander's Option#env: the option's value from this variable (src/cli/main.ts)
        new RegExp(`\\.env\\('(${NAME})'\\)`, 'g'),
      ];
      for (const pattern of named) {
        for (const match of line.matchAll(pattern)) note(match[1]!, file);
        rest = rest.replace(pattern, '');
      }
      // const { A: _a, B, ...others } = process.env: A and B are read (to leave them out)
      const destructured = /\{([^}]*)\}\s*=\s*process\.env\b/.exec(rest);
      if (destructured) {
        for (const key of destructured[1]!.split(',')) {
          const name = /^\s*(\w+)/.exec(key)?.[1];
          if (name && !key.trim().startsWith('...')) note(name, file);
        }
        rest = rest.replace(destructured[0], '');
      }
      for (const pattern of WHOLE_ENVIRONMENT) rest = rest.replace(pattern, '');
      if (/process\.env\b/.test(rest)) unexplained.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return { byName, unexplained };
}

/** What loadConfig reads, asked through an environment that records each name. */
function readByServerConfig(): string[] {
  const asked = new Set<string>();
  const recording = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    },
  );
  loadConfig(recording);
  return [...asked];
}

/** The variables named in loadConfig's source as literal arguments: those read only under some condition too. */
function namedInServerConfig(): string[] {
  const source = read('src/server/config.ts');
  return [...source.matchAll(new RegExp(`\\b(?:value|oneOf|perMinute)\\('(${NAME})'`, 'g'))].map((match) => match[1]!);
}

interface Row {
  name: string;
  defaultValue: string;
  meaning: string;
}

function configurationTable(): Row[] {
  const section = /^## Configuration\n([\s\S]*?)^## /m.exec(read('docs/operators.md'))?.[1] ?? '';
  return [...section.matchAll(new RegExp(`^\\| \`(${NAME})\` \\| (.*?) \\| (.*) \\|$`, 'gm'))].map(([, name, defaultValue, meaning]) => ({
    name: name!,
    defaultValue: defaultValue!,
    meaning: meaning!,
  }));
}

/** The variables .env.example sets or shows commented out (`# NAME=value`), with their values. */
function envExample(): Map<string, string> {
  return new Map([...read('.env.example').matchAll(new RegExp(`^#? ?(${NAME})=(.*)$`, 'gm'))].map(([, name, value]) => [name!, value!]));
}

/** The folder Node loads package `name` from, for code in `from` (not every package exports its package.json to require.resolve). */
function packageFolder(name: string, from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(folder) === folder) throw new Error(`${name} is not installed where ${from} can load it`);
  }
}

/** Whether the package reached through `chain` mentions `variable` in its JavaScript. */
function libraryReads(chain: string[], variable: string): boolean {
  let from = root;
  for (const name of chain) from = packageFolder(name, from);
  const mentions = (folder: string): boolean =>
    readdirSync(folder).some((entry) => {
      const path = join(folder, entry);
      if (entry === 'node_modules') return false;
      if (statSync(path).isDirectory()) return mentions(path);
      return entry.endsWith('.js') && readFileSync(path, 'utf8').includes(`'${variable}'`);
    });
  return mentions(from);
}

const sources = readsInSources();
const serverConfig = [...new Set([...readByServerConfig(), ...namedInServerConfig()])];
/** Read by the running server: its configuration, any other read under src/ but the CLI's, and its libraries' on its behalf. */
const serverVariables = new Set([
  ...serverConfig,
  ...[...sources.byName].filter(([, files]) => [...files].some((file) => file.startsWith('src/') && !file.startsWith('src/cli/'))).map(([name]) => name),
  ...Object.keys(READ_BY_LIBRARIES),
]);
const readVariables = new Set([...serverVariables, ...sources.byName.keys()]);
for (const name of Object.keys(SET_BY_THE_CODE)) readVariables.delete(name);
const table = configurationTable();
const documented = new Set(table.map((row) => row.name));

describe('environment variables', () => {
  it('are all read in ways this test understands', () => {
    expect(sources.unexplained).toEqual([]);
    // Sanity: the searches find what is known to be read.
    expect(serverConfig).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'MAX_QUERY_DEPTH', 'TOOLGRAPH_RATE_LIMIT_WRITES', 'OTEL_EXPORTER_OTLP_ENDPOINT']),
    );
    expect([...sources.byName.keys()]).toEqual(expect.arrayContaining(['TOOLGRAPH_SERVER', 'NO_COLOR', 'TOOLGRAPH_TEST_POSTGRES_URL']));
  });

  it('read by the code are documented in the Configuration table of docs/operators.md', () => {
    expect([...readVariables].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it('documented in the table are read by the code, or by a library for it', () => {
    expect([...documented].filter((name) => !readVariables.has(name)).sort()).toEqual([]);
  });

  it.each(Object.entries(READ_BY_LIBRARIES))('%s is read by %s', (variable, chain) => {
    expect(libraryReads(chain, variable)).toBe(true);
  });

  it.each(Object.entries(SET_BY_THE_CODE))('%s is set by %s, not by a person', (variable, file) => {
    expect(read(file)).toMatch(new RegExp(`process\\.env\\.${variable} = |\\b${variable}: `));
  });

  it('that the server does not read say in the table who does', () => {
    const others = table.filter((row) => !serverVariables.has(row.name));
    expect(others.filter((row) => !/^[^|]*? only: /.test(row.meaning)).map((row) => row.name)).toEqual([]);
  });

  it("read by the server are exactly .env.example's, shown with the documented default", () => {
    const example = envExample();
    expect([...example.keys()].sort()).toEqual([...serverVariables].sort());
    for (const row of table.filter((row) => example.has(row.name))) {
      const literal = /^`([^`]*)`$/.exec(row.defaultValue)?.[1];
      if (literal !== undefined) expect({ [row.name]: example.get(row.name) }).toEqual({ [row.name]: literal });
    }
  });

  it("set by compose.yaml for toolgraph and by the Dockerfile are the server's", () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { image?: string; build?: unknown; environment?: Record<string, string> }>;
    };
    const toolgraphServices = Object.values(compose.services).filter((service) => service.build !== undefined || service.image?.startsWith('toolgraph'));
    const composed = toolgraphServices.flatMap((service) => Object.keys(service.environment ?? {}));
    const dockerfile = [...read('Dockerfile').matchAll(new RegExp(`^ENV (.*)$`, 'gm'))].flatMap(([, assignments]) =>
      [...assignments!.matchAll(new RegExp(`(${NAME})=`, 'g'))].map((match) => match[1]!),
    );
    expect(composed.length).toBeGreaterThan(0);
    expect(dockerfile.length).toBeGreaterThan(0);
    expect([...composed, ...dockerfile].filter((name) => !serverVariables.has(name))).toEqual([]);
  });
});
