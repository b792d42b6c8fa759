/** Small readers for untyped tool results: each returns undefined unless the value has the type. */
export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

export const arr = (value: unknown): Json[] =>
  Array.isArray(value) ? value.map(obj).filter((v): v is Json => v !== undefined) : [];

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A string or number as a string (ids arrive as either). */
export const idOf = (value: unknown): string | undefined =>
  str(value) ?? (num(value) !== undefined ? String(value) : undefined);

/** Long text cut to `max` characters, so properties stay small. */
export function clip(value: unknown, max = 1000): string | undefined {
  const text = str(value);
  if (text === undefined) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Names of labels given as strings or `{name}` objects. */
export const labelNames = (value: unknown): string[] | undefined =>
  Array.isArray(value)
    ? value.map((l) => (typeof l === 'string' ? l : str(obj(l)?.name))).filter((l): l is string => !!l)
    : undefined;
