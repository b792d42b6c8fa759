import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, TEST_API_KEY, type TestServer } from '../../helpers/server.js';
import { startTwoNodes } from '../../helpers/two-nodes.js';

/** Request limits counted by the fleet: N requests spread over nodes A and B, and the next is refused, by either. */
const closers: TestServer[] = [];
afterAll(async () => {
  for (const node of closers) await node.close();
});
/** Two nodes started before the tests of the describe block that calls it, at this general limit. */
function twoNodes(rateLimitPerMinute: number): () => [TestServer, TestServer] {
  let nodes: [TestServer, TestServer];
  beforeAll(async () => {
    nodes = await startTwoNodes({ config: { rateLimitPerMinute } });
    closers.push(...nodes);
  }, 60_000);
  return () => nodes;
}

describe('the tenant budget across two nodes', () => {
  const nodes = twoNodes(4);

  it('4 a minute: requests 1-4 alternate between the nodes and pass, the 5th is 429 on either node', async () => {
    const [a, b] = nodes();
    const token = await a.tokenFor('acme');
    const stats = (node: TestServer) => call(node, 'GET', '/graph/stats', { token });
    const answers = [await stats(a), await stats(b), await stats(a), await stats(b)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('ratelimit')?.split(',')[1].trim())).toEqual([
      'remaining=3',
      'remaining=2',
      'remaining=1',
      'remaining=0',
    ]);
    for (const node of [a, b]) {
      const limited = await stats(node);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('ratelimit-policy')).toBe('4;w=60');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another tenant has its own budget.
    expect((await call(b, 'GET', '/graph/stats', { token: await b.tokenFor('globex') })).status).toBe(200);
  });
});

describe('the vault-session limit across two nodes', () => {
  const nodes = twoNodes(0);

  it('10 per 15 minutes per address: sessions 1-10 alternate between the nodes, the 11th is 429 on either node', async () => {
    const [a, b] = nodes();
    const session = (node: TestServer) =>
      call(node, 'POST', '/auth/vault-session', {
        apiKey: TEST_API_KEY,
        headers: { 'X-Tenant-Id': 'acme' },
        body: { integration: 'crm' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await session(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 201));
    for (const node of [a, b]) {
      const limited = await session(node);
      expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
      expect(limited.headers.get('ratelimit')).toMatch(/^limit=10, remaining=0, reset=\d+$/);
    }
  });
});
