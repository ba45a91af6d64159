/**
 * The documentation's other examples hold too (its GraphQL operations run in
 * test/graphql/docs-operations.test.ts and test/server/own-operations.test.ts): every `npm run`
 * names a script of package.json; every `toolgraph` command line (in a block, or in the CLI's
 * table) names a command of the CLI with options it has; the tool authors' first task (validate,
 * plan, apply) runs against a real server; every YAML and JSON block parses, and a YAML block of
 * tools is a config the registry accepts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseToolConfigs } from '../../src/domain/config';
import { runCli } from '../support/cli-process';
import { codeBlocks, inlineCode, root } from '../support/docs';
import { useServerProcess } from '../support/suite-server';

jest.setTimeout(60_000);

const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** Each line of a block, continuation lines (`\`) joined, with where it is. */
const linesOf = (language: string) =>
  codeBlocks(language).flatMap((block) =>
    block.text
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => [`${block.file}:${block.line}`, line.trim()] as const),
  );

const shellLines = [
  ...linesOf('sh'),
  ...linesOf('text'),
  ...linesOf('yaml'),
  ...inlineCode()
    .filter((span) => span.text.startsWith('toolgraph '))
    .map((span) => [span.file, span.text] as const),
];
const npmRuns = shellLines.flatMap(([where, line]) => [...line.matchAll(/\bnpm run (?:--silent )?([\w:-]+)/g)].map((match) => [where, match[1]!] as const));
/** `toolgraph <command> …` as the docs write it: `npx toolgraph`, `toolgraph`, `node …/toolgraph.js`. */
const cliLines = shellLines.flatMap(([where, line]) => {
  const match = /\btoolgraph(?:\.js)? ([a-z]+)\b(.*)$/.exec(line);
  return match && !line.startsWith('#') ? [[where, match[1]!, [...match[2]!.matchAll(/(?:^|[\s[])(--[a-z][a-z-]*)/g)].map((flag) => flag[1]!)] as const] : [];
});

const yamlBlocks = codeBlocks('yaml').map((block) => [`${block.file}:${block.line}`, block.text] as const);
const jsonBlocks = codeBlocks('json').map((block) => [`${block.file}:${block.line}`, block.text] as const);

describe('the documentation', () => {
  it('shows npm scripts and toolgraph commands', () => {
    expect(npmRuns.length).toBeGreaterThan(10);
    expect(new Set(cliLines.map(([, command]) => command))).toEqual(new Set(['validate', 'plan', 'apply', 'export', 'discover']));
  });

  it.each(npmRuns)('%s: npm run %s is a script of package.json', (_where, script) => {
    expect(scripts).toContain(script);
  });

  const helpOf = new Map<string, Promise<string>>();
  const help = (command: string) => {
    if (!helpOf.has(command))
      helpOf.set(
        command,
        runCli([command, '--help']).then(({ stdout }) => stdout),
      );
    return helpOf.get(command)!;
  };

  it.each(cliLines)('%s: toolgraph %s with %j is a command with those options', async (_where, command, flags) => {
    const text = await help(command);
    for (const flag of flags) expect(text).toMatch(new RegExp(`(^|[\\s,])${flag}\\b`, 'm'));
  });

  describe("the tool authors' first task, as docs/tool-authors.md writes it, against a real server", () => {
    const server = useServerProcess();

    const firstTask = shellLines.filter(([where, line]) => where === 'docs/tool-authors.md:5' && line.startsWith('npx toolgraph '));

    it('is validate, plan and apply of examples/tools/', () => {
      expect(firstTask.map(([, line]) => line.split(' ')[2])).toEqual(['validate', 'plan', 'apply']);
    });

    it.each(firstTask)('%s: %s exits 0', async (_where, line) => {
      const args = line
        .split(' ')
        .slice(2)
        .map((arg) => (arg === 'http://127.0.0.1:4000' ? new URL(server().url).origin : arg));
      const result = await runCli(args);
      expect(result).toMatchObject({ code: 0 });
    });

    it('left the registry holding the examples, so a second plan changes nothing', async () => {
      const result = await runCli(['plan', 'examples/tools/', '--server', new URL(server().url).origin]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/6 unchanged/);
    });
  });

  it.each(yamlBlocks)('%s: the YAML block parses, and tools in it are a config the registry accepts', (_where, text) => {
    const value: unknown = parseYaml(text);
    const hasTools =
      typeof value === 'object' &&
      value !== null &&
      'tools' in value &&
      Array.isArray(value.tools) &&
      value.tools.some((tool) => typeof tool === 'object' && tool !== null && 'source' in tool);
    if (hasTools) {
      const parsed = parseToolConfigs(text);
      expect(parsed.ok && parsed.value.every((entry) => entry.checked.ok)).toBe(true);
    }
  });

  it.each(jsonBlocks)('%s: the JSON block parses', (_where, text) => {
    expect(() => JSON.parse(text) as unknown).not.toThrow();
  });
});
