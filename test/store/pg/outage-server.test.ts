import { beforeAll, describe, expect, it } from 'vitest';
import { useServerOnOwnCluster } from '../../helpers/own-cluster.js';
import { call } from '../../helpers/server.js';

// A cluster of its own: this file takes the database away while a server uses it.
const own = useServerOnOwnCluster();
let token: string;
beforeAll(async () => {
  token = await own.server.tokenFor('acme');
});

const inject = (key: string) =>
  call(own.server, 'POST', '/graph/context/inject', { token, body: { context_type: 'focus', key, value: key } });
const storedKeys = async (): Promise<string[]> => {
  const found = await call(own.server, 'POST', '/mcp/graph/execute', {
    token,
    body: { tool: 'search', arguments: { entity_type: 'context', limit: 100 } },
  });
  expect(found.status).toBe(200);
  return (found.body.data.results as Array<{ properties: { key: string } }>).map((r) => r.properties.key).sort();
};

describe('a server whose PostgreSQL goes away under load', () => {
  it('answers 503 UNAVAILABLE with Retry-After, says unhealthy, writes nothing by halves and recovers by itself', async () => {
    expect((await call(own.server, 'GET', '/health')).status).toBe(200);
    expect((await inject('before')).status).toBe(200);

    // Calls keep coming while the database stops.
    const during = Array.from({ length: 12 }, (_, i) => inject(`during-${i}`));
    // A clean stop: the throwaway cluster runs without fsync, so a crash would also lose committed rows.
    await own.cluster.shutdown('fast');
    const whileDown = await inject('while-down');
    const health = await call(own.server, 'GET', '/health');
    const answered = await Promise.all(during);

    expect(whileDown.status).toBe(503);
    expect(whileDown.headers.get('retry-after')).toBe('5');
    expect(JSON.stringify(whileDown.body)).toContain('The database is unavailable');
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('unhealthy');
    for (const response of answered) expect([200, 503], JSON.stringify(response.body)).toContain(response.status);

    await own.cluster.restart();
    expect((await call(own.server, 'GET', '/health')).status).toBe(200);
    expect((await inject('after')).status).toBe(200);
    // Exactly the calls that answered 200 are stored: none half-written, none lost.
    const succeeded = answered.flatMap((response, i) => (response.status === 200 ? [`during-${i}`] : []));
    expect(await storedKeys()).toEqual(['after', 'before', ...succeeded].sort());
  });
});
