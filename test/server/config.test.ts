import { ConfigError, loadConfig } from '../../src/server/config';

describe('server configuration', () => {
  it('defaults to 127.0.0.1:4000 and the SQLite file under data/', () => {
    expect(loadConfig({})).toEqual({ port: 4000, host: '127.0.0.1', databaseUrl: 'file:data/toolgraph.db' });
  });

  it('reads PORT, HOST and DATABASE_URL', () => {
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgresql://u@db:5432/tools' })).toEqual({
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
});
