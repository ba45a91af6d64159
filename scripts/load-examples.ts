/**
 * Loads every config in examples/tools/ into a running toolgraph through its public
 * `importTools` mutation, one file per import, and prints what changed.
 * Usage: npm run examples:load   (TOOLGRAPH_URL, or HOST/PORT, say where the server is)
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const examplesDir = join(__dirname, '..', 'examples', 'tools');
const endpoint = process.env.TOOLGRAPH_URL ?? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '4000'}/graphql`;

const IMPORT = /* GraphQL */ `
  mutation ImportExamples($config: String!) {
    importTools(config: $config) {
      __typename
      ... on ImportToolsSuccess { tools { name change } }
      ... on ImportValidationError { message issues { path code message line column } invalidTools { index name issues { code message line column } } }
    }
  }
`;

/** What this script reads of an import's result; a refusal is printed whole, as it came. */
type ImportAnswer = { __typename: 'ImportToolsSuccess'; tools: { name: string; change: string }[] } | { __typename: 'ImportValidationError'; message: string };

async function importFile(file: string): Promise<boolean> {
  const config = await readFile(join(examplesDir, file), 'utf8');
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: IMPORT, variables: { config } }),
  });
  const body = (await response.json()) as { data?: { importTools: ImportAnswer }; errors?: { message: string }[] };
  if (body.errors?.length) {
    console.error(`${file}: ${body.errors.map((e) => e.message).join('; ')}`);
    return false;
  }
  const result = body.data!.importTools;
  if (result.__typename !== 'ImportToolsSuccess') {
    console.error(`${file}: ${result.message}\n${JSON.stringify(result, null, 2)}`);
    return false;
  }
  for (const tool of result.tools) console.log(`${file}: ${tool.change.toLowerCase()} ${tool.name}`);
  return true;
}

async function main(): Promise<void> {
  const files = (await readdir(examplesDir)).filter((f) => /\.(ya?ml|json)$/.test(f)).sort();
  let ok = true;
  for (const file of files) ok = (await importFile(file)) && ok;
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`Could not load the examples into ${endpoint}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
