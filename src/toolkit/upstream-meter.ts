import { AsyncLocalStorage } from 'node:async_hooks';

/** What an upstream's rate-limit headers said of its budget on the last answer. */
export interface RateBudget {
  limit: number;
  remaining: number;
  /** Epoch seconds when the window renews, when the upstream says. */
  resetAt?: number;
}

/**
 * Hears every upstream answer sent on behalf of work that asked to be metered (the background sync):
 * how many requests it made, and what budget each upstream says is left.
 */
export interface UpstreamMeter {
  observe(upstream: string, headers: Headers): void;
}

const meters = new AsyncLocalStorage<UpstreamMeter>();

/** Runs `work` with every upstream request it makes reported to `meter`. */
export function metered<T>(meter: UpstreamMeter, work: () => Promise<T>): Promise<T> {
  return meters.run(meter, work);
}

export const currentUpstreamMeter = (): UpstreamMeter | undefined => meters.getStore();

/**
 * The budget the common rate-limit headers announce (GitHub's `x-ratelimit-*`, Atlassian's
 * `X-RateLimit-*`, the same names elsewhere); undefined when an upstream sends none.
 */
export function rateBudgetOf(headers: Headers): RateBudget | undefined {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  if (!headers.has('x-ratelimit-limit') || !Number.isFinite(limit) || limit <= 0 || !Number.isFinite(remaining))
    return undefined;
  const reset = headers.get('x-ratelimit-reset');
  const resetAt = reset === null ? undefined : Number(reset) || Date.parse(reset) / 1000 || undefined;
  return { limit, remaining, ...(resetAt === undefined ? {} : { resetAt }) };
}
