import { ConfigError, loadConfig } from '../../src/server/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REQUEST_LIMITS, LIMIT_CODES, REQUEST_LIMITS } from '../../src/server/limits';
import { DEFAULT_RATE_LIMITS } from '../../src/server/rate-limits';

describe('server configuration', () => {
  it('defaults to 127.0.0.1:4000 and the SQLite file under data/', () => {
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: 'file:data/toolgraph.db',
      redisChannel: 'toolgraph:tool-events',
      corsOrigins: [],
      limits: DEFAULT_REQUEST_LIMITS,
      fieldSuggestions: true,
      access: { control: 'off', reads: 'public' },
      jwt: { jwksUrl: undefined, secret: undefined, issuer: undefined, audience: undefined },
      rateLimits: DEFAULT_RATE_LIMITS,
      responseCacheTtlSeconds: 60,
      logLevel: 'info',
      metrics: { enabled: true, token: undefined },
      migrateOnStart: true,
      otlpEndpoint: undefined,
      refuseFindings: 'HIGH',
      safetyDowngrades: 'write',
      historyRetention: { keep: null, keepDays: 30 },
      trustedDocuments: { file: undefined, mode: 'off' },
    });
  });

  describe('trusted documents', () => {
    it('reads TOOLGRAPH_TRUSTED_DOCUMENTS and TOOLGRAPH_TRUSTED_DOCUMENTS_MODE, the mode off by default', () => {
      expect(loadConfig({ TOOLGRAPH_TRUSTED_DOCUMENTS: 'manifest.json' }).trustedDocuments).toEqual({ file: 'manifest.json', mode: 'off' });
      expect(loadConfig({ TOOLGRAPH_TRUSTED_DOCUMENTS: 'm.json', TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'ENFORCE' }).trustedDocuments.mode).toBe('enforce');
      expect(loadConfig({ TOOLGRAPH_TRUSTED_DOCUMENTS: 'm.json', TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'log' }).trustedDocuments.mode).toBe('log');
    });

    it.each(['enforce', 'log'])('refuses TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=%s without a manifest', (mode) => {
      expect(() => loadConfig({ TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: mode })).toThrow(
        `TOOLGRAPH_TRUSTED_DOCUMENTS_MODE=${mode} needs TOOLGRAPH_TRUSTED_DOCUMENTS`,
      );
    });

    it('refuses a mode it does not know', () => {
      expect(() => loadConfig({ TOOLGRAPH_TRUSTED_DOCUMENTS: 'm.json', TOOLGRAPH_TRUSTED_DOCUMENTS_MODE: 'strict' })).toThrow(
        'TOOLGRAPH_TRUSTED_DOCUMENTS_MODE must be enforce or log or off; got "strict".',
      );
    });
  });

  describe('response cache', () => {
    it('reads RESPONSE_CACHE_TTL_SECONDS, 0 meaning no cache', () => {
      expect(loadConfig({ RESPONSE_CACHE_TTL_SECONDS: '0' }).responseCacheTtlSeconds).toBe(0);
      expect(loadConfig({ RESPONSE_CACHE_TTL_SECONDS: '3600' }).responseCacheTtlSeconds).toBe(3600);
    });

    it.each(['-1', '0.5', 'forever', '86401'])('refuses %j', (raw) => {
      expect(() => loadConfig({ RESPONSE_CACHE_TTL_SECONDS: raw })).toThrow(/RESPONSE_CACHE_TTL_SECONDS must be a whole number of seconds from 0/);
    });
  });

  describe('history retention (TOOLGRAPH_HISTORY_KEEP, TOOLGRAPH_HISTORY_KEEP_DAYS)', () => {
    it('keeps every revision by default; KEEP keeps the newest, and what was current in the last 30 days unless KEEP_DAYS says otherwise', () => {
      expect(loadConfig({}).historyRetention).toEqual({ keep: null, keepDays: 30 });
      expect(loadConfig({ TOOLGRAPH_HISTORY_KEEP: '3' }).historyRetention).toEqual({ keep: 3, keepDays: 30 });
      expect(loadConfig({ TOOLGRAPH_HISTORY_KEEP: '1', TOOLGRAPH_HISTORY_KEEP_DAYS: '0' }).historyRetention).toEqual({ keep: 1, keepDays: 0 });
    });

    it.each(['0', '-1', '2.5', 'all', '1000001'])('refuses TOOLGRAPH_HISTORY_KEEP=%j', (raw) => {
      expect(() => loadConfig({ TOOLGRAPH_HISTORY_KEEP: raw })).toThrow(/^TOOLGRAPH_HISTORY_KEEP must be a whole number of revisions per tool from 1/);
    });

    it.each(['-1', '1.5', 'month', '3651'])('refuses TOOLGRAPH_HISTORY_KEEP_DAYS=%j', (raw) => {
      expect(() => loadConfig({ TOOLGRAPH_HISTORY_KEEP: '3', TOOLGRAPH_HISTORY_KEEP_DAYS: raw })).toThrow(
        /^TOOLGRAPH_HISTORY_KEEP_DAYS must be a whole number of days from 0/,
      );
    });

    it('refuses KEEP_DAYS without KEEP, which would keep everything anyway', () => {
      expect(() => loadConfig({ TOOLGRAPH_HISTORY_KEEP_DAYS: '7' })).toThrow(
        /^TOOLGRAPH_HISTORY_KEEP_DAYS bounds what TOOLGRAPH_HISTORY_KEEP prunes, which is unset/,
      );
    });
  });

  describe('safety downgrades policy (spec section 9)', () => {
    it("lets the namespace's writers lower a tool's safety by default; admin keeps it to admins", () => {
      expect(loadConfig({}).safetyDowngrades).toBe('write');
      expect(loadConfig({ TOOLGRAPH_SAFETY_DOWNGRADES: 'admin' }).safetyDowngrades).toBe('admin');
      expect(() => loadConfig({ TOOLGRAPH_SAFETY_DOWNGRADES: 'root' })).toThrow(/^TOOLGRAPH_SAFETY_DOWNGRADES must be write or admin/);
    });
  });

  describe('findings policy (spec section 8)', () => {
    it('refuses HIGH findings by default; medium refuses MEDIUM too, none refuses nothing', () => {
      expect(loadConfig({}).refuseFindings).toBe('HIGH');
      expect(loadConfig({ TOOLGRAPH_REFUSE_FINDINGS: 'medium' }).refuseFindings).toBe('MEDIUM');
      expect(loadConfig({ TOOLGRAPH_REFUSE_FINDINGS: 'NONE' }).refuseFindings).toBeNull();
    });

    it.each(['low', 'off', 'high,medium'])('refuses %j, naming the variable and its values', (raw) => {
      expect(() => loadConfig({ TOOLGRAPH_REFUSE_FINDINGS: raw })).toThrow(ConfigError);
      expect(() => loadConfig({ TOOLGRAPH_REFUSE_FINDINGS: raw })).toThrow(/^TOOLGRAPH_REFUSE_FINDINGS must be high or medium or none/);
    });
  });

  describe('rate limits', () => {
    it('reads TOOLGRAPH_RATE_LIMIT_READS and TOOLGRAPH_RATE_LIMIT_WRITES, 0 meaning no limit', () => {
      expect(loadConfig({ TOOLGRAPH_RATE_LIMIT_READS: '0', TOOLGRAPH_RATE_LIMIT_WRITES: '12' }).rateLimits).toEqual({ readsPerMinute: 0, writesPerMinute: 12 });
    });

    it.each(['-1', '1.5', 'lots', '1000001'])('refuses %j', (raw) => {
      expect(() => loadConfig({ TOOLGRAPH_RATE_LIMIT_WRITES: raw })).toThrow(/TOOLGRAPH_RATE_LIMIT_WRITES must be a whole number of operations per minute/);
    });
  });

  describe('access control (spec section 6)', () => {
    it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1'])('is off by default on the loopback address %s', (host) => {
      expect(loadConfig({ HOST: host }).access).toEqual({ control: 'off', reads: 'public' });
    });

    it.each(['0.0.0.0', '::', '10.0.0.5', 'toolgraph.internal'])('is on by default on %s, reads stay public', (host) => {
      expect(loadConfig({ HOST: host }).access).toEqual({ control: 'on', reads: 'public' });
    });

    it('follows TOOLGRAPH_AUTH and TOOLGRAPH_READ_ACCESS', () => {
      expect(loadConfig({ TOOLGRAPH_AUTH: 'on' }).access.control).toBe('on');
      expect(loadConfig({ HOST: '0.0.0.0', TOOLGRAPH_AUTH: 'off' }).access.control).toBe('off');
      expect(loadConfig({ TOOLGRAPH_AUTH: 'on', TOOLGRAPH_READ_ACCESS: 'authenticated' }).access).toEqual({ control: 'on', reads: 'authenticated' });
    });

    it.each([
      [{ TOOLGRAPH_AUTH: 'yes' }, /TOOLGRAPH_AUTH must be on or off/],
      [{ TOOLGRAPH_READ_ACCESS: 'private' }, /TOOLGRAPH_READ_ACCESS must be public or authenticated/],
      [{ TOOLGRAPH_READ_ACCESS: 'authenticated' }, /needs TOOLGRAPH_AUTH=on/],
      [{ TOOLGRAPH_JWT_SECRET: 'short' }, /at least 32 bytes/],
      [{ TOOLGRAPH_JWT_SECRET: 's'.repeat(32), TOOLGRAPH_JWT_JWKS_URL: 'https://id.example/jwks' }, /not both/],
      [{ TOOLGRAPH_JWT_JWKS_URL: 'ftp://id.example/jwks' }, /http\(s\) URL/],
      [{ TOOLGRAPH_JWT_ISSUER: 'https://id.example' }, /need TOOLGRAPH_JWT_JWKS_URL or TOOLGRAPH_JWT_SECRET/],
    ])('refuses %j', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('reads the JWT settings', () => {
      const env = { TOOLGRAPH_JWT_JWKS_URL: 'https://id.example/jwks', TOOLGRAPH_JWT_ISSUER: 'https://id.example', TOOLGRAPH_JWT_AUDIENCE: 'toolgraph' };
      expect(loadConfig(env).jwt).toEqual({ jwksUrl: 'https://id.example/jwks', secret: undefined, issuer: 'https://id.example', audience: 'toolgraph' });
    });
  });

  it('reads PORT, HOST and DATABASE_URL', () => {
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgresql://u@db:5432/tools' })).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://u@db:5432/tools',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', HOST: ' ' }).port).toBe(4000);
  });

  it.each(['abc', '-1', '65536', '80.5'])('refuses PORT=%s, naming the variable', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/^PORT must be/);
  });

  it('refuses a DATABASE_URL of another scheme, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/tools' })).toThrow(/^DATABASE_URL must be/);
  });
});

