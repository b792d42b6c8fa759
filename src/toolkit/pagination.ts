import { z } from 'zod';
import { AppError } from './errors.js';

const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 30;
const MAX_CURSOR_CHARS = 512;

export interface PageRequest {
  limit: number;
  offset: number;
  /** Where an upstream list can be resumed at or before `offset`, carried by the previous page's cursor. */
  resume?: ResumePoint;
}

/**
 * An upstream's own cursor and the index of the item its page starts at: a tool that walks an upstream
 * list reports those it saw, so the next page's cursor can continue there instead of walking from the
 * first item again.
 */
export interface ResumePoint {
  at: number;
  cursor: string;
}

interface PaginationBlock {
  limit: number;
  offset: number;
  total: number;
  total_is_lower_bound: boolean;
  has_more: boolean;
  next_cursor: string | null;
}

/** The pagination block as list tools' output schemas describe it to hosts. */
export const paginationJsonSchema = {
  type: 'object',
  description: 'Where this page sits in the whole list. Continue with cursor = next_cursor while has_more is true.',
  properties: {
    limit: { type: 'integer', description: 'The page size asked for' },
    offset: { type: 'integer', description: 'Index of the first item of this page in the whole list' },
    total: {
      type: 'integer',
      description:
        'How many items the whole list has when total_is_lower_bound is false; otherwise only how many are known to exist so far (the upstream does not say how many there are)',
    },
    total_is_lower_bound: {
      type: 'boolean',
      description: 'True when total is a lower bound rather than the exact size of the list',
    },
    has_more: { type: 'boolean', description: 'True when items follow this page' },
    next_cursor: {
      type: ['string', 'null'],
      description: 'Pass as cursor to get the next page; null on the last page',
    },
  },
} as const;

/** The pagination arguments every list tool accepts, added by the registry. */
export const paginationShape = {
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Page size, 1-${MAX_LIMIT}`),
  offset: z.number().int().min(0).max(100_000).optional().describe('Items to skip'),
  cursor: z
    .string()
    .max(MAX_CURSOR_CHARS)
    .optional()
    .describe('The next_cursor of a previous page; takes precedence over offset'),
};

/**
 * Cursors are opaque to callers; inside they carry the offset of the next page and, when the tool
 * reported one, the upstream cursor to resume from (left out if it would make the cursor too long).
 * The upstream cursor is used with the caller's own credentials, so a forged one reaches nothing new.
 */
function encodeCursor(offset: number, resume?: ResumePoint): string {
  const withResume = resume
    ? Buffer.from(JSON.stringify({ o: offset, r: { a: resume.at, c: resume.cursor } })).toString('base64url')
    : undefined;
  return withResume && withResume.length <= MAX_CURSOR_CHARS
    ? withResume
    : Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(cursor: string): { offset: number; resume?: ResumePoint } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      o?: unknown;
      r?: { a?: unknown; c?: unknown };
    };
    const offset = parsed.o;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) {
      const { a, c } = parsed.r ?? {};
      const resume =
        typeof a === 'number' && Number.isInteger(a) && a >= 0 && a <= offset && typeof c === 'string' && c
          ? { at: a, cursor: c }
          : undefined;
      return resume ? { offset, resume } : { offset };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError('VALIDATION_ERROR', 'Invalid cursor: pass the next_cursor of a previous page unchanged');
}

/** How many items from a list's start a handler reads to fill the page and learn whether more follow. */
export const itemsWanted = (page: PageRequest): number => page.offset + page.limit + 1;

export function resolvePage(
  args: { limit?: unknown; offset?: unknown; cursor?: unknown },
  defaultLimit = DEFAULT_LIMIT,
): PageRequest {
  const limit = typeof args.limit === 'number' ? args.limit : defaultLimit;
  if (typeof args.cursor === 'string' && args.cursor) return { limit, ...decodeCursor(args.cursor) };
  return { limit, offset: typeof args.offset === 'number' ? args.offset : 0 };
}

/** What a handler learnt of the whole list's size. */
export interface ListExtent {
  /** The list's exact size, when the upstream said it. */
  total?: number;
  /** How many items are known to exist: those read from the list's start up to the last one fetched. */
  seen: number;
  /** The upstream said more items follow those fetched (a next cursor), without saying how many. */
  more?: boolean;
}

/**
 * Cuts `items` (which start at `page.offset`, with one more than the page when more exist) to the page
 * and describes what is left. `shown` may be smaller than the limit when the size budget cut the page
 * short. The total is exact when the upstream said it, or when nothing was seen past the page;
 * otherwise it is what was seen, flagged as a lower bound.
 */
export function paginate<T>(
  items: T[],
  page: PageRequest,
  extent: ListExtent,
  shown = Math.min(items.length, page.limit),
  resumePoints: readonly ResumePoint[] = [],
): {
  items: T[];
  pagination: PaginationBlock;
} {
  const visible = items.slice(0, shown);
  const end = page.offset + visible.length;
  const morePastPage = items.length > page.limit || extent.more === true;
  const exact = extent.total ?? (morePastPage ? undefined : extent.seen);
  const atLeast = Math.max(extent.seen, extent.more ? page.offset + items.length + 1 : 0);
  const hasMore = items.length > visible.length || extent.more === true || (exact !== undefined && end < exact);
  return {
    items: visible,
    pagination: {
      limit: page.limit,
      offset: page.offset,
      total: Math.max(exact ?? atLeast, end),
      total_is_lower_bound: exact === undefined,
      has_more: hasMore,
      next_cursor: hasMore ? encodeCursor(end, latestBefore(resumePoints, end)) : null,
    },
  };
}

/** The resume point closest to (at or before) `offset`. */
function latestBefore(points: readonly ResumePoint[], offset: number): ResumePoint | undefined {
  let best: ResumePoint | undefined;
  for (const point of points) if (point.at <= offset && (!best || point.at > best.at)) best = point;
  return best;
}
