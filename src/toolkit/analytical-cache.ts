import type { Caller } from './context.js';

/** Where analytical results are kept between calls (the analytics cache implements it). */
export interface ResultCache {
  getOrCompute<T extends Record<string, unknown>>(
    tenantId: string,
    key: { tool: string; args: Record<string, unknown> },
    compute: () => Promise<T>,
    options: { refresh?: boolean; shouldStore?: (value: T) => boolean },
  ): Promise<{ value: T; cache: { status: string; computed_at: string } }>;
}

/**
 * Arguments that never change an analytical result: how to project or refresh it. A `limit` of an
 * analytical tool does change it (top N people), so it stays in the key; list tools are never cached.
 */
const NOT_PART_OF_RESULT = new Set(['fields', 'refresh']);

/**
 * The analytical path: results are cached per tenant by qualified tool name, arguments that change
 * the result (canonical JSON) and a digest of the caller's access through the tool's integrations
 * (callers who see different data never share a result; a per-user grant's generation is part of it).
 * Partial results are returned but never stored. `refresh: true` skips the cache. Every result says
 * `cache: {status, computed_at}`.
 */
export async function cachedAnalyticalResult(
  cache: ResultCache,
  caller: Caller,
  toolName: string,
  args: Record<string, unknown>,
  access: () => Promise<string>,
  compute: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const keyArgs = Object.fromEntries(Object.entries(args).filter(([name]) => !NOT_PART_OF_RESULT.has(name)));
  const { value, cache: info } = await cache.getOrCompute(
    caller.tenantId,
    { tool: toolName, args: { ...keyArgs, _access: await access() } },
    compute,
    { refresh: args.refresh === true, shouldStore: (result) => result.partial !== true },
  );
  return { ...value, cache: info };
}
