import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from '@prisma/driver-adapter-utils';

/**
 * Runs one database statement (`run`) and may time or trace it: the server's metrics and traces
 * (src/server) see every statement the store runs, its SQL text with placeholders, never its values.
 */
export type QueryObserver = <T>(sql: string, run: () => Promise<T>) => Promise<T>;

/** The kind of a statement (`select`, `insert`, …, `transaction`, `other`): what metrics and span names say of its SQL. */
export function statementKind(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  switch (verb) {
    case 'select':
    case 'with':
      return 'select';
    case 'insert':
    case 'update':
    case 'delete':
      return verb;
    case 'begin':
    case 'commit':
    case 'rollback':
    case 'savepoint':
    case 'release':
      return 'transaction';
    default:
      return 'other';
  }
}

/** `target` with some members replaced; every other member is the target's own (methods bound to it). */
function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value: unknown = Reflect.get(object, property, object);
      // Function#bind is typed to return `any`; the bound method is no better known than `value`.
      return typeof value === 'function' ? (value.bind(object) as unknown) : value;
    },
  });
}

function observedQueries<T extends SqlDriverAdapter | Transaction>(queryable: T, observe: QueryObserver): Partial<T> {
  return {
    queryRaw: (query: SqlQuery) => observe(query.sql, () => queryable.queryRaw(query)),
    executeRaw: (query: SqlQuery) => observe(query.sql, () => queryable.executeRaw(query)),
  } as Partial<T>;
}

/**
 * Prisma's driver adapter factory with every statement of its connections and transactions passed
 * through `observe`: below Prisma, where the SQL is known, on both databases alike.
 */
export function observedAdapterFactory<F extends SqlDriverAdapterFactory>(factory: F, observe: QueryObserver): F {
  return withOverrides(factory, {
    connect: async () => {
      const adapter = await factory.connect();
      return withOverrides(adapter, {
        ...observedQueries(adapter, observe),
        startTransaction: async (...args: Parameters<SqlDriverAdapter['startTransaction']>) => {
          const transaction = await adapter.startTransaction(...args);
          return withOverrides(transaction, observedQueries(transaction, observe));
        },
      });
    },
  } as Partial<F>);
}
