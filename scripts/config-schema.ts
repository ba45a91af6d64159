/**
 * `npm run schema` writes schemas/tool.schema.json, the JSON Schema of tool config files, from the
 * domain's definitions (src/domain/config-schema.ts); `npm run schema:check` (CI) fails when the
 * committed file is not what they give.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toolConfigSchemaText } from '../src/domain/config-schema';

const file = join(__dirname, '..', 'schemas', 'tool.schema.json');
const shown = relative(process.cwd(), file);
const expected = toolConfigSchemaText();

if (process.argv.includes('--check')) {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== expected) {
    console.error(`${shown} is not what the domain's definitions give; run npm run schema and commit it.`);
    process.exit(1);
  }
  console.log(`${shown} is up to date`);
} else {
  writeFileSync(file, expected);
  console.log(`wrote ${shown}`);
}
