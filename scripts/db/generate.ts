import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { PROVIDERS, providerDir, ROOT, schemaPath } from './schema-source';

/**
 * `npm run prisma:generate`: generates the Prisma client of each provider into
 * src/store/generated/<provider> from the committed prisma/<provider>/schema.prisma. The clients
 * are committed, so that installing to run (`npm ci --omit=dev --omit=optional`) needs neither
 * Prisma's CLI nor this step; `npm run prisma:check` (in CI) fails when they are not what the
 * schemas generate, by generating them into a scratch copy of the tree and comparing.
 *
 * `prisma generate` does not run the schema engine but refuses to start without a native one,
 * which it cannot download here; naming any existing file in PRISMA_SCHEMA_ENGINE_BINARY (node
 * itself) lets it run (see shared/notes/prisma-offline.md).
 */
const { values: options } = parseArgs({ options: { check: { type: 'boolean', default: false } } });

const GENERATED = join('src', 'store', 'generated');
const prismaCli = join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');

/** Generates each provider's client under `root`, whose prisma/ and src/store/generated/ mirror the project's. */
function generateUnder(root: string): void {
  for (const provider of PROVIDERS) {
    const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', join(root, relative(ROOT, schemaPath(provider)))], {
      cwd: ROOT,
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath },
      stdio: options.check ? 'pipe' : 'inherit',
    });
    if (result.status !== 0) {
      console.error(`prisma generate failed for ${provider}${options.check ? `:\n${String(result.stdout)}${String(result.stderr)}` : ''}`);
      process.exit(result.status ?? 1);
    }
  }
}

/** Every file below `dir`, as paths relative to it. */
const filesBelow = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));

if (!options.check) {
  generateUnder(ROOT);
} else {
  const scratch = mkdtempSync(join(tmpdir(), 'toolgraph-prisma-check-'));
  try {
    // The generator picks its import style (file extensions, module format) from these.
    for (const file of ['package.json', 'tsconfig.json']) cpSync(join(ROOT, file), join(scratch, file));
    for (const provider of PROVIDERS) {
      const dir = join(scratch, relative(ROOT, providerDir(provider)));
      mkdirSync(dir, { recursive: true });
      cpSync(schemaPath(provider), join(dir, 'schema.prisma'));
    }
    generateUnder(scratch);
    const fresh = join(scratch, GENERATED);
    const committed = join(ROOT, GENERATED);
    const names = [...new Set([...filesBelow(fresh), ...filesBelow(committed)])].sort();
    const read = (dir: string, name: string): string | null => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return null;
      }
    };
    const stale = names.filter((name) => read(fresh, name) !== read(committed, name));
    if (stale.length > 0) {
      console.error(`${GENERATED} is not what prisma/<provider>/schema.prisma generates (run npm run prisma:generate and commit it):`);
      for (const name of stale) console.error(`  ${join(GENERATED, name)}`);
      process.exit(1);
    }
    console.log(`${GENERATED} is up to date`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
