import { createHash } from 'node:crypto';
import type { FleetLocks } from '../store/fleet-locks.js';
import type { Clock, Logger } from '../toolkit/context.js';
import type { AnalyticsCacheStore } from './cache-store.js';
import { compareKeys } from './key-order.js';

/** Spec (Limits, Analytics freshness): fresh under 5 minutes, stale up to 1 hour, expired beyond. */
export const FRESH_FOR_MS = 5 * 60_000;
export const EXPIRES_AFTER_MS = 60 * 60_000;

type CacheStatus = 'fresh' | 'stale' | 'miss';

/** What every cached analytics result says about itself. */
interface CacheInfo {
  status: CacheStatus;
  /** When the returned value was computed (ISO 8601). */
  computed_at: string;
}

interface CacheKey {
  /** Dotted capability or tool name, e.g. `code_host.get_dora_metrics`. */
  tool: string;
  /** The arguments that change the result (no `refresh`, no projection). */
  args: Record<string, unknown>;
}

interface GetOrComputeOptions<T> {
  /** Skip the cache: compute now and store the result. */
  refresh?: boolean;
  /** Return false to hand a result out without storing it (e.g. a partial one). */
  shouldStore?: (value: T) => boolean;
}

interface Entry {
  /** The value as JSON: every read parses its own copy, so callers can never alter a cached value. */
  json: string;
  computedAt: number;
}

/** JSON with object keys sorted at every level and undefined members dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !inKeyOrder(v)
      ? inCanonicalOrder(v as Record<string, unknown>)
      : v,
  );
}

/** The object's members with its keys in canonical order (no prototype: a `__proto__` key is a member like another). */
function inCanonicalOrder(object: Record<string, unknown>): Record<string, unknown> {
  const ordered = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(object).sort(compareKeys)) ordered[key] = object[key];
  return ordered;
}

/**
 * Whether an object's keys already come in canonical order: it is then written as it is (JSON leaves out
 * undefined members by itself), without a sorted copy.
 */
function inKeyOrder(object: object): boolean {
  const keys = Object.keys(object);
  for (let i = 1; i < keys.length; i++) if (compareKeys(keys[i - 1], keys[i]) > 0) return false;
  return true;
}

function cacheKeyOf(key: CacheKey): { hash: string; args: string } {
  const args = canonicalJson(key.args);
  return { hash: createHash('sha256').update(`${key.tool}\u0000${args}`).digest('hex'), args };
}

/**
 * Stale-while-revalidate cache of analytics results, per tenant. Rows live in the store (they survive a
 * restart and are shared by every process on the same store); a bounded in-memory map in front saves
 * the read. Time comes from the app clock. One computation at a time per key: concurrent misses and
 * background refreshes of the same key share one promise. Keys carry the caller's access digest, which
 * carries the tenant's epoch: a node whose memory still holds a deleted tenant's results (its
 * `invalidateTenant` ran on another node) never serves them to a tenant created again with the same id.
 */
export class AnalyticsCache {
  private readonly memory = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  private readonly background = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: AnalyticsCacheStore,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: {
      freshForMs?: number;
      expiresAfterMs?: number;
      memoryEntries?: number;
      /** One node of the fleet refreshes a stale key at a time; the others serve the stale value meanwhile. */
      refreshLocks?: FleetLocks;
    } = {},
  ) {}

  private get freshFor(): number {
    return this.options.freshForMs ?? FRESH_FOR_MS;
  }

  private get expiresAfter(): number {
    return this.options.expiresAfterMs ?? EXPIRES_AFTER_MS;
  }

  async getOrCompute<T>(
    tenantId: string,
    key: CacheKey,
    compute: () => Promise<T>,
    options: GetOrComputeOptions<T> = {},
  ): Promise<{ value: T; cache: CacheInfo }> {
    const { hash, args } = cacheKeyOf(key);
    const id = `${tenantId}\u0000${hash}`;
    const run = () =>
      this.compute(
        id,
        () => compute(),
        async (value, entry) => {
          if (options.shouldStore?.(value) !== false) await this.write(tenantId, hash, key.tool, args, id, entry);
        },
      );
    if (!options.refresh) {
      const entry = await this.read(tenantId, hash, id);
      const age = entry ? this.clock.now() - entry.computedAt : Infinity;
      if (entry && age < this.freshFor) return this.answer<T>(entry, 'fresh');
      if (entry && age <= this.expiresAfter) {
        const locks = this.options.refreshLocks;
        if (!this.inflight.has(id))
          this.track(
            locks ? locks.once(`analytics.refresh:${tenantId}:${hash}`, async () => void (await run())) : run(),
          );
        return this.answer<T>(entry, 'stale');
      }
    }
    return this.answer<T>(await run(), 'miss');
  }

  /** Resolves once every background refresh started so far has finished. */
  async settle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /** Forgets every cached result of a tenant (from memory at once, from the store when the promise settles). */
  async invalidateTenant(tenantId: string): Promise<void> {
    for (const id of this.memory.keys()) if (id.startsWith(`${tenantId}\u0000`)) this.memory.delete(id);
    await this.store.deleteTenant(tenantId);
  }

  /** Drops rows too old to be served. */
  prune(): Promise<number> {
    return this.store.prune(this.clock.now() - this.expiresAfter);
  }

  async close(): Promise<void> {
    await this.settle();
    this.closed = true;
  }

  private answer<T>(entry: Entry, status: CacheStatus): { value: T; cache: CacheInfo } {
    return {
      value: JSON.parse(entry.json) as T,
      cache: { status, computed_at: new Date(entry.computedAt).toISOString() },
    };
  }

  private compute<T>(
    id: string,
    compute: () => Promise<T>,
    store: (value: T, entry: Entry) => Promise<void>,
  ): Promise<Entry> {
    const running = this.inflight.get(id);
    if (running) return running;
    const promise = (async () => {
      const value = await compute();
      const entry: Entry = { json: JSON.stringify(value), computedAt: this.clock.now() };
      await store(value, entry);
      return entry;
    })().finally(() => this.inflight.delete(id));
    this.inflight.set(id, promise);
    return promise;
  }

  private track(refresh: Promise<unknown>): void {
    const task = refresh.then(
      () => undefined,
      (error: unknown) =>
        this.log.warn('analytics background refresh failed', {
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }

  private async read(tenantId: string, hash: string, id: string): Promise<Entry | undefined> {
    const cached = this.memory.get(id);
    if (cached) return cached;
    const row = await this.store.get(tenantId, hash);
    if (!row) return undefined;
    const entry = { json: row.value, computedAt: row.computedAt };
    this.remember(id, entry);
    return entry;
  }

  private async write(tenantId: string, hash: string, tool: string, args: string, id: string, entry: Entry) {
    if (this.closed) return;
    const current = this.memory.get(id);
    if (current && current.computedAt > entry.computedAt) return;
    this.remember(id, entry);
    try {
      await this.store.put(tenantId, hash, tool, args, entry.json, entry.computedAt);
    } catch (error) {
      this.log.warn('analytics cache write failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private remember(id: string, entry: Entry): void {
    this.memory.delete(id);
    this.memory.set(id, entry);
    const max = this.options.memoryEntries ?? 500;
    while (this.memory.size > max) this.memory.delete(this.memory.keys().next().value as string);
  }
}
