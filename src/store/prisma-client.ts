import { PrismaClient as PostgresPrismaClient } from './generated/postgres/client';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import type { Prisma } from './generated/sqlite/client';
import { clearLogs } from '@prisma/debug';
import type { Pool } from 'pg';
import { adapterFactoryFor } from './adapters';
import type { DatabaseTarget } from './database-url';
import { observedAdapterFactory, type QueryObserver } from './observed-queries';

/**
 * The one client type the repository is written against. The two generated clients have the same
 * models and differ only in provider-specific query options (e.g. `mode: 'insensitive'` exists
 * on Postgres only), which the dialect (./dialect.ts) supplies; so the Postgres client is used
 * through the SQLite client's type.
 */
export type StoreClient = SqlitePrismaClient;
export type StoreTransaction = Prisma.TransactionClient;

/**
 * A Prisma client for the database (on `pool` if given, for Postgres), reporting every SQL statement
 * it runs to `onQuery`, and running each through `observe` if given.
 */
export function createPrismaClient(target: DatabaseTarget, onQuery?: (sql: string) => void, pool?: Pool, observe?: QueryObserver): StoreClient {
  const factory = adapterFactoryFor(target, pool);
  const adapter = observe ? observedAdapterFactory(factory, observe) : factory;
  const log = onQuery ? [{ emit: 'event' as const, level: 'query' as const }] : [];
  if (target.provider === 'postgres') {
    const client = new PostgresPrismaClient({ adapter, log });
    if (onQuery) client.$on('query', (event) => onQuery(event.query));
    return client as unknown as StoreClient;
  }
  const client = new SqlitePrismaClient({ adapter, log });
  if (onQuery) client.$on('query', (event) => onQuery(event.query));
  return client;
}

/**
 * Prisma's driver adapters keep what they ran last, arguments and all, for its bug reports
 * (@prisma/debug keeps 100 statements; no setting turns it off). After an import those are its
 * rows, kept until 100 more writes ran: after importing 20,000 tools, a heap snapshot held 127 MB with them and 107 MB without.
 * The store forgets them as each write transaction ends.
 */
export const forgetStatementArguments: () => void = clearLogs;
