/**
 * `npm run build`: the server as JavaScript in dist/ (dist/src/server/main.js), which `npm start`
 * runs with plain Node: no transpiler in the running server. Incremental: a build with nothing
 * changed takes seconds. Files under src/ that are not TypeScript (the browser page's HTML, CSS and
 * script) are copied beside the compiled code, where it reads them.
 */
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { extname, join } from 'node:path';

const root = join(__dirname, '..');
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
cpSync(join(root, 'src'), join(root, 'dist', 'src'), { recursive: true, filter: (source) => extname(source) !== '.ts' });
