import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRetryable, toAppError } from './errors.js';

/**
 * Retry policy of the tool call in progress. The executor sets it from the capability type; the
 * connection layer reads it around every upstream request, so the rule "retry only idempotent
 * operations" holds at the level of single HTTP requests.
 */
export interface RetryPolicy {
  /** Retries allowed for safe (GET, HEAD) requests. */
  safeRetries: number;
  /** Retries allowed for unsafe methods (POST, PATCH, PUT, DELETE): 0 unless the tool is idempotent. */
  unsafeRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails at once instead of holding the call. */
  maxRetryAfterSeconds: number;
}

export const POLICIES = {
  read: { safeRetries: 2, unsafeRetries: 0, baseDelayMs: 200, maxDelayMs: 2_000, maxRetryAfterSeconds: 5 },
  analytical: { safeRetries: 1, unsafeRetries: 0, baseDelayMs: 200, maxDelayMs: 1_000, maxRetryAfterSeconds: 2 },
  actionIdempotent: { safeRetries: 3, unsafeRetries: 3, baseDelayMs: 200, maxDelayMs: 4_000, maxRetryAfterSeconds: 10 },
  actionOnce: { safeRetries: 3, unsafeRetries: 0, baseDelayMs: 200, maxDelayMs: 4_000, maxRetryAfterSeconds: 10 },
} satisfies Record<string, RetryPolicy>;

const scope = new AsyncLocalStorage<RetryPolicy>();

export function withRetryPolicy<T>(policy: RetryPolicy, fn: () => Promise<T>): Promise<T> {
  return scope.run(policy, fn);
}

/** Timing knobs for tests: a scale of 0 makes backoff instant. */
let delayScale = 1;
export function setRetryDelayScale(scale: number): void {
  delayScale = scale;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Exponential backoff with full jitter. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Sends one upstream request under the current policy. Outside any tool call (no policy in scope)
 * requests are sent once.
 */
export async function sendWithRetry<T>(method: string, send: () => Promise<T>): Promise<T> {
  const policy = scope.getStore();
  const allowed = policy ? (SAFE_METHODS.has(method.toUpperCase()) ? policy.safeRetries : policy.unsafeRetries) : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const appError = toAppError(error);
      if (!policy || attempt >= allowed || !isRetryable(appError)) throw appError;
      if (appError.retryAfter !== undefined && appError.retryAfter > policy.maxRetryAfterSeconds) throw appError;
      const wait = appError.retryAfter !== undefined ? appError.retryAfter * 1000 : backoffDelay(attempt, policy);
      await sleep(wait * delayScale);
    }
  }
}
