import type pg from 'pg';
import { storeOn, type StoreBackend } from './backend.js';
import { LOCK_SPACE, tryPgSessionLock } from './pg/advisory.js';

/**
 * Background work that one node does for the fleet (sweeps, cache refreshes): whoever comes while it runs
 * skips it. On SQLite there is one node, so the lock lives in this process and costs no round trip; on
 * PostgreSQL it is an advisory lock.
 */
export interface FleetLocks {
  /**
   * Runs `work` unless it already runs under `name` somewhere (then skips it); whether it ran. With
   * `waitForSlot`, a node out of lock slots waits for one instead of skipping (only for callers holding
   * no slot themselves, or they could wait for each other).
   */
  once(name: string, work: () => Promise<void>, options?: { waitForSlot?: boolean }): Promise<boolean>;
}

/** The locks of the one process using the store. */
export class LocalLocks implements FleetLocks {
  private readonly running = new Set<string>();

  async once(name: string, work: () => Promise<void>): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    try {
      await work();
      return true;
    } finally {
      this.running.delete(name);
    }
  }
}

/**
 * Advisory locks of the database every node shares. Each lock held keeps a pooled connection while its
 * work runs (an analytics refresh waits on upstreams meanwhile), so this node holds at most a quarter of
 * its pool this way: past that a job skips its turn (or waits for a slot, when asked) rather than starve
 * the requests of connections.
 */
export class PgFleetLocks implements FleetLocks {
  private held = 0;
  private readonly maxHeld: number;
  private readonly slotWaiters: (() => void)[] = [];

  constructor(private readonly pool: pg.Pool) {
    this.maxHeld = Math.max(1, Math.floor((pool.options.max ?? 10) / 4));
  }

  async once(name: string, work: () => Promise<void>, options: { waitForSlot?: boolean } = {}): Promise<boolean> {
    if (this.held >= this.maxHeld) {
      // A skip here is not another node running the job: nobody would run this turn.
      if (!options.waitForSlot) return false;
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    } else this.held++;
    try {
      return await tryPgSessionLock(this.pool, LOCK_SPACE.once, name, work);
    } finally {
      const next = this.slotWaiters.shift();
      // The slot passes straight to the next waiter, so no newcomer takes it in between.
      if (next) next();
      else this.held--;
    }
  }
}

/** The fleet's locks on the installation's store. */
export function fleetLocksOn(backend: StoreBackend): FleetLocks {
  return storeOn<FleetLocks>(backend, { sqlite: () => new LocalLocks(), postgres: (pool) => new PgFleetLocks(pool) });
}
