import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the sales tool settings', () => {
  it('default to the real host, paced like a person', () => {
    expect(loadConfig({}).salesTool).toEqual({ url: 'https://www.linkedin.com', pacing: 'human' });
    expect(
      loadConfig({ LEADFORGE_SALESTOOL_URL: 'https://sales.example.test:8443/', LEADFORGE_SALESTOOL_PACING: 'off' })
        .salesTool,
    ).toEqual({ url: 'https://sales.example.test:8443', pacing: 'off' });
  });

  it('refuse plain http, a path, and an unknown pacing', () => {
    for (const url of ['http://www.linkedin.com', 'https://www.linkedin.com/sales', 'www.linkedin.com']) {
      expect(() => loadConfig({ LEADFORGE_SALESTOOL_URL: url })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ LEADFORGE_SALESTOOL_PACING: 'fast' })).toThrow(
      /LEADFORGE_SALESTOOL_PACING: must be human or off/,
    );
  });
});
