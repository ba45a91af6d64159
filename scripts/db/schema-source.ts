import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The per-provider Prisma schemas are rendered from one source, prisma/schema.template.prisma.
 * Template syntax: `{{provider}}`, `{{clientDir}}`, and lines ending in `//@postgres` or
 * `//@sqlite` that only one provider keeps.
 */

export const ROOT = join(__dirname, '..', '..');
export const TEMPLATE_PATH = join(ROOT, 'prisma', 'schema.template.prisma');

export const PROVIDERS = ['sqlite', 'postgres'] as const;
export type Provider = (typeof PROVIDERS)[number];

const PRISMA_PROVIDER: Record<Provider, string> = { sqlite: 'sqlite', postgres: 'postgresql' };

export const providerDir = (provider: Provider): string => join(ROOT, 'prisma', provider);
export const schemaPath = (provider: Provider): string => join(providerDir(provider), 'schema.prisma');
export const migrationsDir = (provider: Provider): string => join(providerDir(provider), 'migrations');

const GENERATED_HEADER =
  '// GENERATED from prisma/schema.template.prisma by scripts/db/schemas.ts: do not edit.\n' +
  '// Edit the template, then run `npm run db:migration:new -- <name>`.\n\n';

export function renderSchema(provider: Provider, template = readFileSync(TEMPLATE_PATH, 'utf8')): string {
  const lines: string[] = [];
  let inHeader = true;
  for (const line of template.split('\n')) {
    // The template's leading comment block documents the template; it is not copied.
    if (inHeader && line.startsWith('//')) continue;
    if (inHeader && line.trim() === '') continue;
    inHeader = false;
    const only = /\s*\/\/@(postgres|sqlite)\s*$/.exec(line);
    if (only) {
      if (only[1] === provider) lines.push(line.slice(0, only.index));
      continue;
    }
    lines.push(line);
  }
  return GENERATED_HEADER + lines.join('\n').replaceAll('{{provider}}', PRISMA_PROVIDER[provider]).replaceAll('{{clientDir}}', provider);
}
