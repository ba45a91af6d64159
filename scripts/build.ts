/**
 * `npm run build`: the server as JavaScript in dist/ (dist/src/server/main.js), which `npm start`
 * runs with plain Node: no transpiler in the running server. esbuild compiles each TypeScript file
 * of src/ on its own, as tsc would emit it (CommonJS, same layout), without checking types:
 * `npm run typecheck` does that, in CI too, and tsconfig's isolatedModules makes every file safe to
 * compile alone. The whole build takes under a second where tsc took about 10 s, on the path of
 * every `npm start` and of a first run. Files under src/ that are not TypeScript (the browser
 * page's HTML, CSS and script, its operations and their manifest, which the server reads too) are
 * copied beside the compiled code, where it reads them.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { extname, join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..');
const source = join(root, 'src');
const output = join(root, 'dist', 'src');

// From scratch each time: it is quick, and a file deleted from src/ leaves nothing behind.
rmSync(output, { recursive: true, force: true });
buildSync({
  entryPoints: readdirSync(source, { recursive: true, encoding: 'utf8' })
    // A declaration file (.d.ts) only tells TypeScript about other code: there is nothing to compile.
    .filter((file) => extname(file) === '.ts' && !file.endsWith('.d.ts'))
    .map((file) => join(source, file)),
  outbase: source,
  outdir: output,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  tsconfig: join(root, 'tsconfig.json'),
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(source, output, { recursive: true, filter: (path) => extname(path) !== '.ts' });
