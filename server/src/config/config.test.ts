import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toMatch(/\.leadforge$/);
    expect(c.database).toEqual({ dialect: 'sqlite', file: `${c.dataDir}/leadforge.db` });
    expect(c.seatDailyLimit).toBe(2500);
    expect(c.corsOrigins).toEqual(['chrome-extension://*']);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('reads DATABASE_URL for either engine', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h:5432/db',
      poolSize: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/lf.db' }).database).toEqual({
      dialect: 'sqlite',
      file: '/var/lib/lf.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ dialect: 'sqlite', file: ':memory:' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('names every bad setting with its rule and value, in one error', () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LEADFORGE_LOG_LEVEL: 'loud',
        LEADFORGE_SECRET_KEY: 'short',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT:'))).toMatch(/whole number.*"eighty"/);
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toMatch(/postgres:\/\/ URL or sqlite:/);
    expect(problems.find((p) => p.startsWith('LEADFORGE_LOG_LEVEL:'))).toContain('"loud"');
    expect(problems.find((p) => p.startsWith('LEADFORGE_SECRET_KEY:'))).toMatch(/32 bytes/);
    expect((err as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be from 1 to 65535/);
  });
});
