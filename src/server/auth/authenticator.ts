import { ANONYMOUS_READER, OPEN_ACCESS, type Caller } from '../../domain/access';
import { CredentialRejected } from './credential-rejected';
import type { JwtVerifier } from './jwt';
import { TOKEN_PREFIX, type TokenVerifier } from './tokens';

/** Who must show a credential (spec section 6, "Modes"). */
export interface AccessSettings {
  /** TOOLGRAPH_AUTH: `off` lets anyone write (the default on loopback), `on` needs a credential for every write. */
  control: 'on' | 'off';
  /** TOOLGRAPH_READ_ACCESS: `authenticated` makes reads need a credential too (with control on). */
  reads: 'public' | 'authenticated';
}

/** Who a request comes from, and whether it showed an accepted credential. */
export interface Identity {
  caller: Caller;
  authenticated: boolean;
  /** When its credential stops being accepted by itself (a JWT's `exp`, ms since the epoch); none for API tokens, which last until revoked. */
  expiresAt?: number;
}

export type OperationKind = 'query' | 'mutation' | 'subscription';

/**
 * Turns a request's `Authorization: Bearer …` into its caller: an API token of this registry
 * (`tg_…`), else a JWT when an issuer is configured. With access control off every request is
 * the open caller, whatever it sends. A credential that is sent and cannot be accepted is never
 * ignored: `identify` throws CredentialRejected, so a client learns its token is wrong.
 */
export class Authenticator {
  constructor(
    readonly settings: AccessSettings,
    private readonly tokens: TokenVerifier,
    private readonly jwt: JwtVerifier | null,
  ) {}

  async identify(request: Request): Promise<Identity> {
    if (this.settings.control === 'off') return { caller: OPEN_ACCESS, authenticated: false };
    const header = request.headers.get('authorization');
    if (header === null || header.trim() === '') return { caller: ANONYMOUS_READER, authenticated: false };
    const credential = /^Bearer +(\S+)$/i.exec(header.trim())?.[1];
    if (credential === undefined) throw new CredentialRejected('The Authorization header must be "Bearer <token>".');
    if (credential.startsWith(TOKEN_PREFIX)) {
      const caller = await this.tokens.verify(credential);
      if (!caller) throw new CredentialRejected('The API token is not one of this registry (never issued, or revoked).');
      return { caller, authenticated: true };
    }
    if (this.jwt) return { ...(await this.jwt(credential)), authenticated: true };
    throw new CredentialRejected('The token is not an API token of this registry, and this registry accepts no JSON Web Tokens.');
  }

  /** Whether an operation of this kind may run only for a request with an accepted credential. */
  needsCredential(kind: OperationKind): boolean {
    if (this.settings.control === 'off') return false;
    return kind === 'mutation' || this.settings.reads === 'authenticated';
  }

  /** True when nothing can write: control is on, and there is no API token and no JWT issuer. */
  writesImpossible(tokenCount: number): boolean {
    return this.settings.control === 'on' && tokenCount === 0 && this.jwt === null;
  }
}
