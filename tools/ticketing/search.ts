/**
 * JQL search through Jira's current endpoint, `GET /rest/api/3/search/jql`, paged with
 * `nextPageToken` (the retired `/rest/api/3/search` with `startAt` is never used). Reads pages until
 * enough issues are in, the results end, or the cap is reached.
 */
import type { Version3Client } from 'jira.js';
import { AppError } from '../../src/toolkit/errors.js';
import type { JiraIssueLike } from './shapes.js';

/** Fields every ticket result needs (shapes.ts `ticketShape`); story points are added per site. */
export const TICKET_FIELDS = [
  'summary',
  'description',
  'status',
  'priority',
  'issuetype',
  'assignee',
  'reporter',
  'labels',
  'created',
  'updated',
  'resolutiondate',
  'project',
  'parent',
] as const;

/** Jira's largest page of the enhanced search with fields. */
export const SEARCH_PAGE_MAX = 100;
/** Jira's largest page of the enhanced search when only `id` or `key` is asked for. */
const IDS_PAGE_MAX = 5000;
/** Most issues one search reads unless the caller asks for more (analytics over a window may). */
const DEFAULT_SEARCH_CAP = 1000;
/** Hard bound of any search: beyond it the result says it was capped. */
const SEARCH_HARD_CAP = 50_000;

interface SearchOptions {
  jql: string;
  /** Fields to return (`*navigable` when omitted is never used: every caller names what it reads). */
  fields: readonly string[];
  /** e.g. `['changelog']` for status history. */
  expand?: readonly string[];
  /** Stop after this many issues (default DEFAULT_SEARCH_CAP, at most SEARCH_HARD_CAP). */
  max?: number;
  /** Page size asked for (default: what is still wanted, at most 100, or 5,000 for keys alone). */
  pageSize?: number;
}

export interface SearchResult<I = JiraIssueLike> {
  issues: I[];
  /** True when the search ran to its end (every match is in `issues`). */
  exhausted: boolean;
  /** Requests made. */
  pages: number;
}

interface SearchPage {
  issues?: unknown;
  nextPageToken?: string;
  isLast?: boolean;
}

const isKeysOnly = (fields: readonly string[]): boolean =>
  fields.length > 0 && fields.every((f) => f === 'id' || f === 'key');

/** Runs one JQL search, page after page, until `max` issues or the last page. */
export async function searchIssues<I extends JiraIssueLike = JiraIssueLike>(
  v3: Version3Client,
  options: SearchOptions,
): Promise<SearchResult<I>> {
  const max = Math.min(Math.max(0, options.max ?? DEFAULT_SEARCH_CAP), SEARCH_HARD_CAP);
  const issues: I[] = [];
  let token: string | undefined;
  let pages = 0;
  const pageMax = isKeysOnly(options.fields) ? IDS_PAGE_MAX : SEARCH_PAGE_MAX;
  while (issues.length < max) {
    const want = Math.min(options.pageSize ?? pageMax, pageMax, max - issues.length);
    const page = await v3.issueSearch.searchForIssuesUsingJqlEnhancedSearch<SearchPage>({
      jql: options.jql,
      fields: [...options.fields],
      expand: options.expand?.length ? options.expand.join(',') : undefined,
      maxResults: want,
      nextPageToken: token,
    });
    pages++;
    if (!Array.isArray(page.issues))
      throw new AppError('UPSTREAM_ERROR', 'Jira answered a search without an issues list');
    issues.push(...(page.issues as I[]));
    const more =
      !page.isLast && typeof page.nextPageToken === 'string' && page.nextPageToken !== '' && page.issues.length > 0;
    if (!more) return { issues, exhausted: true, pages };
    if (page.nextPageToken === token) throw new AppError('UPSTREAM_ERROR', 'Jira repeated a search page token');
    token = page.nextPageToken;
  }
  return { issues: issues.slice(0, max), exhausted: false, pages };
}
