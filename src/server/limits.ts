import { GraphQLError } from 'graphql';

/**
 * Every limit a request meets before anything runs: its environment variable, its default, and
 * the `extensions.code` of its refusal. The one definition: config.ts parses these variables, the
 * server's plugins enforce them, and tests check the operators' guide's table (docs/operators.md) and the defaults against it.
 *
 * The defaults never refuse this project's own operations (the documentation's, GraphiQL's examples and
 * introspection, the registry browser's, a federation gateway's `_entities` batches:
 * test/server/own-operations.test.ts) and refuse the fan-outs of issue 7 in milliseconds.
 */

export interface RequestLimit {
  /** The environment variable that sets it (docs/operators.md, "Configuration"). */
  variable: string;
  default: number;
  /** The largest value the variable may take; above it the limit would no longer protect the server. */
  max: number;
  /** What it bounds, for error messages and the documentation. */
  meaning: string;
}

export const REQUEST_LIMITS = {
  /** Enforced while the body is read, with or without Content-Length (./plugins/use-json-bodies.ts). */
  maxRequestBodyBytes: {
    variable: 'MAX_REQUEST_BODY_BYTES',
    // An import holds at most 5 MiB of config text; JSON escaping and the query around it need the rest.
    default: 6 * 1024 * 1024,
    max: 64 * 1024 * 1024,
    meaning: 'bytes of a request body',
  },
  /**
   * Counted while parsing, so it also bounds how deep a document can nest before graphql-js's
   * recursive parser sees it: `[[[…` nests one level per token, and the parser exhausts Node's
   * default stack at about 1,950 levels (measured), hence `max`.
   */
  maxTokens: {
    variable: 'MAX_QUERY_TOKENS',
    // The largest own documents: GraphiQL's example tab (244 tokens), its introspection query (180).
    default: 1000,
    max: 1500,
    meaning: 'tokens (names, punctuation, values) of a GraphQL document',
  },
  /** Field nesting; fragments and inline fragments add no level (`__schema` introspection is not counted). */
  maxDepth: {
    variable: 'MAX_QUERY_DEPTH',
    // The deepest own operations nest 5 fields (`tools { edges { node { capability { readOnly } } } }`).
    default: 10,
    max: 1000,
    meaning: 'levels of nested fields in one operation',
  },
  maxAliases: {
    variable: 'MAX_QUERY_ALIASES',
    // The registry browser uses none; a gateway that merges several subgraph calls into one request aliases each.
    default: 30,
    max: 1000,
    meaning: 'aliases in one operation',
  },
  maxDirectives: {
    variable: 'MAX_QUERY_DIRECTIVES',
    default: 50,
    max: 1000,
    meaning: 'directives (`@include`, `@skip`, …) in one operation',
  },
  /**
   * graphql-js turns every value of a typed input into its internal form before a resolver runs,
   * synchronously, at a few microseconds each: a 6 MiB body of small objects (100,000 resource
   * slots) blocked the server for seconds before the domain could refuse it. Counting the parsed
   * variables first takes milliseconds.
   */
  maxVariableValues: {
    variable: 'MAX_VARIABLE_VALUES',
    // The largest valid write holds two schemas of at most 256 KiB: at most about 131,000 values each
    // when they are all one-digit numbers, far fewer in any real schema.
    default: 150_000,
    max: 1_000_000,
    meaning: 'values (scalars, lists, objects) in the variables of one request',
  },
  /** The estimate of src/server/plugins/use-query-cost.ts, computed with the request's variables. */
  maxCost: {
    variable: 'MAX_QUERY_COST',
    // The browser's largest page costs 1,615, GraphiQL's introspection 226, a gateway batch of 500
    // references with test/federation's selection 12,500; 12 levels of `wrappedBy { wraps … }` 10^12.
    default: 20_000,
    max: 10_000_000,
    meaning: 'estimated fields of a result, lists counted at their expected length',
  },
  /**
   * Open `toolEvents` streams of one client (./plugins/use-subscription-cap.ts), counted in each
   * instance: a client is its credential, else its address, and a slot is held until the stream
   * ends. Each stream holds a socket, a buffer of up to 10,000 events and a credential watch.
   */
  maxSubscriptionsPerClient: {
    variable: 'MAX_SUBSCRIPTIONS_PER_CLIENT',
    // A dashboard wall is many screens behind one NAT address, each page with a stream or a few;
    // 100 serves such a wall while one anonymous script can no longer hold hundreds.
    default: 100,
    max: 100_000,
    meaning: 'open subscriptions of one client on one instance',
  },
} as const satisfies Record<string, RequestLimit>;

export type RequestLimits = { [Name in keyof typeof REQUEST_LIMITS]: number };

export const DEFAULT_REQUEST_LIMITS: RequestLimits = Object.fromEntries(
  Object.entries(REQUEST_LIMITS).map(([name, limit]) => [name, limit.default]),
) as RequestLimits;

/**
 * The cost model's assumption for `Tool.wrappedBy`, a list with no bound: how many validations wrap
 * one tool. Each level of `wrappedBy` multiplies the cost of what it selects by this.
 */
export const WRAPPED_BY_ASSUMED_FANOUT = 10;

/** The `extensions.code` of each refusal; the body cap keeps yoga's own `REQUEST_ENTITY_TOO_LARGE`. */
export const LIMIT_CODES = {
  maxRequestBodyBytes: 'REQUEST_ENTITY_TOO_LARGE',
  maxTokens: 'QUERY_TOO_LARGE',
  maxDepth: 'QUERY_TOO_DEEP',
  maxAliases: 'TOO_MANY_ALIASES',
  maxDirectives: 'TOO_MANY_DIRECTIVES',
  maxVariableValues: 'VARIABLES_TOO_LARGE',
  maxCost: 'QUERY_TOO_COMPLEX',
  maxSubscriptionsPerClient: 'TOO_MANY_SUBSCRIPTIONS',
} as const satisfies Record<keyof RequestLimits, string>;

/**
 * The error of a request refused by `limit`: its code, and HTTP 400 whatever the client accepts.
 * (`spec: false`: yoga would answer a spec-defined validation error with 200 to
 * `accept: application/json`; a refused request is the client's fault for every media type.)
 * `status` 429 says that the same request may succeed later (a subscription cap, once one ends).
 */
export function limitRefusal(limit: keyof RequestLimits, message: string, status: 400 | 429 = 400): GraphQLError {
  return new GraphQLError(message, { extensions: { code: LIMIT_CODES[limit], http: { status, spec: false } } });
}
