import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/config/logger.js';
import { useServerOnOwnCluster } from '../../helpers/own-cluster.js';
import { call } from '../../helpers/server.js';

// A cluster of its own: this file takes the database away while a node uses it.
const lines: Array<Record<string, unknown>> = [];
const own = useServerOnOwnCluster({
  env: { CONSTELLATION_NODE_ID: 'node-7' },
  log: createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
});

describe('a node behind a load balancer', () => {
  it('is ready while its database answers, not ready (503, Retry-After) while it is down, and ready again after', async () => {
    expect(await call(own.server, 'GET', '/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', node: 'node-7' },
    });

    await own.cluster.shutdown('fast');
    const down = await call(own.server, 'GET', '/ready');
    expect(down).toMatchObject({
      status: 503,
      body: { status: 'not_ready', node: 'node-7', reason: 'store_unavailable' },
    });
    expect(down.headers.get('retry-after')).toBe('5');
    // Liveness is another question: the process is alive, and says its store is not usable.
    expect((await call(own.server, 'GET', '/health')).status).toBe(503);

    await own.cluster.restart();
    expect(await call(own.server, 'GET', '/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', node: 'node-7' },
    });
  });

  it('names itself on every metric and every log line', async () => {
    const token = await own.server.tokenFor('acme');
    expect((await call(own.server, 'GET', '/mcp/code_host/tools', { token })).status).toBe(200);
    const metrics = await call(own.server, 'GET', '/metrics');
    const samples = (metrics.body as string).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(samples.length).toBeGreaterThan(10);
    for (const sample of samples) expect(sample).toContain('node="node-7"');
    expect(metrics.body).toMatch(/http_requests_total\{[^}]*route="\/mcp\/code_host\/tools"[^}]*\} 1/);

    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ node: 'node-7' });
  });
});
