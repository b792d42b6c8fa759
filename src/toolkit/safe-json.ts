import { AppError } from './errors.js';

/**
 * Keys that reach an object's prototype when written with `obj[key] = ...` or `Object.assign`.
 * JSON from callers (and from upstreams) may carry them as ordinary own properties; copying such an
 * object naively writes onto `Object.prototype`, which every tenant's requests share.
 */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isUnsafeKey = (key: string): boolean => UNSAFE_KEYS.has(key);

/** Deepest nesting accepted in a request body or tool arguments. */
const MAX_JSON_DEPTH = 64;

/**
 * Checks JSON from a caller before anything copies it: refuses prototype keys and nesting deeper than
 * `maxDepth` with a VALIDATION_ERROR naming the path. Recursion is bounded by `maxDepth`, so a hostile
 * document cannot exhaust the stack here.
 */
export function assertSafeJson(value: unknown, where: string, maxDepth = MAX_JSON_DEPTH): void {
  walk(value, where, 0, maxDepth, true);
}

/** Only the nesting bound of `assertSafeJson` (for envelopes whose own parser drops prototype keys). */
export function assertJsonDepth(value: unknown, where: string, maxDepth = MAX_JSON_DEPTH): void {
  walk(value, where, 0, maxDepth, false);
}

function walk(value: unknown, path: string, depth: number, maxDepth: number, refuseUnsafeKeys: boolean): void {
  if (value === null || typeof value !== 'object') return;
  if (depth >= maxDepth) throw new AppError('VALIDATION_ERROR', `${path} is nested more than ${maxDepth} levels deep`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], `${path}[${i}]`, depth + 1, maxDepth, refuseUnsafeKeys);
    return;
  }
  for (const key of Object.keys(value)) {
    if (refuseUnsafeKeys && isUnsafeKey(key)) throw new AppError('VALIDATION_ERROR', `${path}.${key}: the key "${key}" is not allowed`);
    walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1, maxDepth, refuseUnsafeKeys);
  }
}

/** `JSON.parse` reviver that drops prototype keys (for JSON read back from storage or upstreams). */
export function withoutUnsafeKeys(key: string, value: unknown): unknown {
  return isUnsafeKey(key) ? undefined : value;
}
