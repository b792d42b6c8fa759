import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidCursor } from '../errors.js';
import { paramOf, wholeNumber, type ParamSource } from '../request.js';

/**
 * Opaque cursors (Notion `start_cursor`, Slack `cursor`, Google `pageToken`): the position is signed with
 * the listing's scope, so a cursor edited by the client, or carried to another listing, is refused.
 */
export class CursorCodec {
  constructor(private readonly secret: string = 'constellation-sandbox-cursor') {}

  private sign(payload: string, scope: string): Buffer {
    return createHmac('sha256', this.secret).update(`${payload}\n${scope}`).digest().subarray(0, 16);
  }

  encode(offset: number, scope: string): string {
    const payload = Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
    return `${payload}.${this.sign(payload, scope).toString('base64url')}`;
  }

  /** The offset a cursor stands for, or undefined when it was not issued for this scope. */
  decode(cursor: string, scope: string): number | undefined {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = this.sign(payload, scope);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const { o } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o?: unknown };
      return Number.isSafeInteger(o) && (o as number) >= 0 ? (o as number) : undefined;
    } catch {
      return undefined;
    }
  }
}

export const defaultCursorCodec = new CursorCodec();

interface CursorPageRequest {
  cursor?: string;
  limit: number;
}

interface CursorPage<T> {
  items: T[];
  /** Null on the last page. */
  nextCursor: string | null;
}

interface CursorParamNames {
  /** `start_cursor` (Notion), `cursor` (Slack), `pageToken` (Google). */
  cursor: string;
  /** `page_size` (Notion), `limit` (Slack), `pageSize` or `maxResults` (Google). */
  limit: string;
  defaultLimit: number;
  maxLimit: number;
}

/** Reads a cursor and a page size; an empty cursor is no cursor, a size out of range is clamped. */
export function readCursorPage(source: ParamSource, names: CursorParamNames): CursorPageRequest {
  const cursor = paramOf(source, names.cursor) || undefined;
  const limit = wholeNumber(source, names.limit, names.defaultLimit);
  return { cursor, limit: limit === undefined || limit < 1 ? names.defaultLimit : Math.min(limit, names.maxLimit) };
}

/**
 * One page after the cursor's position. `scope` names the listing (path and filters) the cursor is valid
 * for; a cursor that does not decode for it throws the kit's invalid-cursor error (the upstream's 400).
 */
export function cursorPage<T>(
  items: readonly T[],
  request: CursorPageRequest,
  scope: string,
  codec: CursorCodec = defaultCursorCodec,
): CursorPage<T> {
  const start = request.cursor === undefined ? 0 : codec.decode(request.cursor, scope);
  if (start === undefined) throw invalidCursor();
  const end = start + request.limit;
  return { items: items.slice(start, end), nextCursor: end < items.length ? codec.encode(end, scope) : null };
}

/** How each upstream spells the rest of a cursor page. */
export const cursorFields = {
  /** `{next_cursor, has_more}` beside `results`. */
  notion: (page: CursorPage<unknown>) => ({ next_cursor: page.nextCursor, has_more: page.nextCursor !== null }),
  /** `response_metadata.next_cursor`, an empty string on the last page. */
  slack: (page: CursorPage<unknown>) => ({ response_metadata: { next_cursor: page.nextCursor ?? '' } }),
  /** `nextPageToken`, absent on the last page. */
  google: (page: CursorPage<unknown>) => (page.nextCursor === null ? {} : { nextPageToken: page.nextCursor }),
};
