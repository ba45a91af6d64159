import { parseToolConfigs } from '../../domain/config';
import { locateConfigIssues, type IssueToLocate } from '../../domain/config-source';

/** Runs in a worker thread of ../config-reader.ts: a config text read and checked, off the server's event loop. */
export default function readConfig(text: string): ReturnType<typeof parseToolConfigs> {
  return parseToolConfigs(text);
}

/** Runs in the same worker: where an invalid import's issues lie in its text (read again, with positions). */
export function locate({ text, issues }: { text: string; issues: IssueToLocate[] }): ReturnType<typeof locateConfigIssues> {
  return locateConfigIssues(text, issues);
}
