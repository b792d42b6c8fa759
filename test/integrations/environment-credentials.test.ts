import { describe, expect, it } from 'vitest';
import { environmentCredentials } from '../../src/integrations/credentials.js';
import { notionIntegration } from '../../src/integrations/notion/integration.js';
import type { Caller } from '../../src/toolkit/context.js';

const localUser: Caller = { tenantId: 'local', connections: {} };

describe("a local user's credentials from the environment", () => {
  it('are the same object while the variables hold, so their check is remembered across calls', async () => {
    const env: NodeJS.ProcessEnv = { NOTION_TOKEN: 'ntn_first' };
    const source = environmentCredentials(env);
    const first = await source.read(localUser, notionIntegration);
    expect(first).toEqual({ token: 'ntn_first' });
    expect(await source.read(localUser, notionIntegration)).toBe(first);
  });

  it('follow a variable that changed, and are absent once it is gone', async () => {
    const env: NodeJS.ProcessEnv = { NOTION_TOKEN: 'ntn_first' };
    const source = environmentCredentials(env);
    await source.read(localUser, notionIntegration);
    env.NOTION_TOKEN = 'ntn_second';
    env.NOTION_API_URL = 'http://127.0.0.1:1/notion';
    expect(await source.read(localUser, notionIntegration)).toEqual({
      token: 'ntn_second',
      baseUrl: 'http://127.0.0.1:1/notion',
    });
    delete env.NOTION_API_URL;
    expect(await source.read(localUser, notionIntegration)).toEqual({ token: 'ntn_second' });
    delete env.NOTION_TOKEN;
    expect(await source.read(localUser, notionIntegration)).toBeUndefined();
  });
});