describe('REDIS_URL', () => {
  it('is unset by default: events stay in the process', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
  });

  it.each(['redis://127.0.0.1:6379', 'redis://user:secret@cache.internal:6380/2', 'rediss://cache.example.com'])('accepts %s', (url) => {
    expect(loadConfig({ REDIS_URL: url }).redisUrl).toBe(url);
  });

  it.each(['127.0.0.1:6379', 'http://cache:6379', 'redis://', 'redis://cache/not-a-db'])('refuses %s, naming the variable', (url) => {
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(/^REDIS_URL/);
  });

  it.each(['http://user:hunter2@cache:6379', 'redis://user:hunter2@cache/not-a-db', 'user:hunter2@cache:6379'])(
    'never prints the password of a refused %s',
    (url) => {
      expect(() => loadConfig({ REDIS_URL: url })).toThrow(/^REDIS_URL/);
      expect(() => loadConfig({ REDIS_URL: url })).not.toThrow(/hunter2/);
    },
  );
});

describe('REDIS_CHANNEL', () => {
  it('defaults to one channel, and names another so that two registries can share one Redis', () => {
    expect(loadConfig({}).redisChannel).toBe('toolgraph:tool-events');
    expect(loadConfig({ REDIS_CHANNEL: 'toolgraph:staging' }).redisChannel).toBe('toolgraph:staging');
  });

  it('refuses a channel with spaces', () => {
    expect(() => loadConfig({ REDIS_CHANNEL: 'two words' })).toThrow(/^REDIS_CHANNEL/);
  });
});

