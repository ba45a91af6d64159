/**
 * The in-memory GraphQL server most API suites run against: a fresh, migrated database of `kind`
 * (./databases.ts), a real ToolStore on it and a yoga server over the store, created in the
 * suite's beforeAll and torn down in its afterAll (the events bus closed, the store closed, the
 * database dropped). Requests go through `yoga.fetch('http://yoga/graphql', …)`; no port.
 *
 *   const server = useTestServer(kind, { recordSql: true });
 *   it('…', async () => expect(await data(server.yoga, '{ tools { totalCount } }')).toEqual(…));
 *
 * Call it at describe time, before the suite's own hooks: its beforeAll runs first, so those hooks
 * can already seed through `server.yoga` or `server.store`. The fields are getters, valid from
 * that beforeAll on; read them inside hooks and tests, never destructure them at describe time.
 */
import type { ToolEventBus } from '../../src/domain/events';
import type { ToolStore } from '../../src/domain/ports';
import { InProcessToolEventBus } from '../../src/server/events';
import { createToolgraphServer, type ToolgraphServer, type ToolgraphServerOptions } from '../../src/server/yoga';
import { createToolStore } from '../../src/store';
import { freshDatabase, type DatabaseKind, type FreshDatabase } from './databases';

export interface TestServerOptions<Events extends ToolEventBus> {
  /** Keep every SQL statement the store runs in `sql` (it turns on Prisma's query events). */
  recordSql?: boolean;
  /**
   * Makes the bus that committed writes are announced on and `toolEvents` listens to; closed after
   * the suite. Default: an in-process bus, as the server always has one.
   */
  events?: () => Events;
  /** The server's CORS_ORIGINS. */
  corsOrigins?: readonly string[];
}

/** What a test may set of the server's configuration. */
export type ServeOptions = Pick<
  ToolgraphServerOptions,
  'corsOrigins' | 'limits' | 'fieldSuggestions' | 'compileQueries' | 'refuseFindings' | 'historyRetention' | 'metrics'
>;

export interface TestServer<Events extends ToolEventBus> {
  readonly database: FreshDatabase;
  readonly store: ToolStore;
  readonly yoga: ToolgraphServer;
  /** The bus made by `options.events`. */
  readonly events: Events;
  /** The SQL statements the store ran, oldest first (`recordSql`); empty it with `sql.length = 0`. */
  readonly sql: string[];
  /** Another server over the same store and bus, with its own CORS_ORIGINS, limits or suggestions; call it in a hook or test. */
  serve(options: ServeOptions): ToolgraphServer;
}

export function useTestServer<Events extends ToolEventBus = ToolEventBus>(kind: DatabaseKind, options: TestServerOptions<Events> = {}): TestServer<Events> {
  let database: FreshDatabase | undefined;
  let store: ToolStore | undefined;
  let events: Events | undefined;
  let yoga: ToolgraphServer | undefined;
  const sql: string[] = [];

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestServer: no ${what} (read it in a hook or test, after the helper's beforeAll)`);
    return value;
  };
  const serve = (serverOptions: ServeOptions): ToolgraphServer =>
    createToolgraphServer({ ...serverOptions, store: ready(store, 'store'), events, logging: false });

  beforeAll(async () => {
    database = await freshDatabase(kind);
    store = await createToolStore(database.url, options.recordSql ? { onQuery: (query) => sql.push(query) } : {});
    events = options.events ? options.events() : (new InProcessToolEventBus() as ToolEventBus as Events);
    yoga = serve({ corsOrigins: options.corsOrigins });
  });

  afterAll(async () => {
    await events?.close();
    await store?.close();
    await database?.drop();
  });

  return {
    get database() {
      return ready(database, 'database');
    },
    get store() {
      return ready(store, 'store');
    },
    get yoga() {
      return ready(yoga, 'server');
    },
    get events() {
      if (!options.events) throw new Error('useTestServer: no events bus; pass { events: () => new InProcessToolEventBus() }');
      return ready(events, 'events bus');
    },
    get sql() {
      if (!options.recordSql) throw new Error('useTestServer: SQL is not recorded; pass { recordSql: true }');
      return sql;
    },
    serve,
  };
}
