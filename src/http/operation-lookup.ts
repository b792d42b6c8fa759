import type { Request } from 'express';
import type { Operation } from './route-module.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** `/calendar/calendars/{calendarId}/events` → a pattern of the raw (still percent-encoded) path. */
function patternOf(operation: Operation): RegExp {
  const source = operation.path
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('[^/]+');
  return new RegExp(`^${source}/?$`);
}

interface Matcher {
  /** Declaration order: the first declared operation that matches wins. */
  order: number;
  operation: Operation;
  pattern: RegExp;
}

/** How many leading steps of a path key the index: `/v1/code_host/...` is one family of many. */
const KEY_STEPS = 2;

/** The literal leading steps of an operation's path, at most KEY_STEPS (`/crm/{id}` → `crm`). */
function literalSteps(path: string): string {
  const steps: string[] = [];
  for (const step of path.split('/').slice(1, 1 + KEY_STEPS)) {
    if (step.startsWith('{')) break;
    steps.push(step);
  }
  return steps.join('/');
}

/** The keys a request path may be indexed under: its first two steps, its first, none. */
function keysOf(path: string): string[] {
  const steps = path.split('/').slice(1, 1 + KEY_STEPS);
  return steps.map((_, i) => steps.slice(0, steps.length - i).join('/')).concat('');
}

/**
 * Finds the declared operation a request is for (a HEAD request as its GET), from the operations as
 * they are when called: every route module must be mounted first. Undefined when none is declared.
 * Operations are indexed by method and the literal start of their path, so a request tries the few of
 * its family, not all five hundred.
 */
export function operationLookup(operations: readonly Operation[]): (req: Request) => Operation | undefined {
  const index = new Map<string, Matcher[]>();
  operations.forEach((operation, order) => {
    const key = `${operation.method.toUpperCase()} ${literalSteps(operation.path)}`;
    const list = index.get(key) ?? [];
    list.push({ order, operation, pattern: patternOf(operation) });
    index.set(key, list);
  });
  return (req) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    let best: Matcher | undefined;
    for (const key of keysOf(req.path)) {
      const match = index.get(`${method} ${key}`)?.find((m) => m.pattern.test(req.path));
      if (match && (!best || match.order < best.order)) best = match;
    }
    return best?.operation;
  };
}
