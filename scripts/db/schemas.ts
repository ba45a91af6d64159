import { mkdirSync, writeFileSync } from 'node:fs';
import { PROVIDERS, providerDir, renderSchema, schemaPath } from './schema-source';

/** Writes prisma/<provider>/schema.prisma from the template, for every provider. */
export function writeSchemas(): void {
  for (const provider of PROVIDERS) {
    mkdirSync(providerDir(provider), { recursive: true });
    writeFileSync(schemaPath(provider), renderSchema(provider));
  }
}

if (require.main === module) {
  writeSchemas();
  console.log(`wrote ${PROVIDERS.map((p) => schemaPath(p)).join(', ')}`);
}
