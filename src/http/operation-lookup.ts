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

/**
 * Finds the declared operation a request is for (a HEAD request as its GET), from the operations as
 * they are when called: every route module must be mounted first. Undefined when none is declared.
 */
export function operationLookup(operations: readonly Operation[]): (req: Request) => Operation | undefined {
  const matchers = operations.map((operation) => ({
    operation,
    method: operation.method.toUpperCase(),
    pattern: patternOf(operation),
  }));
  return (req) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    return matchers.find((m) => m.method === method && m.pattern.test(req.path))?.operation;
  };
}
