// PostGraphile v5 (the Amber preset, as its docs start) over the database at DATABASE_URL: the
// reference the benchmark compares toolgraph with, on the same rows. Prints "listening on <url>".
// Prisma keeps a tool's name unique with an index, not a constraint, which PostGraphile does not
// read; a smart tag (its documented way) declares it, so a tool is read by `toolByName`.
// JavaScript, not TypeScript: PostGraphile's subpath exports need a module resolution this
// project's tsconfig (CommonJS) does not use, and this file is only a harness for the benchmark.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { jsonPgSmartTags } from 'postgraphile/utils';

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  plugins: [jsonPgSmartTags({ version: 1, config: { class: { Tool: { tags: { unique: 'name' } } } } })],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'] })],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
});
const server = createServer();
pgl.createServ(grafserv).addTo(server);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`postgraphile listening on http://127.0.0.1:${server.address().port}/graphql`);
});
