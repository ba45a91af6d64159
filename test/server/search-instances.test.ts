/**
 * Ranked search on two server processes over one database and one Redis, as a registry runs on
 * several machines: a change written through one instance is found by the other's `searchTools`
 * as soon as its event arrives (measured), a deleted one stops being found as soon, and after a Redis outage,
 * when events may have been missed, the other instance's index is built again and finds what was
 * written meanwhile. (Until an event arrives, B may also answer from its response cache, as every
 * read of B does: docs/operators.md "Response cache".)
 */
import { testDatabases } from '../support/databases';
import { eventually } from '../support/eventually';
import { post } from '../support/server-process';
import { useTwoInstances } from '../support/two-instances';

const SEARCH = 'query ($query: String!) { searchTools(query: $query) { tool { name description } } }';
const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const UPDATE = 'mutation ($name: String!, $patch: ToolPatch!) { updateTool(name: $name, input: $patch) { __typename } }';

describe.each(testDatabases())('ranked search on two instances (%s)', (kind) => {
  const instances = useTwoInstances(kind);

  const namesOn = async (url: string, query: string): Promise<string[]> => {
    const answer = await post(url, SEARCH, { query });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data.searchTools.map((hit: { tool: { name: string } }) => hit.tool.name);
  };
  /** How long after A's write answered B's search finds `expected` first (or, with [], nothing), within `timeoutMs`. */
  const delayUntil = async (query: string, expected: string[], timeoutMs = 5_000): Promise<number> => {
    const started = performance.now();
    await eventually(
      () => `B to answer ${JSON.stringify(expected)} to "${query}"`,
      async () => {
        const names = await namesOn(instances.b.url, query);
        return JSON.stringify(names.slice(0, Math.max(1, expected.length))) === JSON.stringify(expected) || (expected.length === 0 && names.length === 0)
          ? true
          : undefined;
      },
      timeoutMs,
    );
    return performance.now() - started;
  };

  it('finds on B what A wrote, and stops finding what A deleted', async () => {
    const delays: number[] = [];
    expect(
      (await post(instances.a.url, CREATE, { input: { name: 'sky/aurora-watch', description: 'Forecast the northern lights.', source: 'BUILTIN' } })).data
        .createTool.__typename,
    ).toBe('CreateToolSuccess');
    delays.push(await delayUntil('northern lights forecast', ['sky/aurora-watch']));

    await post(instances.a.url, UPDATE, { name: 'sky/aurora-watch', patch: { description: 'Predict solar flares.' } });
    delays.push(await delayUntil('solar flares', ['sky/aurora-watch']));
    expect(await namesOn(instances.b.url, 'northern lights')).toEqual([]);

    await post(instances.a.url, 'mutation { renameTool(name: "sky/aurora-watch", newName: "space/flare-watch") { __typename } }');
    delays.push(await delayUntil('solar flares', ['space/flare-watch']));

    await post(instances.a.url, 'mutation { deleteTool(name: "space/flare-watch") { __typename } }');
    delays.push(await delayUntil('solar flares', []));
    console.log(`${kind}: A's write answered → B's searchTools finds it: ${delays.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  });

  it('builds B’s index again after a Redis outage, finding what was written meanwhile', async () => {
    await instances.redis.stop();
    await post(instances.a.url, CREATE, { input: { name: 'sea/tide-table', description: 'High and low tides of a harbour.', source: 'BUILTIN' } });
    await instances.redis.start();
    // B reconnects on its retry schedule (up to 2 s apart, src/server/events/redis.ts) and then
    // rebuilds its index: about a second here, several on a machine busy with other suites.
    const delay = await delayUntil('harbour tides', ['sea/tide-table'], 20_000);
    console.log(`${kind}: found on B ${delay.toFixed(0)} ms after Redis came back`);
  }, 30_000);
});
