import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import type { Clock } from '../toolkit/context.js';

interface Window {
  hits: number;
  /** When the window ends, on the store's clock. */
  endsAt: number;
}

/** Above this many keys, ended windows are dropped as new ones open. */
const SWEEP_ABOVE = 10_000;

/**
 * express-rate-limit's fixed windows kept on the app's clock (tests move it), in this process. The
 * library computes its headers from `Date.now()`, so a window's end is handed to it as the same
 * distance from the wall clock as it is from the app's.
 */
export class ClockStore implements Store {
  readonly localKeys = true;
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  increment(key: string): ClientRateLimitInfo {
    const window = this.openWindow(key);
    window.hits++;
    return this.infoOf(window);
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const window = this.windows.get(key);
    return window && window.endsAt > this.clock.now() ? this.infoOf(window) : undefined;
  }

  decrement(key: string): void {
    const window = this.windows.get(key);
    if (window && window.hits > 0) window.hits--;
  }

  resetKey(key: string): void {
    this.windows.delete(key);
  }

  resetAll(): void {
    this.windows.clear();
  }

  /** Whole seconds until the key's window ends (at least 1), on the app's clock. */
  secondsLeft(key: string): number {
    const endsAt = this.windows.get(key)?.endsAt ?? this.clock.now() + this.windowMs;
    return Math.max(1, Math.ceil((endsAt - this.clock.now()) / 1000));
  }

  private openWindow(key: string): Window {
    const now = this.clock.now();
    const current = this.windows.get(key);
    if (current && current.endsAt > now) return current;
    if (this.windows.size > SWEEP_ABOVE)
      for (const [other, window] of this.windows) if (window.endsAt <= now) this.windows.delete(other);
    const opened = { hits: 0, endsAt: now + this.windowMs };
    this.windows.set(key, opened);
    return opened;
  }

  private infoOf(window: Window): ClientRateLimitInfo {
    return { totalHits: window.hits, resetTime: new Date(Date.now() + (window.endsAt - this.clock.now())) };
  }
}
