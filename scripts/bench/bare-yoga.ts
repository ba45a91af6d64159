/**
 * graphql-yoga with one field, `{ hello }`: the ceiling of a yoga server on this machine, which the
 * benchmark measures beside toolgraph. Prints "listening on <url>".
 */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const yoga = createYoga({
  schema: createSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } }),
  graphiql: false,
  logging: false,
});
const server = createServer(yoga.requestListener);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`bare yoga listening on http://127.0.0.1:${address.port}/graphql`);
});
