import type pg from 'pg';
import type { WindowCount, WindowCounter } from './window-counter.js';

/** How often a process deletes ended windows (ms): one cheap indexed DELETE a minute at most. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The windows of every node of a fleet, in PostgreSQL's UNLOGGED `rate_windows` (migration
 * `003_shared_state`): one upsert per counted request, which opens, renews or counts the window.
 */
export class PgWindowCounter implements WindowCounter {
  private nextPrune = 0;

  constructor(private readonly pool: pg.Pool) {}

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    this.pruneNowAndThen(now);
    const { rows } = await this.pool.query<{ hits: number; endsAt: string }>(
      `INSERT INTO rate_windows AS w (key, hits, ends_at) VALUES ($1, 1, $2::bigint + $3::bigint)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN w.ends_at <= $2::bigint THEN 1 ELSE w.hits + 1 END,
         ends_at = CASE WHEN w.ends_at <= $2::bigint THEN $2::bigint + $3::bigint ELSE w.ends_at END
       RETURNING hits, ends_at AS "endsAt"`,
      [key, now, windowMs],
    );
    const row = rows[0];
    return { hits: row.hits, endsAt: Number(row.endsAt) };
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM rate_windows WHERE key = $1', [key]);
  }

  /** Ended windows are dead rows: dropped in the background, a failure left to the next turn. */
  private pruneNowAndThen(now: number): void {
    if (now < this.nextPrune) return;
    this.nextPrune = now + PRUNE_EVERY_MS;
    void this.pool.query('DELETE FROM rate_windows WHERE ends_at <= $1', [now]).catch(() => undefined);
  }
}
