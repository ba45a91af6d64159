import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The version of package.json, found above this file: the CLI runs from src/cli under tsx, and a
 * compiled copy from dist/src/cli, so the file is looked for rather than imported from one place.
 */
function packageVersion(): string {
  for (let folder = __dirname; ; folder = dirname(folder)) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'toolgraph' && manifest.version) return manifest.version;
    }
    if (dirname(folder) === folder) return 'unknown';
  }
}

export const VERSION = packageVersion();
