import { isUnsafeKey } from './safe-json.js';

/**
 * The optional `fields` argument of every tool: keeps only the named fields (dotted paths such as
 * `user.login`) so an agent can ask for exactly what it needs. Only own properties are followed and
 * prototype keys (`__proto__`, `constructor`, `prototype`) never are, so no path can reach a shared
 * prototype.
 */
export function project<T>(value: T, fields: readonly string[] | undefined): T {
  if (!fields || fields.length === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return (value as unknown[]).map((entry) => project(entry, fields)) as T;
  const out: Record<string, unknown> = {};
  for (const path of fields) copyPath(value as Record<string, unknown>, out, path.split('.'));
  return out as T;
}

/**
 * A list tool's `fields` name paths of each item; a path that starts with the collection's key
 * (`results.node_id`, as written against the whole result) means the same. The key alone asks for whole items.
 */
export function itemFields(fields: readonly string[] | undefined, key: string): string[] | undefined {
  if (!fields || fields.includes(key)) return undefined;
  return fields.map((path) => (path.startsWith(`${key}.`) ? path.slice(key.length + 1) : path));
}

/** True when a `fields` path has a segment that names a prototype key. */
export const hasUnsafeSegment = (path: string): boolean => path.split('.').some(isUnsafeKey);

function copyPath(source: Record<string, unknown>, target: Record<string, unknown>, parts: string[]): void {
  const [head, ...rest] = parts;
  if (isUnsafeKey(head) || !Object.hasOwn(source, head)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const current = Object.hasOwn(target, head) ? target[head] : undefined;
  if (Array.isArray(value)) {
    const existing = Array.isArray(current) ? (current as Record<string, unknown>[]) : value.map(() => ({}));
    value.forEach((entry, index) => {
      if (entry && typeof entry === 'object') copyPath(entry as Record<string, unknown>, existing[index], rest);
    });
    target[head] = existing;
    return;
  }
  const nested = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  copyPath(value as Record<string, unknown>, nested, rest);
  target[head] = nested;
}
