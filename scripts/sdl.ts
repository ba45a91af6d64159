/**
 * `npm run sdl`: prints the subgraph SDL (the same text `_service { sdl }` serves), for publishing
 * to a schema registry or composing a supergraph: `npm run --silent sdl > toolgraph.graphql`.
 */
import { subgraphSdl } from '../src/graphql/schema';

process.stdout.write(subgraphSdl());
