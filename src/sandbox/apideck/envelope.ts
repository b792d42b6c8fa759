import { STATUS_CODES } from '../kit/status-codes.js';
import type { Request, Response } from 'express';
import { cursorPage, defaultCursorCodec, readCursorPage } from '../kit/index.js';

/** Apideck's answer to a unified call: `{status_code, status, service, resource, operation, data, meta?, links?}`. */
interface UnifiedAnswer {
  status?: number;
  service: string;
  resource: string;
  /** `all`, `one`, `add`, `update`, `delete`. */
  operation: string;
  data: unknown;
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
}

export function sendUnified(res: Response, answer: UnifiedAnswer): void {
  const status = answer.status ?? 200;
  res.status(status).json({
    status_code: status,
    status: STATUS_CODES[status],
    service: answer.service,
    resource: answer.resource,
    operation: answer.operation,
    data: answer.data,
    ...(answer.meta ? { meta: answer.meta } : {}),
    ...(answer.links ? { links: answer.links } : {}),
  });
}

/** A Vault answer: `{status_code, status, data}` (no service, resource or operation). */
export function sendVault(res: Response, data: unknown, status = 200, meta?: Record<string, unknown>): void {
  res.status(status).json({ status_code: status, status: STATUS_CODES[status], data, ...(meta ? { meta } : {}) });
}

/** Apideck's page sizes: `limit` 1..200, 20 when absent. */
const PAGING = { cursor: 'cursor', limit: 'limit', defaultLimit: 20, maxLimit: 200 };

/**
 * One page of a list with Apideck's `meta.cursors` (previous, current, next: null where there is no such
 * page) and `links` (the same pages as URLs on the fake's origin). `scope` names the listing, so a cursor
 * carried to another listing, or edited, is Apideck's 400.
 */
export function unifiedPage<T>(req: Request, origin: string, items: readonly T[], scope: string) {
  const request = readCursorPage(req.query, PAGING);
  const page = cursorPage(items, request, scope);
  const offset = request.cursor === undefined ? 0 : (defaultCursorCodec.decode(request.cursor, scope) ?? 0);
  const cursors = {
    previous: offset > 0 ? defaultCursorCodec.encode(Math.max(0, offset - request.limit), scope) : null,
    current: defaultCursorCodec.encode(offset, scope),
    next: page.nextCursor,
  };
  const url = (cursor: string | null): string | null => {
    if (cursor === null) return null;
    const target = new URL(req.originalUrl, origin);
    target.searchParams.set('cursor', cursor);
    return target.toString();
  };
  return {
    items: page.items,
    meta: { items_on_page: page.items.length, cursors },
    links: { previous: url(cursors.previous), current: url(cursors.current), next: url(cursors.next) },
  };
}
