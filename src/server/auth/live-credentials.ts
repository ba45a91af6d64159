import type { Authenticator, Identity } from './authenticator';
import { CredentialRejected } from './credential-rejected';

/**
 * How often the credentials of open streams are checked again. An API token's lookup is cached
 * for 500 ms (./tokens.ts), so a revocation on any instance ends its streams within 500 + this.
 */
export const RECHECK_INTERVAL_MS = 250;

/** Why a stream's credential stopped being accepted: the message a client is given. */
export type Revocation = string;

interface Watcher {
  expiresAt: number | undefined;
  end: (why: Revocation) => void;
}

/**
 * Keeps checking the credentials of long-lived connections (spec section 6, "Access lasts as long
 * as the credential"): every RECHECK_INTERVAL_MS, each distinct `Authorization` header of an open
 * stream is identified again, once however many streams share it, and the streams of one that is
 * no longer accepted (revoked, expired, a JWT whose issuer no longer signs it) are ended, a JWT's
 * at its `exp`. While the database or the issuer cannot be asked, streams go on: no credential
 * can be revoked in the registry meanwhile either.
 */
export class LiveCredentials {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly authenticator: Authenticator) {}

  /**
   * Watches the credential `request` was accepted with; `end` is called once, when it is no longer
   * accepted. Returns the function that stops watching (the stream ended on its own).
   */
  watch(request: Request, identity: Identity, end: (why: Revocation) => void): () => void {
    const header = request.headers.get('authorization');
    if (!identity.authenticated || header === null) return () => undefined;
    const stop = () => {
      const same = this.watchers.get(header);
      same?.delete(watcher);
      if (same?.size === 0) this.watchers.delete(header);
      if (this.watchers.size === 0) this.pause();
    };
    const watcher: Watcher = {
      expiresAt: identity.expiresAt,
      end: (why) => {
        stop();
        end(why);
      },
    };
    let same = this.watchers.get(header);
    if (!same) this.watchers.set(header, (same = new Set()));
    same.add(watcher);
    this.timer ??= setInterval(() => void this.recheck(), RECHECK_INTERVAL_MS).unref();
    return stop;
  }

  /** Stops checking; streams still open are left as they are (the server is closing them). */
  close(): void {
    this.watchers.clear();
    this.pause();
  }

  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async recheck(): Promise<void> {
    // A check slower than the interval (a slow database) is not stacked under the next one.
    if (this.checking) return;
    this.checking = true;
    try {
      await Promise.all([...this.watchers.keys()].map((header) => this.recheckHeader(header)));
    } finally {
      this.checking = false;
    }
  }

  private async recheckHeader(header: string): Promise<void> {
    const now = Date.now();
    // A JWT's `exp` ends its streams on this server's clock, without the leeway a new request gets.
    for (const watcher of [...(this.watchers.get(header) ?? [])])
      if (watcher.expiresAt !== undefined && watcher.expiresAt <= now) watcher.end('The token has expired.');
    if (!this.watchers.has(header)) return;
    const why = await this.rejection(header);
    if (why === null) return;
    for (const watcher of [...(this.watchers.get(header) ?? [])]) watcher.end(why);
  }

  private async rejection(header: string): Promise<Revocation | null> {
    try {
      const identity = await this.authenticator.identify(new Request('http://toolgraph/', { headers: { authorization: header } }));
      return identity.authenticated ? null : 'The credential is no longer accepted.';
    } catch (error) {
      // Anything else (the database or the issuer unreachable) leaves the verdict as it was: the
      // request path reports such failures, and nothing can be revoked while the database is away.
      return error instanceof CredentialRejected ? error.message : null;
    }
  }
}
