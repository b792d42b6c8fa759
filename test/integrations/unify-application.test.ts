import { describe, expect, it } from 'vitest';
import { unifyIntegration } from '../../src/integrations/apideck/integration.js';
import { loadConfig } from '../../src/config/config.js';
import type { Caller } from '../../src/toolkit/context.js';

const caller: Caller = { tenantId: 'acme', userEmail: 'ada@acme.test', connections: {} };
const account = { baseUrl: 'http://127.0.0.1:9/apideck', apiKey: 'sk_demo', appId: 'app_demo' };

describe('the platform’s Apideck application as a credential source', () => {
  it('finds a demo platform account that appears after the server started, and keeps the one it found', async () => {
    const platform: { account?: Record<string, unknown> } = {};
    let readsOfTheAccount = 0;
    const source = unifyIntegration.ownSource!({
      config: loadConfig({ CONSTELLATION_ENV: 'test' }),
      consumerOf: () => Promise.resolve('consumer-acme'),
      demo: {
        platformAccountOf: () => {
          readsOfTheAccount += 1;
          return platform.account;
        },
      },
    });
    expect(await source.read(caller, unifyIntegration)).toBeUndefined();
    platform.account = account;
    expect(await source.read(caller, unifyIntegration)).toEqual({ ...account, consumerId: 'consumer-acme' });
    const readsOnceFound = readsOfTheAccount;
    expect(await source.read(caller, unifyIntegration)).toEqual({ ...account, consumerId: 'consumer-acme' });
    expect(readsOfTheAccount).toBe(readsOnceFound);
  });
});
