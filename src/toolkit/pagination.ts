import { z } from 'zod';
import { AppError } from './errors.js';

const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 30;

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface PaginationBlock {
  limit: number;
  offset: number;
  total: number;
  has_more: boolean;
  next_cursor: string | null;
}

/** The pagination arguments every list tool accepts, added by the registry. */
export const paginationShape = {
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1-${MAX_LIMIT}`),
  offset: z.number().int().min(0).max(100_000).optional().describe('Items to skip'),
  cursor: z.string().max(512).optional().describe('The next_cursor of a previous page; takes precedence over offset'),
};

/** Cursors are opaque to callers; inside they carry the offset of the next page. */
function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0) return parsed.o;
  } catch {
    // fall through to the error below
  }
  throw new AppError('VALIDATION_ERROR', 'Invalid cursor: pass the next_cursor of a previous page unchanged');
}

export function resolvePage(args: { limit?: unknown; offset?: unknown; cursor?: unknown }, defaultLimit = DEFAULT_LIMIT): PageRequest {
  const limit = typeof args.limit === 'number' ? args.limit : defaultLimit;
  const offset = typeof args.cursor === 'string' && args.cursor ? decodeCursor(args.cursor) : typeof args.offset === 'number' ? args.offset : 0;
  return { limit, offset };
}

/**
 * Cuts `items` (which start at `page.offset`) to the page and describes what is left. `shown` may be
 * smaller than the limit when the size budget cut the page short.
 */
export function paginate<T>(
  items: T[],
  page: PageRequest,
  total: number | undefined,
  shown = Math.min(items.length, page.limit),
): {
  items: T[];
  pagination: PaginationBlock;
} {
  const visible = items.slice(0, shown);
  const knownTotal = total ?? page.offset + items.length;
  const hasMore = page.offset + visible.length < knownTotal || items.length > visible.length;
  return {
    items: visible,
    pagination: {
      limit: page.limit,
      offset: page.offset,
      total: Math.max(knownTotal, page.offset + visible.length),
      has_more: hasMore,
      next_cursor: hasMore ? encodeCursor(page.offset + visible.length) : null,
    },
  };
}
