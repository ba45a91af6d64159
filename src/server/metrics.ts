import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { statementKind, type PoolUse, type QueryObserver } from '../store';

/**
 * The server's Prometheus metrics (`GET /metrics`, ./plugins/use-metrics-endpoint.ts), in a
 * registry of its own: GraphQL operations by name, type and outcome, errors by code, database
 * statements, the Postgres pool, the event bus, and Node's process metrics. Every label has a
 * bounded set of values: operation names and error codes come from clients' documents and the
 * API's errors, so each is kept to the first MAX_LABEL_VALUES seen, and any later one counts as
 * `other`; there is no label by tool or namespace.
 */

/** Distinct values one label keeps before later ones count as `other`. */
export const MAX_LABEL_VALUES = 100;
/** A label value longer than this counts as `other` too. */
const MAX_LABEL_LENGTH = 64;

/** The first `max` values seen keep their name; any other is `other`. */
export class BoundedLabel {
  private readonly seen = new Set<string>();
  constructor(private readonly max = MAX_LABEL_VALUES) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max || value.length > MAX_LABEL_LENGTH) return 'other';
    this.seen.add(value);
    return value;
  }
}

export type OperationType = 'query' | 'mutation' | 'subscription';

/** What the request log and the metrics know of one GraphQL operation once it has been answered. */
export interface OperationOutcome {
  /** The operation's name, null for an anonymous one. */
  name: string | null;
  /** Null when the request never reached an operation (unparsable, refused before it ran). */
  type: OperationType | null;
  outcome: 'ok' | 'error';
  /** The codes of the errors in the answer, once each. */
  errorCodes: readonly string[];
  seconds: number;
}

export interface MetricSources {
  /** The connections of the Postgres pool; SQLite has no pool (one connection for writes, one for reads). */
  poolUse?: () => PoolUse;
  /** The event bus: its subscribers, and for Redis whether it delivers and what it has not yet handed over. */
  events?: { readonly subscriberCount: number; readonly available?: boolean; readonly unacknowledged?: number };
}

const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly operationNames = new BoundedLabel();
  private readonly errorCodes = new BoundedLabel();
  private readonly operationSeconds: Histogram<'operation' | 'type' | 'outcome'>;

  private readonly errors: Counter<'code'>;
  private readonly querySeconds: Histogram<'statement'>;
  private readonly prunedRevisions: Counter;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.operationSeconds = new Histogram({
      name: 'toolgraph_graphql_operation_duration_seconds',
      help: 'Time from a GraphQL request’s arrival to its answer, by operation name (the first 100 names; later ones are "other"), type and outcome.',
      labelNames: ['operation', 'type', 'outcome'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.errors = new Counter({
      name: 'toolgraph_graphql_errors_total',
      help: 'GraphQL errors answered, by extensions.code (the first 100 codes; later ones are "other").',
      labelNames: ['code'],
      registers,
    });
    this.querySeconds = new Histogram({
      name: 'toolgraph_db_query_duration_seconds',
      help: 'Time the database took for one statement, by kind of statement.',
      labelNames: ['statement'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.prunedRevisions = new Counter({
      name: 'toolgraph_history_revisions_pruned_total',
      help: "Revisions this instance's writes pruned from tools' histories (TOOLGRAPH_HISTORY_KEEP), counted once their transaction committed.",
      registers,
    });
  }

  /** Counts revisions a committed write pruned (the registry's `onRevisionsPruned`). */
  readonly revisionsPruned = (revisions: number): void => this.prunedRevisions.inc(revisions);

  /** Adds the gauges of what `sources` report, read at each scrape. */
  watch({ poolUse, events }: MetricSources): void {
    const registers = [this.registry];
    if (poolUse) {
      new Gauge({
        name: 'toolgraph_db_pool_connections',
        help: 'Connections of the Postgres pool: open (total), idle, and requests waiting for one (waiting).',
        labelNames: ['state'],
        registers,
        collect() {
          const use = poolUse();
          this.set({ state: 'total' }, use.total);
          this.set({ state: 'idle' }, use.idle);
          this.set({ state: 'waiting' }, use.waiting);
        },
      });
    }
    if (events) {
      new Gauge({
        name: 'toolgraph_event_subscribers',
        help: "Open subscriptions to this instance's event bus: clients' toolEvents streams, and the one of this instance's change tracker (1 while it listens), which tells the response cache and the kept search matches of every write.",
        registers,
        collect() {
          this.set(events.subscriberCount);
        },
      });
      new Gauge({
        name: 'toolgraph_event_bus_available',
        help: '1 while live events reach subscribers (always, for in-process events); 0 while Redis is unreachable.',
        registers,
        collect() {
          this.set(events.available === false ? 0 : 1);
        },
      });
      if (events.unacknowledged !== undefined) {
        new Gauge({
          name: 'toolgraph_event_bus_unacknowledged_bytes',
          help: 'Bytes of events handed to Redis and not yet acknowledged.',
          registers,
          collect() {
            this.set(events.unacknowledged ?? 0);
          },
        });
      }
    }
  }

  observeOperation(operation: OperationOutcome): void {
    const name = operation.type === null ? 'none' : operation.name === null ? 'anonymous' : this.operationNames.of(operation.name);
    this.operationSeconds.observe({ operation: name, type: operation.type ?? 'none', outcome: operation.outcome }, operation.seconds);
    for (const code of operation.errorCodes) this.errors.inc({ code: this.errorCodes.of(code) });
  }

  /** Times each database statement (the store calls it around every one). */
  readonly observeQuery: QueryObserver = async (sql, run) => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.querySeconds.observe({ statement: statementKind(sql) }, (performance.now() - started) / 1000);
    }
  };

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
