import { readFileSync, writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { isNamespace } from '../domain/access';
import { toConfigText } from '../domain/config';
import { MAX_STORED_INTEGER } from '../domain/model';
import { checkFiles } from './config-files';
import { discoveredConfigs, listMcpTools, type McpEndpoint } from './discover';
import { EXPORT_FORMATS, exportTools, type ExportFormat } from './export';
import {
  CliError,
  count,
  EXIT,
  githubAnnotations,
  ISSUE_FORMATS,
  issueLines,
  painter,
  writeJson,
  type IssueFormat,
  type LocatedFinding,
  type LocatedIssue,
} from './output';
import { RegistryClient } from './registry-client';
import { printChanges, sync, type PlannedRevision, type SyncResult } from './sync';
import { VERSION } from './version';

/**
 * `toolgraph`: the command line for tool authors (docs/tool-authors.md "The toolgraph CLI").
 * Commander parses the arguments and writes the help; each command's action returns its exit code.
 */

const EXIT_CODES_HELP = `
Exit codes:
  0  done: no issues (a plan or apply also when it changes tools)
  1  issues found: in the files, by the registry, or of the MCP server's tools; nothing was written
  2  usage error, or the registry or MCP server could not be reached or refused the credential`;

const serverOption = () => new Option('--server <url>', 'the registry, e.g. http://127.0.0.1:4000').env('TOOLGRAPH_SERVER');
const tokenOption = () => new Option('--token <token>', 'an API token or JWT, sent as a bearer credential').env('TOOLGRAPH_TOKEN');
const issueFormatOption = () => new Option('--format <format>', 'how issues are printed').choices(ISSUE_FORMATS).default('text');

/** `--prune devops --prune local` or `--prune devops,local`. */
const collectNamespaces = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((ns) => ns.trim())
    .filter((ns) => ns !== ''),
];

/** Prints issues in `format` (JSON: with `more` fields), with a summary in text; returns EXIT.issues. */
function reportIssues(issues: readonly LocatedIssue[], format: IssueFormat, summary: string, more: Record<string, unknown> = {}): number {
  if (format === 'json') writeJson({ ok: false, ...more, issues });
  else if (format === 'github') process.stdout.write(githubAnnotations(issues) + `${summary}\n`);
  else process.stdout.write(issueLines(issues, process.stdout) + `${painter(process.stdout)('red', summary)}\n`);
  return EXIT.issues;
}

/**
 * The findings a registry lets through by default, before what a command prints of the tools; in
 * JSON they are part of that output (`validate`) or go to stderr (`plan`, `apply`: stdout holds
 * the changes' JSON).
 */
function printFindings(findings: readonly LocatedFinding[], format: IssueFormat): void {
  if (findings.length === 0) return;
  if (format === 'github') process.stdout.write(githubAnnotations(findings));
  else if (format === 'json') process.stderr.write(issueLines(findings, process.stderr));
  else process.stdout.write(issueLines(findings, process.stdout));
}

function issuesSummary(issues: readonly LocatedIssue[]): string {
  const files = new Set(issues.flatMap((issue) => (issue.file === null ? [] : [issue.file]))).size;
  return `${count(issues.length, 'issue')}${files > 0 ? ` in ${count(files, 'file')}` : ''}; nothing was written.`;
}

async function validate(paths: string[], options: { format: IssueFormat }): Promise<number> {
  const checked = checkFiles(paths);
  const what = `${count(checked.tools.length, 'tool')} in ${count(checked.files.length, 'file')}`;
  const { findings } = checked;
  if (options.format !== 'json') printFindings(findings, options.format);
  if (checked.issues.length > 0) {
    const files = new Set(checked.issues.map((issue) => issue.file)).size;
    const summary = `${count(checked.issues.length, 'issue')} in ${count(files, 'file')} (${what} checked).`;
    return reportIssues(checked.issues, options.format, summary, { files: checked.files.length, tools: checked.tools.length, findings });
  }
  const reported = findings.length === 0 ? '' : `, ${count(findings.length, 'finding')} the registry accepts`;
  if (options.format === 'json') writeJson({ ok: true, files: checked.files.length, tools: checked.tools.length, issues: [], findings });
  else process.stdout.write(`${painter(process.stdout)('green', 'ok')}: ${what}, no issues${reported}.\n`);
  return EXIT.ok;
}

