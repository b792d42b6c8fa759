import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, isRetryable } from '../toolkit/errors.js';
import { backoffDelay, currentCallScope, isSafeMethod, scaledDelay, type CallScope } from '../toolkit/retry.js';
import { currentUpstreamMeter } from '../toolkit/upstream-meter.js';
import type { AnyIntegration, UpstreamFetch } from './integration.js';

type Classifier = Pick<AnyIntegration, 'title' | 'classifyResponse'>;

/**
 * The one retry layer of every SDK: a `fetch` that sends each request under the current call's policy.
 * A failed answer the integration classifies as retryable (rate limit, 5xx, timeout) is sent again
 * when the method is safe, or the tool is idempotent, within the policy's budget, after
 * `Retry-After` or exponential backoff with jitter; anything else is handed to the SDK untouched, so the
 * SDK raises its own error and the integration's mapper reads it. Every request carries the call's
 * deadline; reaching it is an UPSTREAM_TIMEOUT, never retried.
 */
export function createUpstreamFetch(integration: Classifier, base: typeof fetch = globalThis.fetch): UpstreamFetch {
  return async (input, init = {}) => {
    const call = currentCallScope();
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const allowed = call ? (isSafeMethod(method) ? call.policy.safeRetries : call.policy.unsafeRetries) : 0;
    const signal = call
      ? init.signal
        ? AbortSignal.any([init.signal, call.signal])
        : call.signal
      : (init.signal ?? undefined);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await base(input instanceof Request ? input.clone() : input, { ...init, signal });
        currentUpstreamMeter()?.observe(integration.title, response.headers);
      } catch (error) {
        if (call?.signal.aborted) throw deadlineError(integration.title, call);
        if (init.signal?.aborted) throw error;
        const unreachable = new AppError(
          'UPSTREAM_ERROR',
          `${integration.title} is unreachable: ${causeMessage(error)}`,
          { cause: error },
        );
        if (!call || attempt >= allowed) throw unreachable;
        await pause(backoffDelay(attempt, call.policy), call, integration.title, unreachable.message, attempt);
        continue;
      }
      if (response.status < 400 || !call || attempt >= allowed) return response;
      const failure = integration.classifyResponse(response);
      if (!failure || !isRetryable(failure)) return response;
      if (failure.retryAfter !== undefined && failure.retryAfter > call.policy.maxRetryAfterSeconds) return response;
      await response.body?.cancel();
      await pause(
        failure.retryAfter !== undefined ? failure.retryAfter * 1000 : backoffDelay(attempt, call.policy),
        call,
        integration.title,
        `${integration.title} answered ${response.status}`,
        attempt,
      );
    }
  };
}

/** Waits before the next attempt, telling the caller why it waits (its host may show it). */
async function pause(ms: number, call: CallScope, title: string, reason: string, attempt: number): Promise<void> {
  const seconds = Math.round(ms / 100) / 10;
  call.log?.('warning', `${reason}: retrying in ${seconds} s`, { upstream: title, attempt: attempt + 1 });
  try {
    await sleep(scaledDelay(ms), undefined, { signal: call.signal });
  } catch {
    throw deadlineError(title, call);
  }
}

function deadlineError(title: string, call: CallScope): AppError {
  const reason = call.signal.reason instanceof AppError ? call.signal.reason : undefined;
  return reason ?? new AppError('UPSTREAM_TIMEOUT', `${title} did not answer before the call's time limit`);
}

function causeMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}
