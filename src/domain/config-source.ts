import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Issue } from './issues';

/**
 * Where a path of a config lies in its text: `resource_slots[1].static_resource` → line 14,
 * column 9. The domain reads configs with js-yaml, whose values carry no positions; this reads the
 * same text again with the `yaml` package, whose nodes keep their source ranges, only to point at
 * what the domain's issues name. Where the two parsers disagree (or a path names a key that is
 * absent), the nearest node that exists is pointed at.
 */
export class SourceMap {
  private readonly lines = new LineCounter();
  private parsed: ReturnType<typeof parseDocument> | undefined;
  /** Whether the tools are listed under `tools:`, once asked. */
  private listsTools: boolean | undefined;

  constructor(private readonly text: string) {}

  /**
   * The text read by `yaml`, which keeps positions: only when an issue needs one. A text the
   * config's reader refused (nested past its depth, say) is not read again: `yaml` has no depth
   * limit, and 100,000 levels exhausted a worker's memory so that the whole process died.
   */
  private get document(): ReturnType<typeof parseDocument> {
    this.parsed ??= parseDocument(this.text, { lineCounter: this.lines, uniqueKeys: false, prettyErrors: false });
    return this.parsed;
  }

  /** Where the parser stopped on a text that is not YAML; null when `yaml` read it. */
  parseError(): Position | null {
    const [error] = this.document.errors;
    return error ? this.position(error.pos[0]) : null;
  }

  private hasTopLevelKey(key: string): boolean {
    const top = this.document.contents;
    return isMap(top) && top.items.some((item) => isScalar(item.key) && String(item.key.value) === key);
  }

  /**
   * Where an issue lies in the text: its path from the config's root and the position of what it
   * names. `tool` is the issue's tool (its index in the config), whose paths are relative to it:
   * under `tools:` in a list file, at the top in a single-tool file; null for an issue of the text
   * as a whole, whose path is from the root already (or empty: where the parser stopped).
   */
  locateIssue(tool: number | null, issue: Issue): LocatedConfigIssue {
    if (tool === null && issue.path === '') return { configPath: [], ...(issue.position ?? this.parseError() ?? { line: 1, column: 1 }) };
    this.listsTools ??= this.hasTopLevelKey('tools');
    const configPath = [...(tool !== null && this.listsTools ? ['tools', tool] : []), ...pathSegments(issue.path)];
    return { configPath, ...this.locate(configPath, issue.code === 'UNKNOWN_FIELD' ? 'key' : 'value') };
  }

  /**
   * The position of the node at `segments`: a key's value, or the key itself when `at` is 'key'
   * (an unknown key) or its value is empty. Of the deepest node that exists, when the path goes
   * further than the text.
   */
  locate(segments: readonly (string | number)[], at: 'key' | 'value' = 'value'): Position {
    let node: unknown = this.document.contents;
    let found: Node | null = isNode(node) ? node : null;
    for (const [i, segment] of segments.entries()) {
      const last = i === segments.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
        if (!pair) break;
        const key = isNode(pair.key) ? pair.key : null;
        const value = isNode(pair.value) ? pair.value : null;
        // An empty value (`description:`) has no text of its own: its key is pointed at.
        const empty = !value?.range || value.range[0] === value.range[1];
        found = (last && at === 'key') || empty ? key : value;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment];
        if (!isNode(item)) break;
        found = item;
        node = item;
      } else {
        break;
      }
    }
    return this.position(found?.range?.[0] ?? 0);
  }

  private position(offset: number): Position {
    const { line, col } = this.lines.linePos(offset);
    return { line: Math.max(1, line), column: Math.max(1, col) };
  }
}

export interface Position {
  line: number;
  column: number;
}

/** An issue to find in a config text: of its tool `tool` (its index), or of the text as a whole (null). */
export interface IssueToLocate {
  tool: number | null;
  issue: Issue;
}

/** Where each issue lies in `text`, in the order given. The text is read once, however many. */
export function locateConfigIssues(text: string, issues: readonly IssueToLocate[]): LocatedConfigIssue[] {
  const source = new SourceMap(text);
  return issues.map(({ tool, issue }) => source.locateIssue(tool, issue));
}

export interface LocatedConfigIssue extends Position {
  /** Keys and list positions from the config's root: `['tools', 1, 'capability', 'read_only']`. */
  configPath: (string | number)[];
}

const isNode = (value: unknown): value is Node => isMap(value) || isSeq(value) || isScalar(value);

/**
 * An issue path as segments: `resource_slots[1].static_resource` → `['resource_slots', 1,
 * 'static_resource']`, `capability.readOnly` → `['capability', 'readOnly']`. The model's keys are
 * letters and `_`; from the first part that is not such a key (an unknown key may hold `.`, `[`
 * or anything), the rest of the path is one key.
 */
export function pathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  let rest = path;
  while (rest !== '') {
    const part = /^([A-Za-z_]+)((?:\[\d+\])*)(?:\.|$)/.exec(rest);
    if (part === null) {
      segments.push(rest);
      break;
    }
    segments.push(part[1]!, ...[...part[2]!.matchAll(/\d+/g)].map((index) => Number(index[0])));
    rest = rest.slice(part[0].length);
  }
  return segments;
}

/** Segments as a path: `['tools', 1, 'capability', 'writes']` → `tools[1].capability.writes`. */
export function pathText(segments: readonly (string | number)[]): string {
  return segments.reduce<string>((text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : text === '' ? segment : `${text}.${segment}`), '');
}
