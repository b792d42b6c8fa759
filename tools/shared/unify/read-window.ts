import type { PageRequest } from '../../../src/toolkit/pagination.js';

/** One upstream page: its records and the upstream cursor of the next page (null on the last). */
export interface UpstreamPage<M> {
  records: M[];
  next: string | null;
}

/**
 * Reads the records from `page.offset` to one past the page's end. The platform's cursor carries an
 * offset, not the upstream's cursor (a page the size budget cuts short must continue exactly where it
 * stopped), so a page is reached by walking the upstream's cursors from the start in pages of up to
 * `maxPage`.
 */
export async function readWindow<M>(
  page: PageRequest,
  maxPage: number,
  fetchPage: (request: { cursor?: string; limit: number }) => Promise<UpstreamPage<M>>,
): Promise<{ records: M[]; exhausted: boolean }> {
  const wanted = page.offset + page.limit + 1;
  const records: M[] = [];
  let cursor: string | undefined;
  do {
    const answer = await fetchPage({ cursor, limit: Math.min(maxPage, wanted - records.length) });
    records.push(...answer.records);
    cursor = answer.next ?? undefined;
  } while (cursor && records.length < wanted);
  return { records: records.slice(page.offset), exhausted: !cursor };
}
