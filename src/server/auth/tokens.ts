import { createHash, randomBytes } from 'node:crypto';
import { grantProblem, normalizedNamespaces, tokenNameProblem, type Caller, type Grant } from '../../domain/access';
import type { ApiTokenRecord, TokenStore } from '../../domain/ports';

/**
 * API tokens (spec section 6): `tg_` and 32 random bytes, shown once when made; the registry keeps
 * only their SHA-256. A fast hash is right here, unlike for passwords: a token has 256 bits of
 * entropy, so nothing can be guessed from its hash, and a request's token is hashed on every cache miss.
 */

export const TOKEN_PREFIX = 'tg_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Why a grant or name cannot make a token; thrown by `issueToken`. */
export class TokenRequestError extends Error {
  override name = 'TokenRequestError';
}

/** Makes a token: checks the name and grant, stores its hash, returns the token (never stored). */
export async function issueToken(
  tokens: TokenStore,
  request: { name: string; role: string; namespaces: readonly string[] },
): Promise<{ token: string; record: ApiTokenRecord }> {
  const problem = tokenNameProblem(request.name) ?? grantProblem(request.role, request.namespaces);
  if (problem !== null) throw new TokenRequestError(problem);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const record = await tokens.insert(
    { name: request.name, role: request.role as Grant['role'], namespaces: normalizedNamespaces(request.namespaces) },
    hashToken(token),
  );
  return { token, record };
}

/**
 * How long a token's lookup is reused. A revoked token must fail on every instance within 1 s
 * (spec: "ends one at once on every instance"); half of that leaves room for the lookup itself.
 */
const LOOKUP_TTL_MS = 500;
/** Lookups kept at once; a client sending random tokens cannot grow the cache past this. */
const MAX_CACHED_LOOKUPS = 10_000;
/** How often the last use of tokens is written: one statement per token used, not one per request. */
const LAST_USE_FLUSH_MS = 60_000;

interface Lookup {
  caller: Caller | null;
  expires: number;
}

/**
 * Turns a request's API token into its caller, with each lookup cached LOOKUP_TTL_MS and the last
 * use of tokens recorded in batches. `close()` writes what is pending.
 */
export class TokenVerifier {
  private readonly lookups = new Map<string, Lookup>();
  private readonly lastUse = new Map<string, Date>();
  private readonly flushTimer: NodeJS.Timeout;

  constructor(
    private readonly tokens: TokenStore,
    private readonly onFlushError: (error: unknown) => void = () => undefined,
  ) {
    this.flushTimer = setInterval(() => void this.flush(), LAST_USE_FLUSH_MS).unref();
  }

  /** The caller of `token`, or null for a token the registry does not know (never issued, or revoked). */
  async verify(token: string): Promise<Caller | null> {
    const hash = hashToken(token);
    const now = Date.now();
    let lookup = this.lookups.get(hash);
    if (!lookup || lookup.expires <= now) {
      const record = await this.tokens.findByHash(hash);
      lookup = { caller: record && { actor: record.name, grant: { role: record.role, namespaces: record.namespaces } }, expires: now + LOOKUP_TTL_MS };
      if (this.lookups.size >= MAX_CACHED_LOOKUPS) this.lookups.delete(this.lookups.keys().next().value!);
      this.lookups.set(hash, lookup);
    }
    if (lookup.caller) this.lastUse.set(lookup.caller.actor, new Date(now));
    return lookup.caller;
  }

  async close(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.lastUse.size === 0) return;
    const batch = new Map(this.lastUse);
    this.lastUse.clear();
    try {
      await this.tokens.recordUse(batch);
    } catch (error) {
      this.onFlushError(error);
    }
  }
}
