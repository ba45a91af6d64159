import { styleText } from 'node:util';
import type { FindingSeverity } from '../domain/findings';

/**
 * How the CLI speaks: its exit codes, the issues it reports (located in a file where they come
 * from one) in each format, and colour, which only a terminal gets.
 */

/** The exit codes docs/tool-authors.md documents. */
export const EXIT = {
  ok: 0,
  /** The files, the registry or the MCP server gave issues: nothing was written. */
  issues: 1,
  /** A usage mistake, or the registry or MCP server could not be reached or refused the credential. */
  usage: 2,
  /** A bug in toolgraph itself (sysexits' EX_SOFTWARE): the message has the stack, for a bug report. */
  bug: 70,
} as const;

/** A failure that is not an issue of the tools: what went wrong, for people, and the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * Why a connection failed, as plainly as Node says it: `connect ECONNREFUSED 127.0.0.1:4000`
 * rather than fetch's own `fetch failed`, which says nothing of why.
 */
export function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { message?: string; code?: string } | undefined) : undefined;
  return cause?.message ?? cause?.code ?? (error instanceof Error ? error.message : String(error));
}

/** An issue as the CLI reports it: where (a file position, or null for the whole run), the tool, the path, the code. */
export interface LocatedIssue {
  /** The file as named on the command line (or found in a folder named there); null when the issue is of no file. */
  file: string | null;
  /** 1-based; 1 when the issue is of no place in the file. */
  line: number;
  column: number;
  /** The tool's name, when it gives one. */
  tool: string | null;
  /** Where in the file (`tools[1].capability.writes`), or what the issue is of (`--prune devops`). */
  path: string;
  code: string;
  message: string;
}

/**
 * A finding of a tool of a file that the server's default policy lets through (a MEDIUM or LOW
 * one): reported beside the issues with its own code, without failing the run. The findings that
 * policy refuses are issues (UNSAFE_CONTENT), as the registry would answer.
 */
export interface LocatedFinding extends LocatedIssue {
  severity: FindingSeverity;
}

export const ISSUE_FORMATS = ['text', 'json', 'github'] as const;
export type IssueFormat = (typeof ISSUE_FORMATS)[number];

type Style = Parameters<typeof styleText>[0];

/** Styles text for `stream` when it is a terminal and NO_COLOR is not set (https://no-color.org); plain text otherwise. */
export function painter(stream: Pick<NodeJS.WriteStream, 'isTTY'>): (style: Style, text: string) => string {
  const colour = stream.isTTY && !process.env.NO_COLOR;
  // Decided here, for the stream written to; styleText would look at process.stdout instead.
  return (style, text) => (colour ? styleText(style, text, { validateStream: false }) : text);
}

/**
 * Text from files and servers as a terminal shows it harmlessly: control characters (an escape
 * sequence in a key could clear or rewrite the screen) and the bidirectional overrides that can
 * make text read other than it is, written as `\u001b`.
 */
export function visible(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Each issue on a line of its own: `file:line:column  path  CODE  message`; an issue of no file
 * (of a prune, of an MCP server's tool) starts with its path: `--prune local  FORBIDDEN  …`. A
 * finding's line is the same, its code in yellow and its message after its severity.
 */
export function issueLines(issues: readonly (LocatedIssue | LocatedFinding)[], stream: NodeJS.WriteStream): string {
  const paint = painter(stream);
  return issues
    .map((issue) => {
      const place = issue.file === null ? [] : [paint('bold', `${visible(issue.file)}:${issue.line}:${issue.column}`)];
      const code = 'severity' in issue ? paint('yellow', issue.code) : paint('red', issue.code);
      return `${[...place, paint('cyan', visible(issue.path) || '(whole file)'), code, visible(messageOf(issue))].join('  ')}\n`;
    })
    .join('');
}

const messageOf = (issue: LocatedIssue | LocatedFinding): string => ('severity' in issue ? `${issue.severity}: ${issue.message}` : issue.message);

/**
 * GitHub Actions workflow commands: one `::error` annotation per issue (`::warning` per finding), shown on the file's line
 * in a pull request. Values escaped as the runner requires (% and line breaks everywhere; also :
 * and , in properties).
 */
export function githubAnnotations(issues: readonly (LocatedIssue | LocatedFinding)[]): string {
  const data = (text: string) => visible(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return issues
    .map((issue) => {
      const where = issue.file === null ? '' : ` file=${property(issue.file)},line=${issue.line},col=${issue.column},`;
      const title = `title=${property(issue.code)}`;
      // A finding the policy lets through is a warning: shown on the line, without failing the check.
      const level = 'severity' in issue ? 'warning' : 'error';
      return `::${level}${where === '' ? ' ' : where}${title}::${data(`${issue.path ? `${issue.path}: ` : ''}${messageOf(issue)}`)}\n`;
    })
    .join('');
}

/** `1 issue`, `2 tools`. */
export function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
