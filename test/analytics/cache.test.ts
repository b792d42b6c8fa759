import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsCache, canonicalJson, EXPIRES_AFTER_MS, FRESH_FOR_MS } from '../../src/analytics/cache.js';
import { SqliteAnalyticsCacheStore } from '../../src/analytics/cache-store-sqlite.js';
import { silentLogger } from '../../src/config/logger.js';
import { openDatabase } from '../../src/database.js';
import type { Db } from '../../src/store/db.js';
import { MINUTE, ManualClock } from '../helpers/clock.js';

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

function setup() {
  const db = openDatabase(':memory:');
  dbs.push(db);
  // The cache stores results only for tenants that exist.
  const insertTenant = db.prepare(
    "INSERT INTO tenants (id, consumer_id, created_at, updated_at, epoch) VALUES (?, ?, '', '', ?)",
  );
  for (const tenant of ['acme', 'globex']) insertTenant.run(tenant, tenant, tenant);
  const clock = new ManualClock();
  const cache = new AnalyticsCache(new SqliteAnalyticsCacheStore(db), clock, silentLogger);
  let calls = 0;
  const compute = async () => ({ n: ++calls });
  return { db, clock, cache, compute, calls: () => calls };
}

const key = { tool: 'code_host.get_dora_metrics', args: { time_period_days: 30 } };

