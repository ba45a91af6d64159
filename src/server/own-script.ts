import { extname, join } from 'node:path';

/**
 * How to run another of the server's own entry files (a worker, a command) beside this one: the
 * `.ts` file under tsx when the server runs from src/, the `.js` file with plain Node from a build.
 */
export function ownScript(relativePath: string): { filename: string; execArgv: string[] } {
  const extension = extname(__filename);
  return { filename: join(__dirname, `${relativePath}${extension}`), execArgv: extension === '.ts' ? ['--import', 'tsx'] : [] };
}
