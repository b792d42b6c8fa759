import { invalid } from '../errors.js';
import { wholeNumber, type ParamSource } from '../request.js';

/** Atlassian-style paging: `startAt` and `maxResults` in, `{startAt, maxResults, total, isLast}` out. */
interface OffsetPageRequest {
  startAt: number;
  maxResults: number;
}

interface OffsetPage<T> extends OffsetPageRequest {
  total: number;
  isLast: boolean;
  values: T[];
}

/** Reads `startAt` and `maxResults`; a value that is not a whole number, or a negative one, is the upstream's 400. */
export function readOffsetPage(
  source: ParamSource,
  options: { defaultMaxResults?: number; maxMaxResults?: number } = {},
): OffsetPageRequest {
  const startAt = wholeNumber(source, 'startAt', 0);
  const maxResults = wholeNumber(source, 'maxResults', options.defaultMaxResults ?? 50);
  if (startAt === undefined || startAt < 0)
    throw invalid("The 'startAt' parameter must be a non-negative whole number.", {
      details: { startAt: 'Invalid value' },
    });
  if (maxResults === undefined || maxResults < 0)
    throw invalid("The 'maxResults' parameter must be a non-negative whole number.", {
      details: { maxResults: 'Invalid value' },
    });
  return { startAt, maxResults: Math.min(maxResults, options.maxMaxResults ?? 100) };
}

/** The window `[startAt, startAt + maxResults)` of `items`, with the total and whether it is the last. */
export function offsetPage<T>(items: readonly T[], request: OffsetPageRequest): OffsetPage<T> {
  const values = items.slice(request.startAt, request.startAt + request.maxResults);
  return { ...request, total: items.length, isLast: request.startAt + values.length >= items.length, values };
}
