import { toAppError, type AppError } from './errors.js';

export interface FanOutOptions<R> {
  /** At most this many calls in flight (default 6: friendly to upstream secondary rate limits). */
  concurrency?: number;
  /** How a resource is named in the list of failures. */
  label?: (resource: R) => string;
  /** Maps an SDK's error to an AppError (the executor passes the integrations' mappers). */
  mapUpstream?: (error: unknown) => AppError | undefined;
}

export interface FanOutFailure {
  resource: string;
  error: { code: string; message: string };
}

export interface FanOutResult<R, T> {
  /** Results in the order of the resources that succeeded. */
  results: Array<{ resource: R; value: T }>;
  failed: FanOutFailure[];
  /** How many resources were attempted. */
  covered: number;
}

const DEFAULT_FAN_OUT_CONCURRENCY = 6;

/**
 * Runs `fn` over every resource with bounded concurrency. One failing resource does not fail the
 * whole call: it is reported in `failed` so the tool can say what it could not cover.
 */
export async function fanOut<R, T>(
  resources: readonly R[],
  fn: (resource: R) => Promise<T>,
  options: FanOutOptions<R> = {},
): Promise<FanOutResult<R, T>> {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_FAN_OUT_CONCURRENCY);
  const label = options.label ?? ((resource: R) => String(resource));
  const settled = new Array<{ ok: true; value: T } | { ok: false; error: AppError } | undefined>(resources.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < resources.length) {
      const index = next++;
      try {
        settled[index] = { ok: true, value: await fn(resources[index]) };
      } catch (error) {
        settled[index] = { ok: false, error: toAppError(error, options.mapUpstream) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, resources.length) }, worker));
  const results: Array<{ resource: R; value: T }> = [];
  const failed: FanOutFailure[] = [];
  settled.forEach((outcome, index) => {
    if (!outcome) return;
    if (outcome.ok) results.push({ resource: resources[index], value: outcome.value });
    else
      failed.push({
        resource: label(resources[index]),
        error: { code: outcome.error.code, message: outcome.error.message },
      });
  });
  return { results, failed, covered: resources.length };
}
