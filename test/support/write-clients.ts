/**
 * Clients that write through toolgraph over HTTP while something goes wrong underneath, and the tally
 * of what they were told against what the database kept: test/server/outage.test.ts asserts on it,
 * scripts/load/database-restart.ts prints it.
 */
import { Client } from 'pg';

/**
 * An HTTP answer to one GraphQL request, with what a client needs to decide to retry. `Body` is the
 * type its caller expects of the parsed body (tests leave it `any`; scripts name it).
 */
export interface GraphQLAnswer<Body = any> {
  status: number;
  retryAfter: string | null;
  text: string;
  /** The parsed body; undefined when it is not JSON. */
  body: Body | undefined;
}

export async function requestGraphQL<Body = any>(url: string, query: string, variables?: object, writeKey?: string): Promise<GraphQLAnswer<Body>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(writeKey === undefined ? {} : { 'idempotency-key': writeKey }) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: Body | undefined;
  try {
    body = JSON.parse(text) as Body;
  } catch {
    body = undefined;
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text, body };
}

const CREATE = `mutation ($input: ToolInput!) { createTool(input: $input) { __typename ... on RegistryError { message } } }`;

/**
 * One createTool as a writer saw it. `acknowledged`: answered `CreateToolSuccess`, so it must be stored;
 * `unavailable`: a SERVICE_UNAVAILABLE error, so the client knows to retry; `other`: anything else
 * (another error code, a user error, a failed connection to toolgraph).
 */
export interface WriteOutcome {
  name: string;
  /** Date.now() when the request was sent and when its answer arrived. */
  sentAt: number;
  answeredAt: number;
  outcome: 'acknowledged' | 'unavailable' | 'other';
  status: number;
  retryAfter: string | null;
  /** What came back, for `other`. */
  detail?: string;
}

export interface Writers {
  /** Every write answered so far, in the order answers arrived. */
  readonly outcomes: readonly WriteOutcome[];
  /** Lets each client finish its write in flight, then resolves with all outcomes. */
  stop(): Promise<WriteOutcome[]>;
}

/** After a failed write, a client pauses this long: it keeps probing the outage without spinning. */
const PAUSE_AFTER_FAILURE_MS = 50;

/**
 * `clients` concurrent clients, each creating tools `<namespace>/w<client>-<n>` one after the other
 * until stopped. Unkeyed, every name is sent once, whatever the answer, so a name in the database
 * maps to exactly one request. `keyed`: each name is sent with an Idempotency-Key, and sent again
 * with it after SERVICE_UNAVAILABLE or no answer, until it is acknowledged (or the writers stop);
 * every attempt is an outcome.
 */
export function startWriters(graphqlUrl: string, { clients, namespace, keyed = false }: { clients: number; namespace: string; keyed?: boolean }): Writers {
  const outcomes: WriteOutcome[] = [];
  let running = true;
  const client = async (id: number) => {
    for (let n = 0; running; n++) {
      const name = `${namespace}/w${id}-${n}`;
      for (;;) {
        const sentAt = Date.now();
        const outcome = await createTool(graphqlUrl, name, keyed ? `${name}-key` : undefined);
        outcomes.push({ name, sentAt, answeredAt: Date.now(), ...outcome });
        if (outcome.outcome === 'acknowledged') break;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_FAILURE_MS));
        const unanswered = outcome.outcome === 'unavailable' || outcome.status === 0;
        if (!keyed || !unanswered || !running) break;
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await done;
      return outcomes;
    },
  };
}

async function createTool(
  url: string,
  name: string,
  writeKey: string | undefined,
): Promise<Pick<WriteOutcome, 'outcome' | 'status' | 'retryAfter' | 'detail'>> {
  let answer: GraphQLAnswer;
  try {
    answer = await requestGraphQL(url, CREATE, { input: { name, description: 'Written while the database restarts.', source: 'BUILTIN' } }, writeKey);
  } catch (error) {
    return { outcome: 'other', status: 0, retryAfter: null, detail: `no answer: ${(error as Error).message}` };
  }
  const { status, retryAfter, body, text } = answer;
  if (body?.data?.createTool?.__typename === 'CreateToolSuccess' && !body.errors) return { outcome: 'acknowledged', status, retryAfter };
  const codes: unknown[] = Array.isArray(body?.errors) ? body.errors.map((error: any) => error?.extensions?.code) : [];
  if (codes.length > 0 && codes.every((code) => code === 'SERVICE_UNAVAILABLE')) return { outcome: 'unavailable', status, retryAfter };
  return { outcome: 'other', status, retryAfter, detail: text.slice(0, 500) };
}

/** The tool names of `namespace` that the database at `databaseUrl` holds, read directly. */
export async function storedToolNames(databaseUrl: string, namespace: string): Promise<Set<string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "Tool" WHERE name LIKE $1`, [`${namespace}/%`]);
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

export interface WriteTally {
  attempted: number;
  acknowledged: number;
  unavailable: number;
  /** The outcomes that were neither: each one a failure of the outage contract. */
  other: WriteOutcome[];
  /** Names answered `Tool` that the database does not hold: lost writes. */
  acknowledgedButMissing: string[];
  /** Names answered SERVICE_UNAVAILABLE that the database holds anyway (committed, but the answer was lost): allowed, a retry would meet NAME_TAKEN. */
  unavailableButStored: number;
}

export function tallyWrites(outcomes: readonly WriteOutcome[], stored: ReadonlySet<string>): WriteTally {
  const of = (kind: WriteOutcome['outcome']) => outcomes.filter((write) => write.outcome === kind);
  return {
    attempted: outcomes.length,
    acknowledged: of('acknowledged').length,
    unavailable: of('unavailable').length,
    other: of('other'),
    acknowledgedButMissing: of('acknowledged')
      .filter((write) => !stored.has(write.name))
      .map((write) => write.name),
    unavailableButStored: of('unavailable').filter((write) => stored.has(write.name)).length,
  };
}
