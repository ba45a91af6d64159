import { DEFAULT_HISTORY_KEEP_DAYS, type HistoryRetention } from '../domain/history';
import type { SafetyDowngradePolicy } from '../domain/safety';
import type { FindingRefusal } from '../domain/findings';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from '../store/database-url';
import type { AccessSettings } from './auth/authenticator';
import type { JwtSettings } from './auth/jwt';
import { DEFAULT_CHANNEL } from './events/redis';
import { REQUEST_LIMITS, type RequestLimits } from './limits';
import { LOG_LEVELS, type LogLevel } from './logger';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limits';

/** The server's settings, from the environment (docs/operators.md, "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** Redis for live events shared by several instances; undefined: in-process events. */
  redisUrl: string | undefined;
  /** The Redis channel one registry's instances share; two registries on one Redis need two. */
  redisChannel: string;
  /** Browser origins allowed to call the API cross-origin; empty: same origin only. */
  corsOrigins: string[];
  /** What one request may ask for (src/server/limits.ts: variables, defaults, codes). */
  limits: RequestLimits;
  /** Whether errors may suggest names ("Did you mean …"): not when NODE_ENV=production. */
  fieldSuggestions: boolean;
  /** Who must show a credential: TOOLGRAPH_AUTH (default: off on a loopback HOST, on otherwise) and TOOLGRAPH_READ_ACCESS. */
  access: AccessSettings;
  /** Which JSON Web Tokens are accepted (TOOLGRAPH_JWT_*); none configured: API tokens only. */
  jwt: JwtSettings;
  /** Operations per minute per client (TOOLGRAPH_RATE_LIMIT_READS, TOOLGRAPH_RATE_LIMIT_WRITES); 0: no limit. */
  rateLimits: RateLimitSettings;
  /** RESPONSE_CACHE_TTL_SECONDS: how long a read's answer may be served from memory; 0: never (src/server/response-cache.ts). */
  responseCacheTtlSeconds: number;
  /** LOG_LEVEL: the least severe level logged (src/server/logger.ts). */
  logLevel: LogLevel;
  /** METRICS and METRICS_TOKEN: whether /metrics is served, and the bearer token a scrape must send, if any. */
  metrics: { enabled: boolean; token: string | undefined };
  /** MIGRATE_ON_START: whether start-up migrates the database, or waits for a release job to (`npm run db:migrate`). */
  migrateOnStart: boolean;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: where spans are sent over OTLP; undefined: no tracing at all. */
  otlpEndpoint: string | undefined;
  /** TOOLGRAPH_REFUSE_FINDINGS: the least severity of finding that refuses a write (spec section 8); null (`none`): every write is stored. */
  refuseFindings: FindingRefusal;
  /** TOOLGRAPH_SAFETY_DOWNGRADES: who may lower a tool's safety (spec section 9): `write` (the namespace's writers, default) or `admin`. */
  safetyDowngrades: SafetyDowngradePolicy;
  /** TOOLGRAPH_HISTORY_KEEP and TOOLGRAPH_HISTORY_KEEP_DAYS: how much of each tool's history writes keep (src/domain/history.ts). */
  historyRetention: HistoryRetention;
  /** TOOLGRAPH_TRUSTED_DOCUMENTS and TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: the manifest of documents clients send by id, and what happens to others (./trusted-documents.ts). */
  trustedDocuments: TrustedDocumentsSettings;
}

/**
 * TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: what becomes of a document not sent by the id of a listed one
 * (./trusted-documents.ts): `enforce` refuses it (but for admin credentials), `log` runs and logs
 * it, `off` runs it.
 */
export const TRUSTED_DOCUMENTS_MODES = ['enforce', 'log', 'off'] as const;
export type TrustedDocumentsMode = (typeof TRUSTED_DOCUMENTS_MODES)[number];

export interface TrustedDocumentsSettings {
  /** The manifest's path; none: documents are sent as text only. */
  file: string | undefined;
  mode: TrustedDocumentsMode;
}

