import { describe, expect, it } from 'vitest';
import { lazySdk } from '../../src/integrations/lazy-sdk.js';

describe('lazySdk', () => {
  it('loads nothing until first used, then loads once for every caller', async () => {
    let loads = 0;
    const sdk = lazySdk(async () => ({ client: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([sdk(), sdk()]);
    expect(first).toBe(second);
    expect(await sdk()).toEqual({ client: 1 });
    expect(loads).toBe(1);
  });

  it('tries again after a failed load instead of failing for the life of the process', async () => {
    let attempts = 0;
    const sdk = lazySdk(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Cannot find module');
      return 'loaded';
    });
    await expect(sdk()).rejects.toThrow('Cannot find module');
    expect(await sdk()).toBe('loaded');
    expect(await sdk()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});
