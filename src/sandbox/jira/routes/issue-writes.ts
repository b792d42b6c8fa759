import type { Router } from 'express';
import { invalid, jsonBody, notFound, offsetPage, pathParam, readOffsetPage } from '../../kit/index.js';
import { api3, issueTypeJson } from '../serializers/common.js';
import { issueTypeById, projectByKey, type IssueRecord, type IssueTypeDef, type ProjectRecord } from '../state.js';
import { handle, issueParam, projectParam, type JiraRequest } from './context.js';
import { addComment, commentBodyError } from './comments.js';
import { assign, checkFields, labelOperations, record, refuseOnErrors } from './edits.js';

/** Creating and editing issues, assigning them, and the create screens (createmeta). */

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The fields of a project's create screen for one issue type. */
function screenFields(project: ProjectRecord, type: IssueTypeDef) {
  const fields: Array<{
    fieldId: string;
    name: string;
    type: string;
    required: boolean;
    items?: string;
    custom?: string;
  }> = [
    { fieldId: 'summary', name: 'Summary', type: 'string', required: true },
    { fieldId: 'issuetype', name: 'Issue Type', type: 'issuetype', required: true },
    { fieldId: 'project', name: 'Project', type: 'project', required: true },
    { fieldId: 'description', name: 'Description', type: 'string', required: false },
    { fieldId: 'priority', name: 'Priority', type: 'priority', required: false },
    { fieldId: 'assignee', name: 'Assignee', type: 'user', required: false },
    { fieldId: 'reporter', name: 'Reporter', type: 'user', required: true },
    { fieldId: 'labels', name: 'Labels', type: 'array', items: 'string', required: false },
    { fieldId: 'parent', name: 'Parent', type: 'issuelink', required: type.subtask },
  ];
  if (!type.subtask && type.hierarchyLevel === 0) {
    const points = project.storyPointsFieldId === 'customfield_10016';
    fields.push({
      fieldId: project.storyPointsFieldId,
      name: points ? 'Story Points' : 'Story point estimate',
      type: 'number',
      required: false,
      custom: points
        ? 'com.atlassian.jira.plugin.system.customfieldtypes:float'
        : 'com.pyxis.greenhopper.jira:jsw-story-points',
    });
  }
  return fields.map((f) => ({
    required: f.required,
    schema: {
      type: f.type,
      ...(f.items ? { items: f.items } : {}),
      ...(f.custom ? { custom: f.custom, customId: Number(f.fieldId.slice(12)) } : { system: f.fieldId }),
    },
    name: f.name,
    key: f.fieldId,
    fieldId: f.fieldId,
    hasDefaultValue: false,
    operations: f.type === 'array' ? ['add', 'set', 'remove'] : ['set'],
  }));
}

function createIssue(body: Record<string, unknown>, jira: JiraRequest): IssueRecord {
  const fields = obj(body.fields);
  const projectRef = obj(fields.project);
  const ref =
    typeof projectRef.key === 'string' ? projectRef.key : typeof projectRef.id === 'string' ? projectRef.id : undefined;
  const project = ref ? projectByKey(jira.state, ref) : undefined;
  if (!project) throw invalid(undefined, { details: { project: 'Specify a valid project ID or key' } });
  const changes = checkFields(jira, project, fields);
  const errors = { ...changes.errors };
  if (!('summary' in fields)) errors.summary = 'You must specify a summary of the issue.';
  if (!('issuetype' in fields)) errors.issuetype = 'Specify an issue type';
  refuseOnErrors(errors);
  const now = jira.now();
  const number = (jira.state.nextNumber[project.key] = (jira.state.nextNumber[project.key] ?? 0) + 1);
  const issue: IssueRecord = {
    id: String(jira.state.nextId.issue++),
    key: `${project.key}-${number}`,
    projectKey: project.key,
    issueTypeId: '',
    summary: '',
    description: null,
    statusId: project.workflow.statusIds[0],
    priorityId: '3',
    assigneeId: null,
    reporterId: jira.view.me,
    creatorId: jira.view.me,
    labels: [],
    created: now,
    updated: now,
    resolutionId: null,
    resolutionDate: null,
    storyPoints: null,
    sprintIds: [],
    fixVersionIds: [],
    affectsVersionIds: [],
    parentKey: null,
    flagged: false,
    histories: [],
    comments: [],
    worklogs: [],
  };
  changes.apply(issue);
  jira.state.issues.push(issue);
  jira.state.byKey.set(issue.key, issue);
  return issue;
}

