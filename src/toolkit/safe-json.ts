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
 * Checks JSON from a caller before anything copies it: refuses prototype keys, nesting deeper than
 * `maxDepth`, and text no upstream can carry (lone surrogates, NUL and other control characters, which
 * would otherwise fail deep inside an SDK's URL encoding) with a VALIDATION_ERROR naming the path. Recursion is bounded by `maxDepth`, so a hostile
 * document cannot exhaust the stack here.
 */
export function assertSafeJson(value: unknown, where: string, maxDepth = MAX_JSON_DEPTH): void {
  walk(value, where, 0, maxDepth, true);
}

/** Only the nesting bound of `assertSafeJson` (for envelopes whose own parser drops prototype keys). */
export function assertJsonDepth(value: unknown, where: string, maxDepth = MAX_JSON_DEPTH): void {
  walk(value, where, 0, maxDepth, false);
}

/** A lone UTF-16 surrogate: no UTF-8 form, so no URL, header or upstream can carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function checkText(text: string, path: string): void {
  if (LONE_SURROGATE.test(text))
    throw new AppError('VALIDATION_ERROR', `${path} is not well-formed Unicode (a lone surrogate)`);
  if (CONTROL.test(text))
    throw new AppError(
      'VALIDATION_ERROR',
      `${path} contains a control character (NUL or another below U+0020 besides tab and newlines)`,
    );
}

function walk(value: unknown, path: string, depth: number, maxDepth: number, strict: boolean): void {
  if (typeof value === 'string') return strict ? checkText(value, path) : undefined;
  if (value === null || typeof value !== 'object') return;
  if (depth >= maxDepth) throw new AppError('VALIDATION_ERROR', `${path} is nested more than ${maxDepth} levels deep`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], `${path}[${i}]`, depth + 1, maxDepth, strict);
    return;
  }
  for (const key of Object.keys(value)) {
    if (strict) checkText(key, `${path} key`);
    if (strict && isUnsafeKey(key))
      throw new AppError('VALIDATION_ERROR', `${path}.${key}: the key "${key}" is not allowed`);
    walk((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1, maxDepth, strict);
  }
}

/** `JSON.parse` reviver that drops prototype keys (for JSON read back from storage or upstreams). */
export function withoutUnsafeKeys(key: string, value: unknown): unknown {
  return isUnsafeKey(key) ? undefined : value;
}