/** A computation the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('analytics cache regimes', () => {
  it('miss, then fresh under 5 minutes (returned as is)', async () => {
    const { cache, clock, compute, calls } = setup();
    const first = await cache.getOrCompute('acme', key, compute);
    expect(first).toEqual({
      value: { n: 1 },
      cache: { status: 'miss', computed_at: new Date(clock.now()).toISOString() },
    });
    clock.advance(FRESH_FOR_MS - 1);
    const second = await cache.getOrCompute('acme', key, compute);
    expect(second.value).toEqual({ n: 1 });
    expect(second.cache.status).toBe('fresh');
    expect(calls()).toBe(1);
  });

  it('stale between 5 minutes and 1 hour: served at once, refreshed once in the background', async () => {
    const { cache, clock, calls } = setup();
    await cache.getOrCompute('acme', key, async () => ({ n: 1 }));
    const computedAt = clock.now();
    clock.advance(10 * MINUTE);
    const gate = deferred<{ n: number }>();
    let refreshes = 0;
    const slow = () => {
      refreshes++;
      return gate.promise;
    };
    const stale = await cache.getOrCompute('acme', key, slow);
    expect(stale).toEqual({
      value: { n: 1 },
      cache: { status: 'stale', computed_at: new Date(computedAt).toISOString() },
    });
    // A second read while the refresh runs is stale too and starts no second refresh.
    expect((await cache.getOrCompute('acme', key, slow)).cache.status).toBe('stale');
    expect(refreshes).toBe(1);
    gate.resolve({ n: 2 });
    await cache.settle();
    const after = await cache.getOrCompute('acme', key, slow);
    expect(after).toEqual({
      value: { n: 2 },
      cache: { status: 'fresh', computed_at: new Date(clock.now()).toISOString() },
    });
    expect(refreshes).toBe(1);
    expect(calls()).toBe(0);
  });

  it('expired after 1 hour: computed fresh before answering', async () => {
    const { cache, clock, compute } = setup();
    await cache.getOrCompute('acme', key, compute);
    clock.advance(EXPIRES_AFTER_MS + 1);
    const result = await cache.getOrCompute('acme', key, compute);
    expect(result).toEqual({
      value: { n: 2 },
      cache: { status: 'miss', computed_at: new Date(clock.now()).toISOString() },
    });
  });

  it('refresh skips a fresh entry and stores the new result', async () => {
    const { cache, compute } = setup();
    await cache.getOrCompute('acme', key, compute);
    expect((await cache.getOrCompute('acme', key, compute, { refresh: true })).value).toEqual({ n: 2 });
    expect(await cache.getOrCompute('acme', key, compute)).toMatchObject({
      value: { n: 2 },
      cache: { status: 'fresh' },
    });
  });

  it('concurrent misses of one key share one computation', async () => {
    const { cache } = setup();
    const gate = deferred<{ n: number }>();
    let runs = 0;
    const once = () => {
      runs++;
      return gate.promise;
    };
    const both = Promise.all([cache.getOrCompute('acme', key, once), cache.getOrCompute('acme', key, once)]);
    gate.resolve({ n: 7 });
    const [a, b] = await both;
    expect(runs).toBe(1);
    expect(a.value).toEqual({ n: 7 });
    expect(b.value).toEqual({ n: 7 });
  });

  it('a failed background refresh keeps serving the stale value; a failed miss is not cached', async () => {
    const { cache, clock } = setup();
    await cache.getOrCompute('acme', key, async () => ({ n: 1 }));
    clock.advance(30 * MINUTE);
    const boom = async (): Promise<{ n: number }> => {
      throw new Error('upstream down');
    };
    expect((await cache.getOrCompute('acme', key, boom)).cache.status).toBe('stale');
    await cache.settle();
    expect(await cache.getOrCompute('acme', key, boom)).toMatchObject({ value: { n: 1 }, cache: { status: 'stale' } });
    await cache.settle();
    const other = { tool: 'code_host.get_eng_metrics', args: {} };
    await expect(cache.getOrCompute('acme', other, boom)).rejects.toThrow('upstream down');
    expect((await cache.getOrCompute('acme', other, async () => ({ n: 5 }))).cache.status).toBe('miss');
  });

  it('results refused by shouldStore (partial ones) are returned but not kept', async () => {
    const { cache, compute } = setup();
    const partial = await cache.getOrCompute('acme', key, compute, { shouldStore: () => false });
    expect(partial.cache.status).toBe('miss');
    expect((await cache.getOrCompute('acme', key, compute)).value).toEqual({ n: 2 });
  });

  it('keys are per tenant and per normalised arguments; every read is a private copy', async () => {
    const { cache, compute } = setup();
    await cache.getOrCompute('acme', { tool: 't', args: { a: 1, b: [1, 2] } }, compute);
    expect(
      (await cache.getOrCompute('acme', { tool: 't', args: { b: [1, 2], a: 1, c: undefined } }, compute)).cache.status,
    ).toBe('fresh');
    expect((await cache.getOrCompute('globex', { tool: 't', args: { a: 1, b: [1, 2] } }, compute)).cache.status).toBe(
      'miss',
    );
    expect((await cache.getOrCompute('acme', { tool: 't', args: { a: 2, b: [1, 2] } }, compute)).cache.status).toBe(
      'miss',
    );
    const copy = await cache.getOrCompute('acme', { tool: 't', args: { a: 1, b: [1, 2] } }, compute);
    copy.value.n = 99;
    expect((await cache.getOrCompute('acme', { tool: 't', args: { a: 1, b: [1, 2] } }, compute)).value).toEqual({
      n: 1,
    });
    expect(canonicalJson({ b: 1, a: { d: 2, c: 1 } })).toBe('{"a":{"c":1,"d":2},"b":1}');
  });

  it('writes canonical JSON of keys that JSON alone would keep, in order or not', () => {
    expect(canonicalJson({ a: 1, b: undefined, c: { x: [3, { z: 1, y: 2 }] } })).toBe(
      '{"a":1,"c":{"x":[3,{"y":2,"z":1}]}}',
    );
    expect(canonicalJson(JSON.parse('{"z": 1, "__proto__": {"b": 2, "a": 1}}'))).toBe(
      '{"__proto__":{"a":1,"b":2},"z":1}',
    );
    expect(canonicalJson({ b: 1, 10: 'ten', 9: 'nine' })).toBe('{"9":"nine","10":"ten","b":1}');
  });

  it('persists in SQLite: a new cache on the same database sees the result, and prune drops expired rows', async () => {
    const { db, cache, clock, compute } = setup();
    await cache.getOrCompute('acme', key, compute);
    const store = new SqliteAnalyticsCacheStore(db);
    const reopened = new AnalyticsCache(store, clock, silentLogger);
    expect(await reopened.getOrCompute('acme', key, compute)).toMatchObject({
      value: { n: 1 },
      cache: { status: 'fresh' },
    });
    expect(await store.count('acme')).toBe(1);
    clock.advance(EXPIRES_AFTER_MS + MINUTE);
    expect(await reopened.prune()).toBe(1);
    expect(await store.count('acme')).toBe(0);
    await reopened.invalidateTenant('acme');
  });
});
