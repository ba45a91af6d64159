import { getLogs } from '@prisma/debug';
import { testDatabases } from '../support/databases';
import { useTestServer } from '../support/test-server';
import { data } from '../graphql/helpers';

/**
 * Prisma's driver adapters note each statement they run, arguments included, in a history of the
 * last 100 (@prisma/debug). After a bulk import those are its rows, tens of MB kept until 100 more
 * writes: the store forgets them as each write ends (src/store/prisma-client.ts).
 */
describe.each(testDatabases())("the statements' arguments after a write on %s", (kind) => {
  const server = useTestServer(kind);
  const IMPORT = 'mutation ($config: String!) { importTools(config: $config) { __typename } }';
  const marker = 'a-description-only-this-test-writes';
  const config = JSON.stringify({
    tools: Array.from({ length: 50 }, (_, k) => ({ name: `kept/tool-${k}`, description: `${marker} ${k}`, source: 'builtin' })),
  });

  it('are not kept once the import has committed', async () => {
    expect(await data(server.yoga, IMPORT, { config })).toEqual({ importTools: { __typename: 'ImportToolsSuccess' } });
    expect(getLogs(10_000_000)).not.toContain(marker);
  });
});
