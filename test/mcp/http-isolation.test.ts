import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Stateless MCP over HTTP serves every request with a protocol server of its own caller: many callers'
 * calls in flight at once, in either era, each see their own tenant's data and never another's.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** How a client speaks each era: pinned to 2026-07-28, or the 2025 revisions' initialize. */
const ERAS = {
  modern: { mode: { pin: '2026-07-28' } },
  legacy: { mode: 'legacy' },
} as const satisfies Record<string, NonNullable<ConstructorParameters<typeof Client>[1]>['versionNegotiation']>;

async function clientOf(tenant: 'acme' | 'globex', era: (typeof ERAS)[keyof typeof ERAS]): Promise<Client> {
  const token = await server.tokenFor(tenant);
  const client = new Client({ name: `isolation-${tenant}`, version: '1.0.0' }, { versionNegotiation: era });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { 'X-JWT-Token': token } },
    }),
  );
  return client;
}

/** The owners of the repositories one call answered with (`acme/web` is acme's). */
async function ownersSeen(client: Client): Promise<Set<string>> {
  const result = await client.callTool({ name: 'code_host_get_repositories', arguments: {} });
  const { repositories } = result.structuredContent as { repositories: Array<{ full_name: string }> };
  expect(repositories.length).toBeGreaterThan(0);
  return new Set(repositories.map((r) => r.full_name.split('/')[0]));
}

describe('MCP over HTTP under concurrent callers', () => {
  it.each(Object.entries(ERAS))('%s era: interleaved calls of two tenants each see their own', async (_, era) => {
    const acme = await clientOf('acme', era);
    const globex = await clientOf('globex', era);
    const rounds = 12;
    const calls = Array.from({ length: rounds }, () => [ownersSeen(acme), ownersSeen(globex)]).flat();
    const seen = await Promise.all(calls);
    seen.forEach((owners, i) => expect([...owners]).toEqual([i % 2 === 0 ? 'acme' : 'globex']));
    await Promise.all([acme.close(), globex.close()]);
  });

  it('calls of both eras and both tenants at once each see their own', async () => {
    const clients = await Promise.all([
      clientOf('acme', ERAS.modern),
      clientOf('globex', ERAS.legacy),
      clientOf('globex', ERAS.modern),
      clientOf('acme', ERAS.legacy),
    ]);
    const expected = ['acme', 'globex', 'globex', 'acme'];
    const seen = await Promise.all(Array.from({ length: 6 }, () => clients.map(ownersSeen)).flat());
    seen.forEach((owners, i) => expect([...owners]).toEqual([expected[i % 4]]));
    await Promise.all(clients.map((c) => c.close()));
  });
});
