/**
 * The optional `fields` argument of every tool: keeps only the named fields (dotted paths such as
 * `user.login`) so an agent can ask for exactly what it needs.
 */
export function project<T>(value: T, fields: readonly string[] | undefined): T {
  if (!fields || fields.length === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => project(entry, fields)) as T;
  const out: Record<string, unknown> = {};
  for (const path of fields) copyPath(value as Record<string, unknown>, out, path.split('.'));
  return out as T;
}

function copyPath(source: Record<string, unknown>, target: Record<string, unknown>, parts: string[]): void {
  const [head, ...rest] = parts;
  if (!(head in source)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    const existing = Array.isArray(target[head]) ? (target[head] as Record<string, unknown>[]) : value.map(() => ({}));
    value.forEach((entry, index) => {
      if (entry && typeof entry === 'object') copyPath(entry as Record<string, unknown>, existing[index], rest);
    });
    target[head] = existing;
    return;
  }
  const nested = (target[head] as Record<string, unknown> | undefined) ?? {};
  copyPath(value as Record<string, unknown>, nested, rest);
  target[head] = nested;
}
