import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ALL_NAMESPACES, grantProblem, jwtActor, normalizedNamespaces, type Caller } from '../../domain/access';
import { DependencyUnavailable } from '../../domain/ports';
import { CredentialRejected } from './credential-rejected';

/**
 * Bearer JWTs (spec section 6), verified with jose: a JWKS (fetched when needed, cached, fetched
 * again for a key id it does not know) or a shared secret for HS256. The signature, `exp` and `nbf`
 * are always checked, `iss` and `aud` when configured; only the algorithms of the key kind are
 * accepted, so an unsigned token (`alg: none`) or a token signed with the public key as an HMAC
 * secret (algorithm confusion) is refused. The grant comes from the claims `toolgraph_role` and
 * `toolgraph_namespaces`; the actor is `jwt:` and `sub` (access.ts `jwtActor`).
 */

export interface JwtSettings {
  /** TOOLGRAPH_JWT_JWKS_URL: where the issuer publishes its public keys. */
  jwksUrl?: string;
  /** TOOLGRAPH_JWT_SECRET: a shared secret for HS256, when there is no JWKS. */
  secret?: string;
  /** TOOLGRAPH_JWT_ISSUER: the `iss` a token must carry. */
  issuer?: string;
  /** TOOLGRAPH_JWT_AUDIENCE: the `aud` a token must carry. */
  audience?: string;
}

/** Signature algorithms of public keys: a JWKS never verifies an HMAC. */
const PUBLIC_KEY_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Leeway for `exp` and `nbf` between the issuer's clock and this server's. */
const CLOCK_TOLERANCE_S = 5;
/** A JWKS fetch slower than this counts as the issuer being unavailable. */
const JWKS_TIMEOUT_MS = 5000;
/**
 * At most one fetch per this long when tokens name key ids the JWKS does not have: a key the
 * issuer has just rotated in is accepted within seconds, while tokens with made-up key ids cost
 * the issuer at most 12 fetches a minute.
 */
const JWKS_COOLDOWN_MS = 5_000;

/** A verified JWT: who it speaks for, and when it expires (ms since the epoch; `exp` is required). */
export interface VerifiedJwt {
  caller: Caller;
  expiresAt: number;
}

export type JwtVerifier = (token: string) => Promise<VerifiedJwt>;

export function createJwtVerifier(settings: JwtSettings): JwtVerifier | null {
  if (settings.jwksUrl === undefined && settings.secret === undefined) return null;
  const options = {
    issuer: settings.issuer,
    audience: settings.audience,
    clockTolerance: CLOCK_TOLERANCE_S,
    algorithms: settings.jwksUrl !== undefined ? PUBLIC_KEY_ALGORITHMS : ['HS256'],
    // A token that never expires would outlive every revocation the issuer can make.
    requiredClaims: ['exp'],
  };
  const key: JWTVerifyGetKey | Uint8Array = settings.jwksUrl !== undefined ? issuerKeys(new URL(settings.jwksUrl)) : new TextEncoder().encode(settings.secret);
  return async (token) => {
    let payload: JWTPayload;
    try {
      // Two calls for one: jose's overloads take one kind of key each.
      ({ payload } = await (typeof key === 'function' ? jwtVerify(token, key, options) : jwtVerify(token, key, options)));
    } catch (error) {
      throw rejection(error);
    }
    return { caller: callerOf(payload), expiresAt: payload.exp! * 1000 };
  };
}

/**
 * The key of a token from the issuer's JWKS. Not getting the set is an outage, not the client's
 * fault: jose reports an unreachable issuer with the network's own errors, and an answer that is not
 * 200 or not JSON with a plain JOSEError, like the token's own faults; so every failure here but
 * "no key (or several) for this token" is told apart before it reaches `rejection`.
 */
function issuerKeys(url: URL): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(url, { timeoutDuration: JWKS_TIMEOUT_MS, cooldownDuration: JWKS_COOLDOWN_MS });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      const unreachable = error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError);
      const message = unreachable ? 'could not be reached' : 'did not answer with keys that can be read';
      throw new DependencyUnavailable(`The issuer of JSON Web Tokens ${message}.`, { cause: error });
    }
  };
}

/** Why a token was refused, in words that say nothing about the keys; an issuer that cannot give its keys is an outage. */
function rejection(error: unknown): Error {
  if (error instanceof DependencyUnavailable) return error;
  if (error instanceof errors.JWTExpired) return new CredentialRejected('The token has expired.');
  if (error instanceof errors.JWTClaimValidationFailed) return new CredentialRejected(`The token's "${error.claim}" claim is not accepted.`);
  if (error instanceof errors.JOSEError) return new CredentialRejected('The token is not a valid JSON Web Token for this registry.');
  // Not jose's verdict on the token: a published key it will not use, such as an RSA key under 2048 bits.
  return new DependencyUnavailable('The issuer of JSON Web Tokens answered with keys that cannot be read.', { cause: error });
}

function callerOf(payload: JWTPayload): Caller {
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new CredentialRejected('The token has no "sub" claim.');
  const role = payload.toolgraph_role ?? 'read';
  const namespaces = payload.toolgraph_namespaces ?? [];
  // Every element is checked before `*` is read in it: `["*", 5, {}]` is no grant, not all namespaces.
  const problem = grantProblem(role, namespaces);
  if (problem !== null) throw new CredentialRejected(`The token's toolgraph_role and toolgraph_namespaces claims are not a grant: ${problem}`);
  return {
    actor: jwtActor(payload.sub),
    grant: { role: role as Caller['grant']['role'], namespaces: normalizedNamespaces(namespaces as string[] | typeof ALL_NAMESPACES) },
  };
}