interface SyncOptions {
  server?: string;
  token?: string;
  prune?: string[];
  format: IssueFormat;
  /** plan: where to record what it read. */
  out?: string;
  /** apply: a plan recorded by `plan --out`. */
  plan?: string;
}

/** What `plan --out` records: per tool, the revision the registry held (null: none), which `apply --plan` expects. */
interface PlanFile {
  server: string;
  tools: PlannedRevision[];
}

/** The revisions a plan file expects, refused (exit 2) unless `plan --out` wrote it for `server`. */
function readPlan(file: string, server: string): PlannedRevision[] {
  let plan: unknown;
  try {
    plan = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`--plan ${file}: not a plan written by "toolgraph plan --out" (${(error as Error).message})`);
  }
  const { server: planned, tools } = (plan ?? {}) as Partial<PlanFile>;
  const isRevision = (revision: unknown) =>
    revision === null || (Number.isInteger(revision) && (revision as number) >= 1 && (revision as number) <= MAX_STORED_INTEGER);
  const isEntry = (tool: unknown): tool is PlannedRevision =>
    typeof (tool as PlannedRevision)?.name === 'string' && isRevision((tool as PlannedRevision).revision);
  if (typeof planned !== 'string' || !Array.isArray(tools) || !tools.every(isEntry)) {
    throw new CliError(`--plan ${file}: not a plan written by "toolgraph plan --out"`);
  }
  if (planned !== server) throw new CliError(`--plan ${file} was made against ${planned}, not ${server}: plan again against this registry`);
  return tools.map(({ name, revision }) => ({ name, revision }));
}

/** The registry's issues, or a conflict with a plan; returns EXIT.issues. */
function reportSyncFailure(result: Extract<SyncResult, { ok: false }>, format: IssueFormat): number {
  if ('issues' in result) return reportIssues(result.issues, format, `The registry found ${issuesSummary(result.issues)}`);
  const summary = `${result.conflict} Run plan again to see what changed.`;
  if (format === 'json') writeJson({ ok: false, conflict: summary });
  else process.stdout.write(`${painter(process.stdout)('red', summary)}\n`);
  return EXIT.issues;
}

/** `plan` (a dry run) and `apply`. */
async function planOrApply(paths: string[], options: SyncOptions, dryRun: boolean): Promise<number> {
  const server = required(options.server, '--server');
  const checked = checkFiles(paths);
  // A folder with no config in it is more likely a wrong path than a wish to empty the registry (or, with --prune, namespaces).
  if (checked.files.length === 0) {
    throw new CliError(
      `no config files in ${paths.join(', ')}; to delete every tool of a namespace, ${dryRun ? 'plan' : 'apply'} a file holding "tools: []" with --prune`,
    );
  }
  printFindings(checked.findings, options.format);
  if (checked.issues.length > 0) return reportIssues(checked.issues, options.format, `${issuesSummary(checked.issues)} Fix them, then run it again.`);
  const client = new RegistryClient(server, options.token);
  const expectedRevisions = options.plan === undefined ? undefined : readPlan(options.plan, client.endpoint.href);
  const result = await sync(client, checked.tools, { dryRun, prune: options.prune ?? [], expectedRevisions });
  if (!result.ok) return reportSyncFailure(result, options.format);
  printChanges(result, options.format === 'json' ? 'json' : 'text', client.endpoint.href);
  if (options.out !== undefined) {
    const plan: PlanFile = { server: client.endpoint.href, tools: result.tools.map(({ name, revision }) => ({ name, revision })) };
    writeFileSync(options.out, `${JSON.stringify(plan, null, 2)}\n`);
    process.stderr.write(`wrote the plan to ${options.out}: "toolgraph apply --plan ${options.out}" writes only if no tool changed since.\n`);
  }
  return EXIT.ok;
}

