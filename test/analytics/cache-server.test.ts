import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EPOCH } from '../../src/sandbox/server.js';
import type { ExecutionEvent } from '../../src/toolkit/executor.js';
import { HOUR, MINUTE, ManualClock } from '../helpers/clock.js';
import { laneDatabaseEnv } from '../helpers/lane-env.js';
import { call, startTestServer, type TestServer } from '../helpers/server.js';

const deploymentLists = (server: TestServer) =>
  server.sandbox.faults.log.filter((r) => r.method === 'GET' && r.path === '/github/repos/acme/api/deployments').length;

describe('get_dora_metrics through the analytics cache', () => {
  let server: TestServer;
  const clock = new ManualClock(SANDBOX_EPOCH + 12 * HOUR);
  const dora = (args: Record<string, unknown> = {}) =>
    server.app.executor.execute(server.callerFor('acme'), server.app.registry.find('get_dora_metrics', 'code_host')!, {
      repo_ids: 'acme/api',
      ...args,
    }) as Promise<any>;

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => server?.close());

  it('miss, fresh, stale with one background refresh, then expired', async () => {
    const first = await dora();
    expect(first.cache).toEqual({ status: 'miss', computed_at: new Date(clock.now()).toISOString() });
    const firstAt = first.cache.computed_at;
    const lists = deploymentLists(server);

    clock.advance(4 * MINUTE);
    const fresh = await dora({ time_period_days: 30 });
    expect(fresh.cache).toEqual({ status: 'fresh', computed_at: firstAt });
    expect({ ...fresh, cache: undefined }).toEqual({ ...first, cache: undefined });
    expect(deploymentLists(server)).toBe(lists);

    clock.advance(6 * MINUTE);
    const [stale, staleAgain] = await Promise.all([dora(), dora()]);
    expect(stale.cache).toEqual({ status: 'stale', computed_at: firstAt });
    expect(staleAgain.cache.status).toBe('stale');
    await server.app.services.analytics.settle();
    expect(deploymentLists(server)).toBe(lists + 1);
    const refreshed = await dora();
    expect(refreshed.cache).toEqual({ status: 'fresh', computed_at: new Date(clock.now()).toISOString() });

    clock.advance(HOUR + MINUTE);
    const expired = await dora();
    expect(expired.cache).toEqual({ status: 'miss', computed_at: new Date(clock.now()).toISOString() });
    expect(deploymentLists(server)).toBe(lists + 2);
  });

  it('refresh=true recomputes a fresh result', async () => {
    await dora();
    const lists = deploymentLists(server);
    const forced = await dora({ refresh: true });
    expect(forced.cache.status).toBe('miss');
    expect(deploymentLists(server)).toBe(lists + 1);
    expect((await dora()).cache.status).toBe('fresh');
  });

  it('GET /analytics/dora: envelope, refresh, validation, auth, and an activity record', async () => {
    const events: ExecutionEvent[] = [];
    server.app.executor.addObserver((e) => events.push(e));
    const token = await server.tokenFor('acme');
    const ok = await call(server, 'GET', '/analytics/dora?repo_ids=acme/api,acme/web&time_period_days=14', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      meta: { tenant_id: 'acme' },
      data: { cache: { status: 'miss' }, metadata: { time_period_days: 14, repositories: ['acme/api', 'acme/web'] } },
    });
    expect(ok.body.data.flat).toEqual(expect.objectContaining({ deployment_frequency: expect.any(Number) }));
    expect(events.at(-1)).toMatchObject({
      success: true,
      tool: { name: 'get_dora_metrics' },
      caller: { tenantId: 'acme' },
    });
    const cached = await call(server, 'GET', '/analytics/dora?repo_ids=acme/web,acme/api&time_period_days=14', {
      token,
    });
    expect(cached.body.data.cache.status).toBe('fresh');
    const refreshed = await call(
      server,
      'GET',
      '/analytics/dora?repo_ids=acme/api,acme/web&time_period_days=14&refresh=true',
      { token },
    );
    expect(refreshed.body.data.cache.status).toBe('miss');
    for (const bad of [
      'repo_ids=acme',
      'repo_ids=acme/api,../etc',
      'repo_ids=',
      'time_period_days=0',
      'refresh=maybe',
    ]) {
      const response = await call(server, 'GET', `/analytics/dora?${bad}`, { token });
      expect(response.status, bad).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    }
    const unauthorized = await call(server, 'GET', '/analytics/dora?repo_ids=acme/api', { token: 'not-a-jwt' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toMatchObject({ detail: { code: 'UNAUTHORIZED' } });
    const foreign = await call(server, 'GET', '/analytics/dora?repo_ids=globex/platform', { token });
    expect(foreign.status).toBe(404);
  });
});

describe('analytics cache across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'constellation-analytics-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a new app on the same database file serves the stored result', async () => {
    const clock = new ManualClock(SANDBOX_EPOCH + 12 * HOUR);
    const config = { databaseFile: join(dir, 'store.db') };
    // The same database for both servers, whichever backend the lane runs on.
    const env = await laneDatabaseEnv();
    const args = { repo_ids: 'acme/api,acme/mobile', time_period_days: 45 };
    const first = await startTestServer({ clock, config, env });
    const computed = await first.app.executor.execute(
      first.callerFor('acme'),
      first.app.registry.find('get_dora_metrics', 'code_host')!,
      args,
    );
    // Cached results are keyed by the caller's credentials, the upstream address included.
    const sandboxPort = Number(new URL(first.sandbox.url).port);
    await first.close();

    clock.advance(2 * MINUTE);
    const second = await startTestServer({ clock, config, env, sandboxPort });
    try {
      const again = await second.app.executor.execute(
        second.callerFor('acme'),
        second.app.registry.find('get_dora_metrics', 'code_host')!,
        args,
      );
      expect(again.cache).toEqual({
        status: 'fresh',
        computed_at: (computed.cache as { computed_at: string }).computed_at,
      });
      expect({ ...again, cache: null }).toEqual({ ...computed, cache: null });
      expect(second.sandbox.faults.log.filter((r) => r.path.includes('/deployments')).length).toBe(0);
    } finally {
      await second.close();
    }
  });
});
