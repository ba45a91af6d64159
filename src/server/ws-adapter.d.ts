// graphql-ws publishes its adapter for the `ws` server through package exports only, which this
// project's "node" module resolution does not read (Node itself resolves the require at run time):
// its types, by the file they are in.
declare module 'graphql-ws/use/ws' {
  export * from 'graphql-ws/dist/use/ws';
}
