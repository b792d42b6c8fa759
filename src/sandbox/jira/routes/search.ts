import type { Request, Response, Router } from 'express';
import {
  badRequest,
  cursorPage,
  FakeError,
  invalid,
  jsonBody,
  paramOf,
  wholeNumber,
  type ParamSource,
} from '../../kit/index.js';
import { expandOf, fieldSelection, issueJson } from '../serializers/issue.js';
import type { CompiledQuery } from '../jql/compile.js';
import { handle, jqlError, jqlQuery, type JiraRequest } from './context.js';

/**
 * JQL search: the enhanced `search/jql` (GET and POST, paged by `nextPageToken`), the approximate
 * count, and the retired `search`, which Jira Cloud answers with 410.
 */

/** Largest page with fields; an id-only search may ask for up to 5,000. */
const MAX_WITH_FIELDS = 100;
const MAX_IDS_ONLY = 5000;

const UNBOUNDED = 'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.';

/** The enhanced search and the count refuse a query without any condition, as Jira Cloud does. */
function boundedQuery(jira: JiraRequest, jql: string | undefined): CompiledQuery {
  if (jql === undefined || jql.trim() === '') throw jqlError(UNBOUNDED);
  const query = jqlQuery(jira, jql);
  if (!query.bounded) throw jqlError(UNBOUNDED);
  return query;
}

function search(source: ParamSource, res: Response, jira: JiraRequest): void {
  const jql = paramOf(source, 'jql') ?? '';
  const query = boundedQuery(jira, jql);
  const fields = fieldSelection(source.fields, 'id');
  const idsOnly = !fields.all && [...fields.include].every((f) => f === 'id' || f === 'key');
  const requested = wholeNumber(source, 'maxResults', 50);
  if (requested === undefined || requested < 0)
    throw invalid("The 'maxResults' parameter must be a non-negative whole number.", {
      details: { maxResults: 'Invalid value' },
    });
  const limit = Math.max(1, Math.min(requested, idsOnly ? MAX_IDS_ONLY : MAX_WITH_FIELDS));
  const token = paramOf(source, 'nextPageToken') || undefined;
  const matches = jira.state.issues.filter(query.matches).sort(query.compare);
  let page;
  try {
    page = cursorPage(matches, { cursor: token, limit }, `search/jql ${jql}`);
  } catch (error) {
    if (error instanceof FakeError) throw badRequest('The provided next page token is invalid or expired.');
    throw error;
  }
  const expand = expandOf(source.expand);
  res.json({
    issues: page.items.map((issue) => issueJson(jira.view, issue, { fields, expand })),
    ...(page.nextCursor === null ? {} : { nextPageToken: page.nextCursor }),
    isLast: page.nextCursor === null,
  });
}

export function searchRoutes(router: Router): void {
  router.get(
    '/rest/api/3/search/jql',
    handle((req, res, jira) => search(req.query as ParamSource, res, jira)),
  );
  router.post(
    '/rest/api/3/search/jql',
    handle((req, res, jira) => search(jsonBody(req), res, jira)),
  );
  router.post(
    '/rest/api/3/search/approximate-count',
    handle((req, res, jira) => {
      const query = boundedQuery(jira, paramOf(jsonBody(req), 'jql'));
      res.json({ count: jira.state.issues.filter(query.matches).length });
    }),
  );
  const retired = (_req: Request, res: Response): void => {
    res.status(410).json({
      errorMessages: [
        'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
      ],
      errors: {},
    });
  };
  router.get('/rest/api/3/search', retired);
  router.post('/rest/api/3/search', retired);
}
