import type { KeyedWrite } from '../domain/ports';
import { databaseErrorKind } from './database-errors';
import type { Dialect } from './dialect';
import type { StoreTransaction } from './prisma-client';

/**
 * Thrown when another transaction recorded a write with the same key first (two retries of one
 * write racing): the store runs the transaction again, as for a serialization conflict, and the
 * run finds the other's answer.
 */
export class KeyedWriteRace extends Error {
  constructor(options: { cause: unknown }) {
    super('another transaction recorded a write with this key', options);
    this.name = 'KeyedWriteRace';
  }
}

/** Where in an outcome a value sits: the keys and indexes from its root. */
type Path = (string | number)[];

/**
 * An outcome as JSON text, with where its dates are: JSON alone hands dates back as strings, and a
 * marker inside the value (`{"$date": …}`) could be mistaken for a tool's own JSON Schema. (Node's
 * structured serialization keeps dates, but makes them in the realm that reads them back, where
 * `instanceof Date` fails under a test runner's sandbox.)
 */
function encodeOutcome(outcome: unknown): string {
  const dates: Path[] = [];
  const path: Path = [];
  const plain = (value: unknown): unknown => {
    if (value instanceof Date) {
      dates.push([...path]);
      return value.toISOString();
    }
    if (value instanceof Map || value instanceof Set) throw new Error('a keyed write outcome holds a Map or a Set, which JSON does not keep');
    if (value === null || typeof value !== 'object') return value;
    const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
    const copy: Record<string | number, unknown> = Array.isArray(value) ? ([] as unknown as Record<number, unknown>) : {};
    for (const [key, item] of entries) {
      path.push(key);
      copy[key] = plain(item);
      path.pop();
    }
    return copy;
  };
  return JSON.stringify({ value: plain(outcome), dates });
}

function decodeOutcome(text: string): unknown {
  const { value, dates } = JSON.parse(text) as { value: unknown; dates: Path[] };
  if (dates.some((path) => path.length === 0)) return new Date(value as string);
  // The paths were taken from this value's own objects and arrays as it was written.
  type Node = Record<string | number, unknown>;
  for (const path of dates) {
    const holder = path.slice(0, -1).reduce<Node>((node, key) => node[key] as Node, value as Node);
    const key = path[path.length - 1]!;
    holder[key] = new Date(holder[key] as string);
  }
  return value;
}

export async function findKeyedWrite(tx: StoreTransaction, dialect: Dialect, actor: string, key: string, since: Date): Promise<KeyedWrite | null> {
  if (dialect.lockWriteKey !== null) await tx.$executeRawUnsafe(dialect.lockWriteKey, `${actor}\n${key}`);
  const row = await tx.keyedWrite.findUnique({ where: { actor_key: { actor, key } } });
  if (row === null || row.createdAt < since) return null;
  return { requestHash: row.requestHash, outcome: decodeOutcome(row.outcome) };
}

/** Records a keyed write; the unit of work has deleted an expired record of the key first (forgetKeyedWritesBefore). */
export async function recordKeyedWrite(tx: StoreTransaction, actor: string, key: string, write: KeyedWrite): Promise<void> {
  try {
    await tx.keyedWrite.create({ data: { actor, key, requestHash: write.requestHash, outcome: encodeOutcome(write.outcome), createdAt: new Date() } });
  } catch (error) {
    if (databaseErrorKind(error) === 'uniqueViolation') throw new KeyedWriteRace({ cause: error });
    throw error;
  }
}

export async function forgetKeyedWritesBefore(tx: StoreTransaction, since: Date): Promise<void> {
  await tx.keyedWrite.deleteMany({ where: { createdAt: { lt: since } } });
}