export const DEFAULTS = {
  port: 4000,
  host: '127.0.0.1',
  databaseUrl: DEFAULT_DATABASE_URL,
  redisChannel: DEFAULT_CHANNEL,
  // Writes empty the cache through their events; the TTL only bounds what events cannot report
  // (another program writing the database), so it can be long without serving stale answers.
  responseCacheTtlSeconds: 60,
  logLevel: 'info',
} as const;

/** A setting with a bad value; the message names the variable and what it accepts. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Whether `host` only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Reads and checks PORT, HOST, DATABASE_URL, REDIS_URL, REDIS_CHANNEL, CORS_ORIGINS, NODE_ENV, the
 * access settings (TOOLGRAPH_AUTH, TOOLGRAPH_READ_ACCESS, TOOLGRAPH_JWT_*), the request limits' variables and
 * RESPONSE_CACHE_TTL_SECONDS, LOG_LEVEL, METRICS, METRICS_TOKEN, MIGRATE_ON_START,
 * OTEL_EXPORTER_OTLP_ENDPOINT, the history's retention (TOOLGRAPH_HISTORY_KEEP, TOOLGRAPH_HISTORY_KEEP_DAYS) and the trusted
 * documents (TOOLGRAPH_TRUSTED_DOCUMENTS, TOOLGRAPH_TRUSTED_DOCUMENTS_MODE; main.ts reads the file) once. Unset or empty variables take their default; a bad value
 * throws ConfigError saying which variable is wrong and why.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };

  const rawPort = value('PORT');
  const port = rawPort === undefined ? DEFAULTS.port : Number(rawPort);
  if (!/^\d+$/.test(rawPort ?? '0') || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a TCP port number from 0 to 65535; got "${rawPort}".`);
  }

  const host = value('HOST') ?? DEFAULTS.host;
  if (/\s|\//.test(host)) throw new ConfigError(`HOST must be a host name or IP address; got "${host}".`);

  const databaseUrl = value('DATABASE_URL') ?? DEFAULTS.databaseUrl;
  try {
    parseDatabaseUrl(databaseUrl);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`DATABASE_URL must be file:<path> (SQLite) or postgres(ql)://… (PostgreSQL): ${reason}`);
  }

  const redisUrl = value('REDIS_URL');
  if (redisUrl !== undefined) checkRedisUrl(redisUrl);

  const redisChannel = value('REDIS_CHANNEL') ?? DEFAULTS.redisChannel;
  if (/\s/.test(redisChannel)) throw new ConfigError(`REDIS_CHANNEL must not contain spaces; got "${redisChannel}".`);

  const corsOrigins = (value('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) checkOrigin(origin);

  const limits = Object.fromEntries(
    Object.entries(REQUEST_LIMITS).map(([name, limit]) => {
      const raw = value(limit.variable);
      if (raw === undefined) return [name, limit.default];
      const parsed = Number(raw);
      if (!/^\d+$/.test(raw) || parsed < 1 || parsed > limit.max) {
        throw new ConfigError(`${limit.variable} must be a whole number of ${limit.meaning} from 1 to ${limit.max}; got "${raw}".`);
      }
      return [name, parsed];
    }),
  ) as RequestLimits;

  const fieldSuggestions = value('NODE_ENV') !== 'production';

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(name)?.toLowerCase() ?? fallback;
    if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be ${allowed.join(' or ')}; got "${value(name)}".`);
    return raw as T;
  };
  const access: AccessSettings = {
    control: oneOf('TOOLGRAPH_AUTH', ['on', 'off'], isLoopback(host) ? 'off' : 'on'),
    reads: oneOf('TOOLGRAPH_READ_ACCESS', ['public', 'authenticated'], 'public'),
  };
  if (access.control === 'off' && access.reads === 'authenticated') {
    throw new ConfigError('TOOLGRAPH_READ_ACCESS=authenticated needs TOOLGRAPH_AUTH=on: with access control off, nobody is asked for a credential.');
  }
  const jwt: JwtSettings = {
    jwksUrl: value('TOOLGRAPH_JWT_JWKS_URL'),
    secret: value('TOOLGRAPH_JWT_SECRET'),
    issuer: value('TOOLGRAPH_JWT_ISSUER'),
    audience: value('TOOLGRAPH_JWT_AUDIENCE'),
  };
  checkJwt(jwt);

  const perMinute = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > MAX_RATE_PER_MINUTE) {
      throw new ConfigError(`${name} must be a whole number of operations per minute from 0 (no limit) to ${MAX_RATE_PER_MINUTE}; got "${raw}".`);
    }
    return Number(raw);
  };
  const rateLimits: RateLimitSettings = {
    readsPerMinute: perMinute('TOOLGRAPH_RATE_LIMIT_READS', DEFAULT_RATE_LIMITS.readsPerMinute),
    writesPerMinute: perMinute('TOOLGRAPH_RATE_LIMIT_WRITES', DEFAULT_RATE_LIMITS.writesPerMinute),
  };

  const rawTtl = value('RESPONSE_CACHE_TTL_SECONDS');
  if (rawTtl !== undefined && (!/^\d+$/.test(rawTtl) || Number(rawTtl) > MAX_RESPONSE_CACHE_TTL_SECONDS)) {
    throw new ConfigError(
      `RESPONSE_CACHE_TTL_SECONDS must be a whole number of seconds from 0 (no cache) to ${MAX_RESPONSE_CACHE_TTL_SECONDS}; got "${rawTtl}".`,
    );
  }
  const responseCacheTtlSeconds = rawTtl === undefined ? DEFAULTS.responseCacheTtlSeconds : Number(rawTtl);

  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, DEFAULTS.logLevel);

  const metricsToken = value('METRICS_TOKEN');
  if (metricsToken !== undefined && (/\s/.test(metricsToken) || metricsToken.length < MIN_METRICS_TOKEN_LENGTH)) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces.`);
  }
  const metrics = { enabled: oneOf('METRICS', ['on', 'off'], 'on') === 'on', token: metricsToken };
  if (!metrics.enabled && metricsToken !== undefined)
    throw new ConfigError('METRICS_TOKEN protects /metrics, which METRICS=off turns off: set one or the other.');

  const migrateOnStart = oneOf('MIGRATE_ON_START', ['true', 'false'], 'true') === 'true';

  const otlpEndpoint = value('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (otlpEndpoint !== undefined && !/^https?:\/\/[^\s/]/.test(otlpEndpoint)) {
    throw new ConfigError(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL of an OTLP collector, like http://otel-collector:4318; got "${otlpEndpoint}".`);
  }

  const refusal = oneOf('TOOLGRAPH_REFUSE_FINDINGS', ['high', 'medium', 'none'], 'high');
  const refuseFindings: FindingRefusal = refusal === 'none' ? null : refusal === 'medium' ? 'MEDIUM' : 'HIGH';
  const safetyDowngrades: SafetyDowngradePolicy = oneOf('TOOLGRAPH_SAFETY_DOWNGRADES', ['write', 'admin'], 'write');

  const rawKeep = value('TOOLGRAPH_HISTORY_KEEP');
  if (rawKeep !== undefined && (!/^\d+$/.test(rawKeep) || Number(rawKeep) < 1 || Number(rawKeep) > MAX_HISTORY_KEEP)) {
    throw new ConfigError(
      `TOOLGRAPH_HISTORY_KEEP must be a whole number of revisions per tool from 1 (the current one) to ${MAX_HISTORY_KEEP}, or unset to keep all; got "${rawKeep}".`,
    );
  }
  const rawKeepDays = value('TOOLGRAPH_HISTORY_KEEP_DAYS');
  if (rawKeepDays !== undefined && (!/^\d+$/.test(rawKeepDays) || Number(rawKeepDays) > MAX_HISTORY_KEEP_DAYS)) {
    throw new ConfigError(`TOOLGRAPH_HISTORY_KEEP_DAYS must be a whole number of days from 0 to ${MAX_HISTORY_KEEP_DAYS}; got "${rawKeepDays}".`);
  }
  if (rawKeepDays !== undefined && rawKeep === undefined) {
    throw new ConfigError(
      'TOOLGRAPH_HISTORY_KEEP_DAYS bounds what TOOLGRAPH_HISTORY_KEEP prunes, which is unset (every revision is kept): set both, or neither.',
    );
  }
  const historyRetention: HistoryRetention = {
    keep: rawKeep === undefined ? null : Number(rawKeep),
    keepDays: rawKeepDays === undefined ? DEFAULT_HISTORY_KEEP_DAYS : Number(rawKeepDays),
  };

  const trustedDocuments: TrustedDocumentsSettings = {
    file: value('TOOLGRAPH_TRUSTED_DOCUMENTS'),
    mode: oneOf('TOOLGRAPH_TRUSTED_DOCUMENTS_MODE', TRUSTED_DOCUMENTS_MODES, 'off'),
  };
  if (trustedDocuments.mode !== 'off' && trustedDocuments.file === undefined) {
    throw new ConfigError(
      `TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=${trustedDocuments.mode} needs TOOLGRAPH_TRUSTED_DOCUMENTS, the manifest of the documents clients may send (an Apollo persisted query manifest).`,
    );
  }

  return {
    port,
    host,
    databaseUrl,
    redisUrl,
    redisChannel,
    corsOrigins,
    limits,
    fieldSuggestions,
    access,
    jwt,
    rateLimits,
    responseCacheTtlSeconds,
    logLevel,
    metrics,
    migrateOnStart,
    otlpEndpoint,
    refuseFindings,
    safetyDowngrades,
    historyRetention,
    trustedDocuments,
  };
}

/** Shortest METRICS_TOKEN: long enough not to be guessed. */
const MIN_METRICS_TOKEN_LENGTH = 16;

