import { rateBudgetOf, type RateBudget, type UpstreamMeter } from '../toolkit/upstream-meter.js';

/** Share of each upstream's rate budget the sync may use: the rest stays for interactive calls. */
export const SYNC_BUDGET_SHARE = 0.3;

/**
 * Counts the upstream requests of one system's sync and keeps the last budget each upstream announced
 * (its `x-ratelimit-*` headers). The sync stops, keeping its watermark, once an upstream has less left
 * than the reserve for interactive calls; the next scheduled run (after the window renews) goes on.
 */
export class SyncBudget implements UpstreamMeter {
  requests = 0;
  private readonly budgets = new Map<string, RateBudget>();

  constructor(private readonly share = SYNC_BUDGET_SHARE) {}

  observe(upstream: string, headers: Headers): void {
    this.requests++;
    const budget = rateBudgetOf(headers);
    if (budget) this.budgets.set(upstream, budget);
  }

  /** Why the sync must stop now, in words; undefined while every upstream has more than the reserve left. */
  exhausted(): string | undefined {
    for (const [upstream, budget] of this.budgets) {
      const reserve = Math.ceil(budget.limit * (1 - this.share));
      if (budget.remaining >= reserve) continue;
      const reset = budget.resetAt === undefined ? '' : ` until ${new Date(budget.resetAt * 1000).toISOString()}`;
      return `paused${reset}: ${upstream} has ${budget.remaining} of ${budget.limit} requests left, and the sync leaves ${reserve} for interactive calls`;
    }
    return undefined;
  }
}
