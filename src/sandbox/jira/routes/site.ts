import type { Router } from 'express';
import { offsetPage, queryParam, readOffsetPage } from '../../kit/index.js';
import { api3, issueTypeJson, projectJson, statusJson, userJson } from '../serializers/common.js';
import { issueTypeById, userById, type IssueTypeDef } from '../state.js';
import { handle, projectParam } from './context.js';

/** The site: the caller, fields, projects and their statuses. */
export function siteRoutes(router: Router): void {
  router.get(
    '/rest/api/3/myself',
    handle((_req, res, jira) => {
      const me = userById(jira.state, jira.view.me);
      res.json({
        ...userJson(jira.view, me as NonNullable<typeof me>),
        locale: 'en_US',
        groups: { size: 2, items: [] },
        applicationRoles: { size: 1, items: [] },
        expand: 'groups,applicationRoles',
      });
    }),
  );

  router.get(
    '/rest/api/3/field',
    handle((_req, res, jira) => {
      res.json(
        jira.state.fields.map((f) => ({
          id: f.id,
          key: f.key,
          name: f.name,
          custom: f.custom,
          orderable: f.id !== 'issuekey',
          navigable: true,
          searchable: true,
          clauseNames: f.clauseNames,
          ...(f.schema ? { schema: f.schema } : {}),
        })),
      );
    }),
  );

  router.get(
    '/rest/api/3/project/search',
    handle((req, res, jira) => {
      const paging = readOffsetPage(req.query, { defaultMaxResults: 50, maxMaxResults: 100 });
      const query = queryParam(req, 'query')?.toLowerCase();
      const keys = new Set(
        (queryParam(req, 'keys') ?? '')
          .split(',')
          .filter(Boolean)
          .map((k) => k.toUpperCase()),
      );
      const orderBy = (queryParam(req, 'orderBy') ?? 'key').replace(/^\+/, '');
      let projects = jira.state.projects.filter(
        (p) =>
          (!query || p.key.toLowerCase().includes(query) || p.name.toLowerCase().includes(query)) &&
          (keys.size === 0 || keys.has(p.key)),
      );
      const desc = orderBy.startsWith('-');
      const field = desc ? orderBy.slice(1) : orderBy;
      projects = [...projects].sort(
        (a, b) =>
          (field === 'name'
            ? a.name.localeCompare(b.name)
            : field === 'id'
              ? Number(a.id) - Number(b.id)
              : a.key.localeCompare(b.key)) * (desc ? -1 : 1),
      );
      const page = offsetPage(projects, paging);
      const expand = new Set((queryParam(req, 'expand') ?? '').toLowerCase().split(','));
      const self = new URL(api3(jira.view, '/project/search'));
      self.searchParams.set('startAt', String(page.startAt));
      self.searchParams.set('maxResults', String(page.maxResults));
      const next = new URL(self);
      next.searchParams.set('startAt', String(page.startAt + page.maxResults));
      res.json({
        self: self.toString(),
        ...(page.isLast ? {} : { nextPage: next.toString() }),
        maxResults: page.maxResults,
        startAt: page.startAt,
        total: page.total,
        isLast: page.isLast,
        values: page.values.map((p) => projectJson(jira.view, p, expand)),
      });
    }),
  );

  router.get(
    '/rest/api/3/project/:projectIdOrKey',
    handle((req, res, jira) => {
      const project = projectParam(req, jira);
      res.json(projectJson(jira.view, project, new Set(), true));
    }),
  );

  // Every status of the site (ids are site-wide), each with its category.
  router.get(
    '/rest/api/3/status',
    handle((_req, res, jira) => {
      res.json(jira.state.statuses.map((s) => statusJson(jira.view, s)));
    }),
  );

  // Every issue type the caller can use (what `GET /rest/api/3/issuetype` lists).
  router.get(
    '/rest/api/3/issuetype',
    handle((_req, res, jira) => {
      res.json(jira.state.issueTypes.map((t) => issueTypeJson(jira.view, t)));
    }),
  );

  router.get(
    '/rest/api/3/project/:projectIdOrKey/statuses',
    handle((req, res, jira) => {
      const project = projectParam(req, jira);
      const statuses = project.workflow.statusIds
        .map((id) => jira.state.statuses.find((s) => s.id === id))
        .filter((s) => s !== undefined);
      res.json(
        project.issueTypeIds.map((id) => {
          const type = issueTypeById(jira.state, id) as IssueTypeDef;
          return {
            self: api3(jira.view, `/issueType/${type.id}`),
            id: type.id,
            name: type.name,
            subtask: type.subtask,
            statuses: statuses.map((s) => statusJson(jira.view, s)),
          };
        }),
      );
    }),
  );
}
