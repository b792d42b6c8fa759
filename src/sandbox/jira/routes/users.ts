import type { Router } from 'express';
import { badRequest, invalid, notFound, queryParam, readOffsetPage } from '../../kit/index.js';
import { userJson, versionJson } from '../serializers/common.js';
import type { JiraUser } from '../state.js';
import { handle, projectParam, type JiraRequest } from './context.js';

/** People (searches by name or email, assignable users) and project versions. */

/** Users whose name or email starts with (or, for whole words, contains) the query, as Jira's user search matches. */
function matching(users: readonly JiraUser[], query: string | undefined): JiraUser[] {
  if (!query) return [...users];
  const q = query.trim().toLowerCase();
  return users.filter((u) => {
    const email = u.emailAddress.toLowerCase();
    const name = u.displayName.toLowerCase();
    return email === q || email.startsWith(q) || name.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q));
  });
}

/** `startAt`/`maxResults` over a plain array (user searches answer bare arrays). */
function window<T>(items: readonly T[], query: Record<string, unknown>): T[] {
  const { startAt, maxResults } = readOffsetPage(query, { defaultMaxResults: 50, maxMaxResults: 1000 });
  return items.slice(startAt, startAt + maxResults);
}

const usersJson = (jira: JiraRequest, users: readonly JiraUser[]) => users.map((u) => userJson(jira.view, u));

export function userRoutes(router: Router): void {
  router.get(
    '/rest/api/3/user',
    handle((req, res, jira) => {
      const accountId = queryParam(req, 'accountId');
      if (!accountId) throw invalid('The accountId query parameter needs to be provided.', { details: {} });
      const user = jira.state.users.find((u) => u.accountId === accountId);
      if (!user) throw notFound(`Specified user does not exist or you do not have required permissions`);
      res.json({ ...userJson(jira.view, user), locale: 'en_US', expand: 'groups,applicationRoles' });
    }),
  );

  router.get(
    '/rest/api/3/user/search',
    handle((req, res, jira) => {
      const query = queryParam(req, 'query');
      const accountId = queryParam(req, 'accountId');
      if (!query && !accountId && !queryParam(req, 'property'))
        throw badRequest('One of the query parameters: query, accountId or property needs to be provided.');
      const users = accountId
        ? jira.state.users.filter((u) => u.accountId === accountId)
        : matching(jira.state.users, query);
      res.json(usersJson(jira, window(users, req.query)));
    }),
  );

  router.get(
    '/rest/api/3/users/search',
    handle((req, res, jira) => res.json(usersJson(jira, window(jira.state.users, req.query)))),
  );

  router.get(
    '/rest/api/3/user/assignable/search',
    handle((req, res, jira) => {
      const projectRef = queryParam(req, 'project');
      const issueKey = queryParam(req, 'issueKey') ?? queryParam(req, 'issueId');
      if (!projectRef && !issueKey)
        throw badRequest('Either an issue key, issue ID or project ID or key must be provided.');
      const issue = issueKey
        ? (jira.state.byKey.get(issueKey.toUpperCase()) ?? jira.state.issues.find((i) => i.id === issueKey))
        : undefined;
      if (issueKey && !issue) throw notFound('Issue does not exist or you do not have permission to see it.');
      if (projectRef && !jira.state.projects.some((p) => p.key === projectRef.toUpperCase() || p.id === projectRef))
        throw notFound(`No project could be found with key '${projectRef}'.`);
      const accountId = queryParam(req, 'accountId');
      const users = accountId
        ? jira.state.users.filter((u) => u.accountId === accountId)
        : matching(
            jira.state.users.filter((u) => u.active),
            queryParam(req, 'query'),
          );
      res.json(usersJson(jira, window(users, req.query)));
    }),
  );

  router.get(
    '/rest/api/3/project/:projectIdOrKey/versions',
    handle((req, res, jira) => {
      const project = projectParam(req, jira);
      res.json(jira.state.versions.filter((v) => v.projectId === project.id).map((v) => versionJson(jira.view, v)));
    }),
  );
}
