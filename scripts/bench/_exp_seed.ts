import { startServer, killServer, post } from '../../test/support/server-process';
import { seedBatch } from './seed';
const IMPORT = 'mutation ($config: String!) { importTools(config: $config) { __typename } }';
async function main() {
  const [url, count] = [process.argv[2]!, Number(process.argv[3])];
  const server = await startServer(url);
  const t = performance.now();
  for (let s = 0; s < count; s += 1000) {
    const a = await post(server.url, IMPORT, { config: seedBatch(s, 1000) });
    if (a.data?.importTools?.__typename !== 'ImportedTools') throw new Error(JSON.stringify(a));
  }
  console.log('seeded', count, (performance.now() - t) / 1000);
  await killServer(server);
}
main().catch((e) => { console.error(e); process.exit(1); });
