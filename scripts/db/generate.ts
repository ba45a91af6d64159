import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PROVIDERS, ROOT, schemaPath } from './schema-source';

/**
 * `npm run prisma:generate` (and `postinstall`): generates the Prisma client of each provider into
 * src/store/generated/<provider> from the committed prisma/<provider>/schema.prisma.
 *
 * `prisma generate` does not run the schema engine but refuses to start without a native one,
 * which it cannot download here; naming any existing file in PRISMA_SCHEMA_ENGINE_BINARY (node
 * itself) lets it run (see shared/notes/prisma-offline.md).
 */
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath };
const prismaCli = join(ROOT, 'node_modules', 'prisma', 'build', 'index.js');

for (const provider of PROVIDERS) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath(provider)], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`prisma generate failed for ${provider}`);
    process.exit(result.status ?? 1);
  }
}
