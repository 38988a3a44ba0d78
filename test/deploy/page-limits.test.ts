import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { pageLimits } from '../../api/deploy/page-pool.ts';

const MB = 1024 * 1024;

describe('DEPLOY_MEMORY_MB', () => {
  it('defaults to what fits a 2 GB container, and is read in MB', () => {
    expect(loadConfig({}).deployMemoryBytes).toBe(1536 * MB);
    expect(loadConfig({ DEPLOY_MEMORY_MB: '800' }).deployMemoryBytes).toBe(800 * MB);
  });

  it('is reported at start when it is not a whole number in range', () => {
    for (const value of ['lots', '100', '1.5']) {
      expect(() => loadConfig({ DEPLOY_MEMORY_MB: value })).toThrow(ConfigError);
      expect(() => loadConfig({ DEPLOY_MEMORY_MB: value })).toThrow(
        `folio: invalid setting: DEPLOY_MEMORY_MB must be a whole number from 256 to 1048576, got "${value}" (docs/configuration.md)`,
      );
    }
  });

  it('gives a thread to each of two cores by default, and holds fewer pages and threads with less', () => {
    const byDefault = pageLimits(1536 * MB, 2);
    expect(byDefault.threads).toBe(2);
    const less = pageLimits(1024 * MB, 2);
    expect(less.threads).toBe(1);
    expect(less.inFlight).toBeLessThan(byDefault.inFlight);
    expect(less.storeBatch).toBeLessThanOrEqual(byDefault.storeBatch);
    expect(pageLimits(256 * MB, 2)).toEqual({ threads: 1, inFlight: 2, storeBatch: 10 });
  });

  it('has a thread per core when memory allows, and one thread at least', () => {
    expect(pageLimits(4096 * MB, 1).threads).toBe(1);
    expect(pageLimits(4096 * MB, 8).threads).toBe(8);
  });
});
