import type { Request, Response, Router } from 'express';
import { badRequest, notFound, offsetPage, pathParam, queryParam, readOffsetPage } from '../../kit/index.js';
import { agileApi, api3, sprintJson } from '../serializers/common.js';
import { expandOf, fieldSelection, issueJson } from '../serializers/issue.js';
import { FIELD_IDS, projectByKey, type BoardRecord, type IssueRecord, type ProjectRecord } from '../state.js';
import { handle, jqlQuery, type JiraRequest } from './context.js';

/** Jira Software (agile 1.0): boards, their configuration and sprints, and the issues of both. */

function boardParam(req: Request, jira: JiraRequest): BoardRecord {
  const id = Number(pathParam(req, 'boardId'));
  const board = jira.state.boards.find((b) => b.id === id);
  if (!board) throw notFound('Board does not exist or you do not have permission to see it.');
  return board;
}

function boardJson(jira: JiraRequest, board: BoardRecord) {
  const project = projectByKey(jira.state, board.projectKey) as ProjectRecord;
  return {
    id: board.id,
    self: agileApi(jira.view, `/board/${board.id}`),
    name: board.name,
    type: board.type,
    location: {
      projectId: Number(project.id),
      displayName: `${project.name} (${project.key})`,
      projectName: project.name,
      projectKey: project.key,
      projectTypeKey: 'software',
      name: `${project.name} (${project.key})`,
    },
  };
}

/** An issue page of the agile API, filtered by an optional `jql` on top of the board's or sprint's issues. */
function issuePage(req: Request, res: Response, jira: JiraRequest, issues: IssueRecord[]): void {
  const jql = queryParam(req, 'jql');
  let selected = issues;
  if (jql) {
    const query = jqlQuery(jira, jql);
    selected = issues.filter(query.matches).sort(query.compare);
  }
  const page = offsetPage(selected, readOffsetPage(req.query, { defaultMaxResults: 50, maxMaxResults: 100 }));
  const fields = fieldSelection(req.query.fields, '*all');
  const expand = expandOf(req.query.expand);
  res.json({
    expand: 'schema,names',
    startAt: page.startAt,
    maxResults: page.maxResults,
    total: page.total,
    issues: page.values.map((i) => issueJson(jira.view, i, { fields, expand })),
  });
}

const RANKED = (a: IssueRecord, b: IssueRecord) => Number(a.id) - Number(b.id);

export function agileRoutes(router: Router): void {
  router.get(
    '/rest/agile/1.0/board',
    handle((req, res, jira) => {
      const projectRef = queryParam(req, 'projectKeyOrId');
      const type = queryParam(req, 'type');
      const name = queryParam(req, 'name')?.toLowerCase();
      const project = projectRef ? projectByKey(jira.state, projectRef) : undefined;
      if (projectRef && !project) throw badRequest(`No project could be found with key or id '${projectRef}'.`);
      const types = type ? type.split(',') : undefined;
      const boards = jira.state.boards.filter(
        (b) =>
          (!project || b.projectKey === project.key) &&
          (!types || types.includes(b.type)) &&
          (!name || b.name.toLowerCase().includes(name)),
      );
      const page = offsetPage(boards, readOffsetPage(req.query, { defaultMaxResults: 50, maxMaxResults: 50 }));
      res.json({
        maxResults: page.maxResults,
        startAt: page.startAt,
        total: page.total,
        isLast: page.isLast,
        values: page.values.map((b) => boardJson(jira, b)),
      });
    }),
  );

  router.get(
    '/rest/agile/1.0/board/:boardId',
    handle((req, res, jira) => res.json(boardJson(jira, boardParam(req, jira)))),
  );

  router.get(
    '/rest/agile/1.0/board/:boardId/configuration',
    handle((req, res, jira) => {
      const board = boardParam(req, jira);
      const project = projectByKey(jira.state, board.projectKey) as ProjectRecord;
      const field = jira.state.fields.find((f) => f.id === board.estimationFieldId);
      res.json({
        id: board.id,
        name: board.name,
        type: board.type,
        self: agileApi(jira.view, `/board/${board.id}/configuration`),
        location: { type: 'project', projectKeyOrId: project.key },
        filter: { id: String(10_000 + board.id), self: api3(jira.view, `/filter/${10_000 + board.id}`) },
        columnConfig: {
          columns: project.workflow.statusIds.map((id) => ({
            name: jira.state.statuses.find((s) => s.id === id)?.name ?? id,
            statuses: [{ id, self: api3(jira.view, `/status/${id}`) }],
          })),
          constraintType: 'none',
        },
        estimation: {
          type: 'field',
          field: { fieldId: board.estimationFieldId, displayName: field?.name ?? board.estimationFieldId },
        },
        ranking: { rankCustomFieldId: Number(FIELD_IDS.rank.slice(12)) },
      });
    }),
  );

  router.get(
    '/rest/agile/1.0/board/:boardId/sprint',
    handle((req, res, jira) => {
      const board = boardParam(req, jira);
      if (board.type !== 'scrum') throw badRequest('The board does not support sprints');
      const states = queryParam(req, 'state')
        ?.split(',')
        .map((s) => s.trim());
      const sprints = jira.state.sprints.filter((s) => s.boardId === board.id && (!states || states.includes(s.state)));
      const page = offsetPage(sprints, readOffsetPage(req.query, { defaultMaxResults: 50, maxMaxResults: 50 }));
      res.json({
        maxResults: page.maxResults,
        startAt: page.startAt,
        total: page.total,
        isLast: page.isLast,
        values: page.values.map((s) => sprintJson(jira.view, s)),
      });
    }),
  );

  router.get(
    '/rest/agile/1.0/board/:boardId/issue',
    handle((req, res, jira) => {
      const board = boardParam(req, jira);
      issuePage(req, res, jira, jira.state.issues.filter((i) => i.projectKey === board.projectKey).sort(RANKED));
    }),
  );

  router.get(
    '/rest/agile/1.0/sprint/:sprintId',
    handle((req, res, jira) => {
      const sprint = jira.state.sprints.find((s) => String(s.id) === pathParam(req, 'sprintId'));
      if (!sprint)
        throw notFound(
          `Sprint with id ${pathParam(req, 'sprintId')} does not exist or you do not have permission to see it.`,
        );
      res.json(sprintJson(jira.view, sprint));
    }),
  );

  router.get(
    '/rest/agile/1.0/sprint/:sprintId/issue',
    handle((req, res, jira) => {
      const sprint = jira.state.sprints.find((s) => String(s.id) === pathParam(req, 'sprintId'));
      if (!sprint)
        throw notFound(
          `Sprint with id ${pathParam(req, 'sprintId')} does not exist or you do not have permission to see it.`,
        );
      issuePage(req, res, jira, jira.state.issues.filter((i) => i.sprintIds.includes(sprint.id)).sort(RANKED));
    }),
  );
}