/** The longest a cached answer may live: a day. */
const MAX_RESPONSE_CACHE_TTL_SECONDS = 86_400;

/** The most revisions per tool TOOLGRAPH_HISTORY_KEEP may ask for: more is as good as unset. */
const MAX_HISTORY_KEEP = 1_000_000;

/** The longest TOOLGRAPH_HISTORY_KEEP_DAYS: ten years. */
const MAX_HISTORY_KEEP_DAYS = 3_650;

/** The largest rate a limit may be set to: a million operations a minute. */
const MAX_RATE_PER_MINUTE = 1_000_000;

/** Shortest HS256 secret: 256 bits, as RFC 7518 asks of an HMAC key for HS256. */
const MIN_JWT_SECRET_BYTES = 32;

function checkJwt(jwt: JwtSettings): void {
  if (jwt.jwksUrl !== undefined && jwt.secret !== undefined) {
    throw new ConfigError('Set TOOLGRAPH_JWT_JWKS_URL or TOOLGRAPH_JWT_SECRET, not both: tokens are verified with one kind of key.');
  }
  if (jwt.jwksUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(jwt.jwksUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new ConfigError(`TOOLGRAPH_JWT_JWKS_URL must be an http(s) URL of a JSON Web Key Set; got "${jwt.jwksUrl}".`);
    }
  }
  if (jwt.secret !== undefined && Buffer.byteLength(jwt.secret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(`TOOLGRAPH_JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes (HS256 needs a 256-bit key).`);
  }
  if ((jwt.issuer !== undefined || jwt.audience !== undefined) && jwt.jwksUrl === undefined && jwt.secret === undefined) {
    throw new ConfigError('TOOLGRAPH_JWT_ISSUER and TOOLGRAPH_JWT_AUDIENCE need TOOLGRAPH_JWT_JWKS_URL or TOOLGRAPH_JWT_SECRET.');
  }
}

function checkOrigin(origin: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  // An origin is scheme://host[:port], exactly as browsers send it in the Origin header.
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
    throw new ConfigError(`CORS_ORIGINS must be a comma-separated list of origins like https://dashboard.example.com; got "${origin}".`);
  }
}

/** The URL as it may be printed: a password never reaches a log. */
function redacted(raw: string, url: URL | undefined): string {
  if (!url?.password) return raw.replace(/:[^:@/]*@/, ':***@');
  url.password = '***';
  return url.toString();
}

function checkRedisUrl(raw: string): void {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    throw new ConfigError(`REDIS_URL must be redis://[user:password@]host[:port][/db] (or rediss:// for TLS); got "${redacted(raw, url)}".`);
  }
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d+$/.test(url.pathname)) {
    throw new ConfigError(`REDIS_URL's path must be a database number (e.g. /0); got "${url.pathname}".`);
  }
}