describe('CORS_ORIGINS', () => {
  it('is empty by default: same origin only', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it('reads a comma-separated list of origins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://dash.example.com, http://localhost:5173' }).corsOrigins).toEqual([
      'https://dash.example.com',
      'http://localhost:5173',
    ]);
  });

  it.each(['dash.example.com', 'https://dash.example.com/', 'https://dash.example.com/app', '*', 'ftp://files.example'])(
    'refuses %s, which is not an origin',
    (origin) => {
      expect(() => loadConfig({ CORS_ORIGINS: origin })).toThrow(/^CORS_ORIGINS/);
    },
  );
});

describe('request limits', () => {
  const limits = Object.entries(REQUEST_LIMITS);

  it.each(limits.map(([name, limit]) => [name, limit.variable, limit] as const))('%s is read from %s', (name, _variable, limit) => {
    expect(loadConfig({ [limit.variable]: '7' }).limits).toEqual({ ...DEFAULT_REQUEST_LIMITS, [name]: 7 });
    expect(loadConfig({ [limit.variable]: String(limit.max) }).limits[name as keyof typeof REQUEST_LIMITS]).toBe(limit.max);
  });

  it.each(limits.map(([name, limit]) => [limit.variable, limit.default, LIMIT_CODES[name as keyof typeof LIMIT_CODES]] as const))(
    'docs/operators.md documents %s with its default %d, and its code %s',
    (variable, defaultValue, code) => {
      const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'operators.md'), 'utf8');
      expect(readme).toContain(`| \`${variable}\` | \`${defaultValue}\` |`);
      expect(readme).toMatch(new RegExp(`\\| \`${variable}\` \\|[^\\n]*\\| \`${code}\``));
    },
  );

  it.each(limits.flatMap(([, limit]) => ['0', '-1', '1.5', '1e3', 'lots', String(limit.max + 1)].map((bad) => [limit.variable, bad, limit.max] as const)))(
    'refuses %s=%s, naming the variable and its range (1 to %d)',
    (variable, bad, max) => {
      expect(() => loadConfig({ [variable]: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ [variable]: bad })).toThrow(new RegExp(`^${variable} must be a whole number of .* from 1 to ${max}; got "${bad}"`));
    },
  );
});

