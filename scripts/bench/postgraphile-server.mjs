// PostGraphile v5 (the Amber preset, as its docs start) over the database at DATABASE_URL: the
// reference the benchmark compares toolgraph with, on the same rows. Prints "listening on <url>".
// JavaScript, not TypeScript: PostGraphile's subpath exports need a module resolution this
// project's tsconfig (CommonJS) does not use, and this file is only a harness for the benchmark.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'] })],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
});
const server = createServer();
pgl.createServ(grafserv).addTo(server);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`postgraphile listening on http://127.0.0.1:${server.address().port}/graphql`);
});
