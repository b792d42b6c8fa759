import type pg from 'pg';
import { storeOn, type StoreBackend } from './backend.js';
import { LOCK_SPACE, tryPgSessionLock } from './pg/advisory.js';

/**
 * Background work that one node does for the fleet (sweeps, cache refreshes): whoever comes while it runs
 * skips it. On SQLite there is one node, so the lock lives in this process and costs no round trip; on
 * PostgreSQL it is an advisory lock.
 */
/**
 * What became of a turn: it ran, another node (or turn) already runs `name` (`held`), this node had no
 * lock slot free (`no_slot`: nobody runs this turn), or the wait for a slot was given up (`abandoned`).
 */
export type LockOutcome = 'ran' | 'held' | 'no_slot' | 'abandoned';

export interface OnceOptions {
  /**
   * A node out of lock slots waits for one instead of skipping (only for callers holding no slot
   * themselves, or they could wait for each other).
   */
  waitForSlot?: boolean;
  /** Gives up a wait for a slot (the node is stopping): the work never starts. */
  signal?: AbortSignal;
}

export interface FleetLocks {
  /** Runs `work` unless it already runs under `name` somewhere (then skips it). */
  once(name: string, work: () => Promise<void>, options?: OnceOptions): Promise<LockOutcome>;
}

/** The locks of the one process using the store. */
export class LocalLocks implements FleetLocks {
  private readonly running = new Set<string>();

  async once(name: string, work: () => Promise<void>, options: OnceOptions = {}): Promise<LockOutcome> {
    if (options.signal?.aborted) return 'abandoned';
    if (this.running.has(name)) return 'held';
    this.running.add(name);
    try {
      await work();
      return 'ran';
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
  /** Names this node runs now: another turn of one is `held` at once, without a slot or a round trip. */
  private readonly running = new Set<string>();
  private readonly maxHeld: number;
  private readonly slotWaiters: (() => void)[] = [];

  constructor(private readonly pool: pg.Pool) {
    this.maxHeld = Math.max(1, Math.floor((pool.options.max ?? 10) / 4));
  }

  async once(name: string, work: () => Promise<void>, options: OnceOptions = {}): Promise<LockOutcome> {
    const { signal } = options;
    if (signal?.aborted) return 'abandoned';
    if (this.running.has(name)) return 'held';
    if (this.held >= this.maxHeld) {
      if (!options.waitForSlot) return 'no_slot';
      if (!(await this.slotFreed(signal))) return 'abandoned';
    } else this.held++;
    try {
      // A slot handed over after the node began stopping: its pool may be closing.
      if (signal?.aborted) return 'abandoned';
      if (this.running.has(name)) return 'held';
      this.running.add(name);
      try {
        return (await tryPgSessionLock(this.pool, LOCK_SPACE.once, name, work)) ? 'ran' : 'held';
      } finally {
        this.running.delete(name);
      }
    } finally {
      const next = this.slotWaiters.shift();
      // The slot passes straight to the next waiter, so no newcomer takes it in between.
      if (next) next();
      else this.held--;
    }
  }

  /** Waits for a slot passed on by a finishing turn (true), or for `signal` (false, holding none). */
  private slotFreed(signal: AbortSignal | undefined): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const waiter = () => {
        signal?.removeEventListener('abort', abandon);
        resolve(true);
      };
      const abandon = () => {
        const at = this.slotWaiters.indexOf(waiter);
        if (at >= 0) this.slotWaiters.splice(at, 1);
        resolve(false);
      };
      signal?.addEventListener('abort', abandon, { once: true });
      this.slotWaiters.push(waiter);
    });
  }
}

/** The fleet's locks on the installation's store. */
export function fleetLocksOn(backend: StoreBackend): FleetLocks {
  return storeOn<FleetLocks>(backend, { sqlite: () => new LocalLocks(), postgres: (pool) => new PgFleetLocks(pool) });
}
