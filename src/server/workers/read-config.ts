import { parseToolConfigs } from '../../domain/config';

/** Runs in a worker thread of ../config-reader.ts: a config text read and checked, off the server's event loop. */
export default function readConfig(text: string): ReturnType<typeof parseToolConfigs> {
  return parseToolConfigs(text);
}
