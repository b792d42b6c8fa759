import type { Router } from 'express';
import { offsetPage, readOffsetPage } from '../../kit/index.js';
import { expandOf, fieldSelection, historyJson, issueJson } from '../serializers/issue.js';
import { handle, issueParam } from './context.js';

/** Reading issues: one issue (with its changelog on request) and its paged changelog. */
export function issueReadRoutes(router: Router): void {
  router.get(
    '/rest/api/3/issue/:issueIdOrKey',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      res.json(
        issueJson(jira.view, issue, {
          fields: fieldSelection(req.query.fields, '*all'),
          expand: expandOf(req.query.expand),
        }),
      );
    }),
  );

  router.get(
    '/rest/api/3/issue/:issueIdOrKey/changelog',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      const page = offsetPage(
        issue.histories,
        readOffsetPage(req.query, { defaultMaxResults: 100, maxMaxResults: 100 }),
      );
      res.json({
        self: `${jira.view.base}/rest/api/3/issue/${issue.key}/changelog?maxResults=${page.maxResults}&startAt=${page.startAt}`,
        maxResults: page.maxResults,
        startAt: page.startAt,
        total: page.total,
        isLast: page.isLast,
        values: page.values.map((h) => historyJson(jira.view, h)),
      });
    }),
  );
}