export function issueWriteRoutes(router: Router): void {
  router.post(
    '/rest/api/3/issue',
    handle((req, res, jira) => {
      const issue = createIssue(jsonBody(req), jira);
      res.status(201).json({ id: issue.id, key: issue.key, self: api3(jira.view, `/issue/${issue.id}`) });
    }),
  );

  router.put(
    '/rest/api/3/issue/:issueIdOrKey',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      const body = jsonBody(req);
      const project = projectByKey(jira.state, issue.projectKey) as ProjectRecord;
      const fields = obj(body.fields);
      const update = obj(body.update);
      const changes = checkFields(jira, project, fields, issue);
      const errors = { ...changes.errors };
      const labels = update.labels === undefined ? undefined : labelOperations(update.labels);
      Object.assign(errors, labels?.errors);
      const comments =
        update.comment === undefined
          ? []
          : Array.isArray(update.comment)
            ? update.comment.map((op) => obj(obj(op).add).body)
            : [undefined];
      for (const body of comments) {
        const problem = commentBodyError(body);
        if (problem) errors.comment = problem;
      }
      for (const field of Object.keys(update))
        if (field !== 'labels' && field !== 'comment' && !(field in fields))
          errors[field] = `Field '${field}' cannot be set. It is not on the appropriate screen, or unknown.`;
      refuseOnErrors(errors);
      const items = changes.apply(issue);
      if (labels) {
        const before = issue.labels.join(' ');
        issue.labels = labels.labels(issue.labels);
        const after = issue.labels.join(' ');
        if (before !== after)
          items.push({
            field: 'labels',
            fieldtype: 'jira',
            fieldId: 'labels',
            from: null,
            fromString: before || null,
            to: null,
            toString: after || null,
          });
      }
      record(jira, issue, items);
      for (const body of comments) addComment(jira, issue, body as never);
      res.status(204).end();
    }),
  );

  router.put(
    '/rest/api/3/issue/:issueIdOrKey/assignee',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      const body = jsonBody(req);
      if (!('accountId' in body))
        throw invalid(undefined, { details: { assignee: 'An accountId must be provided (null to unassign).' } });
      const accountId = body.accountId === null || body.accountId === '-1' ? null : String(body.accountId);
      if (accountId !== null && !jira.state.users.some((u) => u.accountId === accountId))
        throw invalid(undefined, { details: { assignee: `User '${accountId}' cannot be assigned issues.` } });
      record(jira, issue, [assign(jira.state, issue, accountId)]);
      res.status(204).end();
    }),
  );

  router.get(
    '/rest/api/3/issue/createmeta/:projectIdOrKey/issuetypes',
    handle((req, res, jira) => {
      const project = projectParam(req, jira);
      const types = project.issueTypeIds.map((id) => issueTypeById(jira.state, id) as IssueTypeDef);
      const page = offsetPage(types, readOffsetPage(req.query, { defaultMaxResults: 50, maxMaxResults: 200 }));
      res.json({
        maxResults: page.maxResults,
        startAt: page.startAt,
        total: page.total,
        issueTypes: page.values.map((t) => issueTypeJson(jira.view, t, project)),
      });
    }),
  );

  router.get(
    '/rest/api/3/issue/createmeta/:projectIdOrKey/issuetypes/:issueTypeId',
    handle((req, res, jira) => {
      const project = projectParam(req, jira);
      const typeId = pathParam(req, 'issueTypeId');
      const type = project.issueTypeIds.includes(typeId) ? issueTypeById(jira.state, typeId) : undefined;
      if (!type)
        throw notFound(
          `Issue type with ID '${typeId}' does not exist or is not available in project '${project.key}'.`,
        );
      const page = offsetPage(
        screenFields(project, type),
        readOffsetPage(req.query, { defaultMaxResults: 50, maxMaxResults: 200 }),
      );
      res.json({ maxResults: page.maxResults, startAt: page.startAt, total: page.total, fields: page.values });
    }),
  );
}