async function exportCommand(options: { server?: string; token?: string; namespace?: string; format: ExportFormat; output?: string }): Promise<number> {
  const client = new RegistryClient(required(options.server, '--server'), options.token);
  const exported = await exportTools(client, options.namespace, options.format);
  if (options.output) {
    writeFileSync(options.output, exported.text);
    process.stderr.write(`wrote ${count(exported.count, 'tool')} to ${options.output}\n`);
  } else {
    process.stdout.write(exported.text);
  }
  if (exported.issues.length === 0) return EXIT.ok;
  process.stderr.write(issueLines(exported.issues, process.stderr));
  process.stderr.write(`${count(exported.issues.length, 'tool')} left out: ${options.format} cannot carry ${exported.issues.length === 1 ? 'it' : 'them'}.\n`);
  return EXIT.issues;
}

interface DiscoverOptions {
  namespace: string;
  mcpServer: string;
  url?: string;
  server?: string;
  token?: string;
  dryRun?: boolean;
  output?: string;
  timeout: number;
  format: 'text' | 'json';
}

async function discover(command: string[], options: DiscoverOptions): Promise<number> {
  if (!isNamespace(options.namespace))
    throw new CliError(`--namespace ${JSON.stringify(options.namespace)} is not a namespace (a-z 0-9 . _ -, starting and ending with a letter or digit)`);
  if ((options.url === undefined) === (command.length === 0)) {
    throw new CliError('give either --url <url> (Streamable HTTP) or, after --, the command that starts the MCP server (stdio)');
  }
  if (options.output === undefined && options.server === undefined) {
    throw new CliError('give --server to register the tools (--dry-run to plan only), or --output to write them to a config file');
  }
  const endpoint: McpEndpoint = options.url !== undefined ? { url: options.url } : { command: command[0]!, args: command.slice(1) };
  const listed = await listMcpTools(endpoint, options.timeout);
  const discovered = discoveredConfigs(listed, options.namespace, options.mcpServer);
  for (const tool of discovered) for (const note of tool.notes) process.stderr.write(`note: ${tool.mcpName}: ${note}\n`);
  const issues = discovered.flatMap((tool) => (tool.entry.checked.ok ? [] : tool.entry.checked.issues.map(tool.locate)));
  const format = options.format === 'json' ? 'json' : 'text';
  if (issues.length > 0)
    return reportIssues(issues, format, `${count(issues.length, 'issue')} in the ${count(listed.length, 'tool')} the MCP server lists; nothing was written.`);
  process.stderr.write(`The MCP server lists ${count(listed.length, 'tool')}.\n`);

  if (options.output !== undefined) {
    const definitions = discovered.flatMap((tool) => (tool.entry.checked.ok ? [tool.entry.checked.value] : []));
    writeFileSync(options.output, toConfigText(definitions));
    process.stdout.write(`wrote ${count(definitions.length, 'tool')} to ${options.output}\n`);
    return EXIT.ok;
  }
  const client = new RegistryClient(options.server!, options.token);
  const result = await sync(client, discovered, { dryRun: options.dryRun === true, prune: [] });
  if (!result.ok) return reportSyncFailure(result, format);
  printChanges(result, format, client.endpoint.href);
  return EXIT.ok;
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value === '') throw new CliError(`${option} is required (or set ${option === '--server' ? 'TOOLGRAPH_SERVER' : 'it'})`);
  return value;
}

