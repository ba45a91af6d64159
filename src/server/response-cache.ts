import { createHash } from 'node:crypto';
import { useResponseCache, type Cache } from '@envelop/response-cache';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { print, type ExecutionResult } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { ChangeTracker } from './change-tracker';

/**
 * Answers to repeated reads of unchanged data, from memory: a dashboard polling its facets, many
 * agents reading the same tools. Each instance keeps its own entries (a hit costs no round trip,
 * and a slow Redis cannot slow reads); what instances share is invalidation, which rides on the
 * tool events every instance already receives (through Redis when configured).
 *
 * Why an answer is never stale for longer than an event takes to arrive (./change-tracker.ts):
 * - every committed write empties this instance's cache before the write answers, and every
 *   other instance's when its event arrives;
 * - an answer computed while a write committed is not stored: each miss remembers the
 *   generation it started in, and a write starts a new one;
 * - while events may be missed (Redis away, or this instance not yet listening) nothing is
 *   served from the cache or stored in it.
 * Entries are shared by all callers: a read's answer does not depend on who asks (grants limit
 * writes only), and the credential requirement and the rate limits run before a cached answer is
 * used (envelop runs the `onExecute` of the plugins before this one first). Entries expire after
 * the TTL, which bounds what events cannot report: another program writing the database.
 */

/** What all entries may weigh together (their JSON length), and one entry at most. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;
/** Misses being computed at once whose generation is remembered; one forgotten is simply not stored. */
const MAX_PENDING_MISSES = 10_000;

/** A stored answer and its JSON text, which every hit sends as it is instead of serialising the answer again. */
interface Entry {
  result: ExecutionResult;
  text: string;
}

export class ResponseCache implements Cache {
  private entries: LRUCache<string, Entry>;
  private readonly missedIn = new LRUCache<string, number>({ max: MAX_PENDING_MISSES });

  constructor(
    private readonly changes: ChangeTracker,
    private readonly ttlSeconds: number,
  ) {
    this.entries = new LRUCache({ maxSize: MAX_CACHED_BYTES, ttl: ttlSeconds * 1000 });
    // Any write may change any answer (a count, a page, a search): all entries go.
    changes.onChange(() => this.entries.clear());
  }

  /** The envelop plugin; place it after the plugins that may refuse an operation. */
  plugin(): Plugin {
    return useResponseCache({
      cache: this,
      session: () => null,
      enabled: () => this.changes.usable,
      ttl: this.ttlSeconds * 1000,
      // Writes empty the cache through their events, not through the entities in their answers.
      invalidateViaMutation: false,
      includeExtensionMetadata: false,
      // The text the client sent, as yoga parsed it: printing the document again costs more than the lookup.
      getDocumentString: (args) => (args.contextValue as { params?: { query?: string } }).params?.query ?? print(args.document),
      // What the default key hashes, through node:crypto's synchronous SHA-256: the default's
      // WebCrypto digest (a job on the thread pool) was 8 % of the CPU of a read served from here.
      buildResponseCacheKey: ({ documentString, operationName, variableValues }) => keyOf(documentString, operationName, variableValues),
    });
  }

  /**
   * The stored answer to a request of these params, looked up before yoga parses it
   * (./plugins/use-cached-answers-first.ts); a miss is left to the plugin's lookup, which remembers it.
   */
  answerTo(params: GraphQLParams): StoredAnswer | undefined {
    if (!this.changes.usable || typeof params.query !== 'string') return undefined;
    const hit = this.entries.get(keyOf(params.query, params.operationName, params.variables));
    return hit && answerOf(hit);
  }

  /**
   * The answer stored for `key`, with the `stringify` yoga's result processor uses in place of
   * JSON.stringify: serialising a page of 50 tools was a tenth of the CPU of a hit. Stored answers
   * have no errors (the plugin stores none), so the text is what yoga would have written.
   */
  get(key: string): StoredAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) {
      const generation = this.changes.generation();
      if (generation !== null && !this.missedIn.has(key)) this.missedIn.set(key, generation);
      return undefined;
    }
    return answerOf(hit);
  }

  set(key: string, result: ExecutionResult): void {
    const startedIn = this.missedIn.get(key);
    this.missedIn.delete(key);
    if (startedIn === undefined || startedIn !== this.changes.generation()) return;
    const text = JSON.stringify(result);
    if (text.length <= MAX_ENTRY_BYTES) this.entries.set(key, { result, text }, { size: text.length });
  }

  /** The envelop cache's own invalidation (unused: invalidateViaMutation is off); empties the cache all the same. */
  invalidate(): void {
    this.entries.clear();
  }
}

/** A stored answer as yoga sends it: `stringify` gives the stored text (see `get`). */
type StoredAnswer = ExecutionResult & { stringify: () => string };
const answerOf = (hit: Entry): StoredAnswer => ({ ...hit.result, stringify: () => hit.text });

/** The key of an answer: the document as sent, the operation's name and the variables as sent. */
const keyOf = (documentString: string, operationName: string | null | undefined, variables: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([documentString, operationName ?? null, variables ?? {}]))
    .digest('base64url');
