import type { Request, Response } from 'express';

/** Parameters a list reads its paging from: `req.query`, or a parsed JSON body (Notion posts its cursors). */
export type ParamSource = Record<string, unknown>;

/** One parameter as a string: the last of repeated values, numbers from JSON bodies as text. */
export function paramOf(source: ParamSource, name: string): string | undefined {
  const value = source[name];
  if (Array.isArray(value)) return value.length ? String(value[value.length - 1]) : undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
}

/** A query parameter as a string. */
export function queryParam(req: Request, name: string): string | undefined {
  return paramOf(req.query, name);
}

/** A path parameter; wildcard parameters (`*path`) come back joined with slashes. */
export function pathParam(req: Request, name: string): string {
  const value = (req.params as Record<string, string | string[]>)[name];
  return Array.isArray(value) ? value.join('/') : (value ?? '');
}

/** The JSON body when it is an object, else an empty object. */
export function jsonBody(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Sorts a copy by a numeric or string key. */
export function sortBy<T>(items: readonly T[], key: (item: T) => number | string, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -sign : x > y ? sign : 0;
  });
}

/** A whole number parameter: the fallback when absent, undefined when present but not a whole number. */
export function wholeNumber(source: ParamSource, name: string, fallback: number): number | undefined {
  const raw = paramOf(source, name);
  if (raw === undefined || raw === '') return fallback;
  return /^-?\d+$/.test(raw.trim()) ? Number.parseInt(raw, 10) : undefined;
}

/** 201 Created with the new resource's `Location`, as REST upstreams answer a create. */
export function sendCreated(res: Response, resource: Record<string, unknown>): void {
  res.status(201).setHeader('Location', String(resource.url));
  res.json(resource);
}
