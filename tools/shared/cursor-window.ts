import type { ListPage } from '../../src/toolkit/define-tool.js';
import type { PageRequest, ResumePoint } from '../../src/toolkit/pagination.js';

/** One page of an upstream list: its records and the upstream's cursor of the next page (null on the last). */
export interface UpstreamPage<M> {
  records: M[];
  next: string | null;
}

export interface Window<M> {
  /** The records from `page.offset` to the page's end (fewer on the last page). */
  records: M[];
  /** True when the upstream has nothing after the records read (it gave no next cursor). */
  exhausted: boolean;
  /** The upstream cursors met, each with the index of the record its page starts at. */
  resumePoints: ResumePoint[];
}

/**
 * Reads the records from `page.offset` to the page's end, in upstream pages of up to `maxPage`;
 * whether more exist is the upstream's next cursor. The platform's cursor carries an offset (a page the
 * size budget cuts short must continue exactly where it stopped) and, when it can, the upstream cursor
 * nearest before it: the walk starts there, else from the first record, so walking a whole list costs
 * one upstream request per page instead of a walk from the start each time. Records `fetchPage` leaves
 * out (a filter) are not counted.
 */
export async function readWindow<M>(
  fetchPage: (cursor: string | undefined, limit: number) => Promise<UpstreamPage<M>>,
  page: PageRequest,
  maxPage: number,
): Promise<Window<M>> {
  const end = page.offset + page.limit;
  // The point this walk started from stays usable for a next page the size budget cuts short.
  const resumePoints: ResumePoint[] = page.resume ? [page.resume] : [];
  const records: M[] = [];
  let index = page.resume?.at ?? 0;
  let cursor = page.resume?.cursor;
  do {
    const answer = await fetchPage(cursor, Math.min(maxPage, end - index));
    for (const record of answer.records) if (index++ >= page.offset) records.push(record);
    cursor = answer.next ?? undefined;
    if (cursor) resumePoints.push({ at: index, cursor });
  } while (cursor && index < end);
  return { records: records.slice(0, end - page.offset), exhausted: !cursor, resumePoints };
}

/** A list tool's page from a window, its records (mapped to the tool's items when they are not yet). */
export function windowListPage<T>(window: Window<T>, page: PageRequest): ListPage<T>;
export function windowListPage<M, T>(window: Window<M>, page: PageRequest, itemOf: (record: M) => T): ListPage<T>;
export function windowListPage<M>(
  window: Window<M>,
  page: PageRequest,
  itemOf?: (record: M) => unknown,
): ListPage<unknown> {
  const items = itemOf ? window.records.map(itemOf) : window.records;
  // Not exhausted: the upstream gave a next cursor, so more records follow, but not how many.
  return window.exhausted
    ? { items, offsetApplied: true, total: page.offset + items.length, resumePoints: window.resumePoints }
    : { items, offsetApplied: true, more: true, resumePoints: window.resumePoints };
}