describe('NODE_ENV', () => {
  it('turns field suggestions off in production only', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).fieldSuggestions).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).fieldSuggestions).toBe(true);
    expect(loadConfig({}).fieldSuggestions).toBe(true);
  });
});

describe('operations settings', () => {
  it('reads LOG_LEVEL, any case, and refuses a level pino does not have', () => {
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/^LOG_LEVEL must be fatal or error or warn or info or debug or trace or silent; got "verbose"/);
  });

  it('reads METRICS and METRICS_TOKEN', () => {
    expect(loadConfig({ METRICS: 'off' }).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'a-long-scrape-token' }).metrics).toEqual({ enabled: true, token: 'a-long-scrape-token' });
    expect(() => loadConfig({ METRICS: 'maybe' })).toThrow(/^METRICS must be on or off/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the token' })).toThrow(/^METRICS_TOKEN must be at least 16 characters without spaces/);
    expect(() => loadConfig({ METRICS: 'off', METRICS_TOKEN: 'a-long-scrape-token' })).toThrow(
      /^METRICS_TOKEN protects \/metrics, which METRICS=off turns off/,
    );
  });

  it('reads MIGRATE_ON_START', () => {
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ MIGRATE_ON_START: 'TRUE' }).migrateOnStart).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/^MIGRATE_ON_START must be true or false; got "no"/);
  });

  it('reads OTEL_EXPORTER_OTLP_ENDPOINT, an http(s) URL', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' }).otlpEndpoint).toBe('http://otel-collector:4318');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4317' })).toThrow(/^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/);
  });
});
