/** One request counted in its window. */
export interface WindowCount {
  /** Requests counted in the window so far, this one included. */
  hits: number;
  /** When the window ends, on the clock the hit was counted on (ms). */
  endsAt: number;
}

/**
 * Fixed request windows, counted where every process that enforces a limit sees them: in this process on
 * SQLite (one node), in PostgreSQL for a fleet. A key's window opens at its first request and lasts
 * `windowMs`; the first request after it ends opens the next. Keys name their limit (`tenant|…`).
 */
export interface WindowCounter {
  /** Counts one request of `key` at `now` (ms). */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /** Forgets the key's window (the next request opens a new one). */
  reset(key: string): Promise<void>;
}

/** Above this many keys, ended windows are dropped as new ones open. */
const SWEEP_ABOVE = 10_000;

/** The windows of one process, in memory: a single node's limits, without a round trip. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, WindowCount>();

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size > SWEEP_ABOVE)
        for (const [other, ended] of this.windows) if (ended.endsAt <= now) this.windows.delete(other);
      window = { hits: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits++;
    return { ...window };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}
