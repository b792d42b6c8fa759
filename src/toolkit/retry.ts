import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallLog } from './call-log.js';

/**
 * Retry policy of the tool call in progress. The executor sets it from the capability type; every
 * upstream request goes through the integration's fetch, which reads it, so the rule "retry only
 * idempotent operations" holds at the level of single HTTP requests.
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

/** What every upstream request of one tool call inherits: how to retry, and when to give up. */
export interface CallScope {
  policy: RetryPolicy;
  /** Aborts at the call's deadline; passed to every upstream request. */
  signal: AbortSignal;
  /** Hears each retry, for the caller waiting on the call. */
  log?: CallLog;
}

const scope = new AsyncLocalStorage<CallScope>();

export function withCallScope<T>(call: CallScope, fn: () => Promise<T>): Promise<T> {
  return scope.run(call, fn);
}

/** The scope of the tool call in progress; undefined outside any call (requests are then sent once). */
export const currentCallScope = (): CallScope | undefined => scope.getStore();

/** Timing knobs for tests: a scale of 0 makes backoff instant. */
let delayScale = 1;
export function setRetryDelayScale(scale: number): void {
  delayScale = scale;
}
export const scaledDelay = (ms: number): number => ms * delayScale;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method.toUpperCase());

/** Exponential backoff with full jitter. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