function program(setExitCode: (code: number) => void): Command {
  const run =
    <Args extends unknown[]>(action: (...args: Args) => Promise<number>) =>
    async (...args: Args) =>
      setExitCode(await action(...args));
  const cli = new Command('toolgraph')
    .description('Check tool configs, keep a toolgraph registry in step with them, export tools for models, discover MCP tools.')
    .version(VERSION)
    .showHelpAfterError('(toolgraph <command> --help shows how to use it)')
    .addHelpText('after', EXIT_CODES_HELP);

  cli
    .command('validate')
    .description("check config files offline with the registry's rules, as one set (names given once, validations wrapping tools)")
    .argument('<paths...>', 'config files, or folders of them (.yaml, .yml, .json, searched recursively)')
    .addOption(issueFormatOption())
    .addHelpText('after', `\nExample:\n  toolgraph validate tools/ --format github\n${EXIT_CODES_HELP}`)
    .action(run((paths: string[], options: { format: IssueFormat }) => validate(paths, options)));

  for (const [name, dryRun, description, planOption] of [
    [
      'plan',
      true,
      'show what apply would do: per tool, created / updated (which fields) / unchanged / deleted; writes nothing',
      new Option('--out <file>', 'record what the plan read, for apply --plan'),
    ],
    [
      'apply',
      false,
      "write the files' tools to the registry, all or nothing",
      new Option('--plan <file>', 'a plan recorded by plan --out: write nothing if a tool changed since it was made'),
    ],
  ] as const) {
    cli
      .command(name)
      .addOption(planOption)
      .description(description)
      .argument('<paths...>', 'config files, or folders of them')
      .addOption(serverOption())
      .addOption(tokenOption())
      .option('--prune <namespaces>', 'also delete the tools of these namespaces that no file names (repeat it, or separate with commas)', collectNamespaces)
      .addOption(issueFormatOption().choices(ISSUE_FORMATS))
      .addHelpText('after', `\nExample:\n  toolgraph ${name} tools/ --server http://127.0.0.1:4000 --prune devops\n${EXIT_CODES_HELP}`)
      .action(run((paths: string[], options: SyncOptions) => planOrApply(paths, options, dryRun)));
  }

  cli
    .command('export')
    .description("print the registry's tools as a config file (loads back unchanged) or in a model-ready format")
    .addOption(serverOption())
    .addOption(tokenOption())
    .option('--namespace <namespace>', "only this namespace's tools")
    .addOption(
      new Option('--format <format>', 'yaml or json: a config file; mcp: a tools/list result; openai, anthropic: a list of tools')
        .choices(EXPORT_FORMATS)
        .default('yaml'),
    )
    .option('--output <file>', 'write to this file instead of standard output')
    .addHelpText('after', `\nExample:\n  toolgraph export --server http://127.0.0.1:4000 --namespace devops --format openai\n${EXIT_CODES_HELP}`)
    .action(run(exportCommand));

  cli
    .command('discover')
    .description("list an MCP server's tools and register each as an mcp tool (or write them to a config file)")
    .argument('[command...]', 'after --: the command that starts the MCP server over stdio')
    .requiredOption('--namespace <namespace>', 'the namespace to register the tools in')
    .requiredOption('--mcp-server <name>', 'the name the tools give as mcp_server')
    .option('--url <url>', "the MCP server's Streamable HTTP endpoint, instead of a command")
    .addOption(serverOption())
    .addOption(tokenOption())
    .option('--dry-run', 'plan only: show what registering would change, write nothing')
    .option('--output <file>', 'write the tools to this config file instead of registering them')
    .addOption(new Option('--timeout <seconds>', 'how long to wait for the MCP server').argParser(positiveInteger).default(30))
    .addOption(new Option('--format <format>', 'how the result is printed').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      `\nExamples:\n  toolgraph discover --namespace files --mcp-server filesystem --server http://127.0.0.1:4000 --dry-run -- npx @modelcontextprotocol/server-filesystem .\n  toolgraph discover --namespace docs --mcp-server docs --url https://mcp.example.com/mcp --output tools/docs.yaml\n${EXIT_CODES_HELP}`,
    )
    .action(run(discover));

  return cli;
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new CommanderError(EXIT.usage, 'commander.invalidArgument', `error: --timeout must be a whole number of seconds, not ${JSON.stringify(value)}`);
  return parsed;
}

/** Runs the CLI on `argv` (as process.argv); resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  const cli = program((code) => (exitCode = code));
  // Commander exits with 1 on a usage mistake; the CLI's documented code for one is 2.
  cli.exitOverride();
  for (const command of cli.commands) command.exitOverride();
  try {
    await cli.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError)
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CliError) {
      process.stderr.write(`toolgraph: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

/** What bin/toolgraph.js runs: the CLI on this process's arguments, its exit code set when it is done. */
export function runCli(): void {
  main(process.argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`toolgraph: unexpected error (a bug in toolgraph): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT.bug;
    },
  );
}
