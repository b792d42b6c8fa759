import type { Router } from 'express';
import { badRequest, invalid, jsonBody, offsetPage, queryParam, readOffsetPage } from '../../kit/index.js';
import { statusJson } from '../serializers/common.js';
import { commentJson } from '../serializers/issue.js';
import {
  projectByKey,
  statusById,
  type AdfNode,
  type CommentRecord,
  type IssueRecord,
  type ProjectRecord,
  type StatusDef,
} from '../state.js';
import { handle, issueParam, type JiraRequest } from './context.js';
import { isAdfDoc, moveTo, record } from './edits.js';

/** Comments (paged, ADF bodies) and workflow transitions, which may add a comment in the same request. */

/** Jira's complaint about a comment body, or undefined when it is a non-empty Atlassian document. */
export function commentBodyError(body: unknown): string | undefined {
  if (!isAdfDoc(body))
    return 'Comment body is not valid! Operation value must be an Atlassian Document (see the Atlassian Document Format)';
  return (body.content ?? []).length === 0 ? 'Comment body can not be empty!' : undefined;
}

export function addComment(jira: JiraRequest, issue: IssueRecord, body: AdfNode): CommentRecord {
  const now = jira.now();
  const comment: CommentRecord = {
    id: String(jira.state.nextId.comment++),
    authorId: jira.view.me,
    body,
    created: now,
    updated: now,
  };
  issue.comments.push(comment);
  issue.updated = now;
  return comment;
}

/** The transitions offered from the issue's current status. */
function available(jira: JiraRequest, issue: IssueRecord) {
  const project = projectByKey(jira.state, issue.projectKey) as ProjectRecord;
  return project.workflow.transitions.filter((t) => t.from.includes(issue.statusId));
}

export function commentAndTransitionRoutes(router: Router): void {
  router.get(
    '/rest/api/3/issue/:issueIdOrKey/comment',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      const order = queryParam(req, 'orderBy') ?? 'created';
      const comments = order.replace(/^\+/, '') === '-created' ? [...issue.comments].reverse() : issue.comments;
      const page = offsetPage(comments, readOffsetPage(req.query, { defaultMaxResults: 100, maxMaxResults: 5000 }));
      res.json({
        startAt: page.startAt,
        maxResults: page.maxResults,
        total: page.total,
        comments: page.values.map((c) => commentJson(jira.view, issue, c)),
      });
    }),
  );

  router.post(
    '/rest/api/3/issue/:issueIdOrKey/comment',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      const body = jsonBody(req).body;
      const problem = commentBodyError(body);
      if (problem) throw invalid(undefined, { details: { comment: problem } });
      res.status(201).json(commentJson(jira.view, issue, addComment(jira, issue, body as AdfNode)));
    }),
  );

  router.get(
    '/rest/api/3/issue/:issueIdOrKey/transitions',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      res.json({
        expand: 'transitions',
        transitions: available(jira, issue).map((t) => ({
          id: t.id,
          name: t.name,
          to: statusJson(jira.view, statusById(jira.state, t.to) as StatusDef),
          hasScreen: false,
          isGlobal: false,
          isInitial: false,
          isAvailable: true,
          isConditional: false,
          isLooped: false,
        })),
      });
    }),
  );

  router.post(
    '/rest/api/3/issue/:issueIdOrKey/transitions',
    handle((req, res, jira) => {
      const issue = issueParam(req, jira);
      const body = jsonBody(req);
      const transition = body.transition as { id?: unknown } | undefined;
      const id =
        transition && typeof transition === 'object'
          ? typeof transition.id === 'number'
            ? String(transition.id)
            : transition.id
          : undefined;
      if (typeof id !== 'string' || !id) throw badRequest("Missing 'transition' identifier");
      const chosen = available(jira, issue).find((t) => t.id === id);
      if (!chosen) throw badRequest(`Transition id '${id}' is not valid for this issue.`);
      const update = (body.update ?? {}) as { comment?: unknown };
      const comments =
        update.comment === undefined
          ? []
          : Array.isArray(update.comment)
            ? update.comment.map((op) => (op as { add?: { body?: unknown } })?.add?.body)
            : [undefined];
      const problems = comments.map(commentBodyError).filter((p) => p !== undefined);
      if (problems.length) throw invalid(undefined, { details: { comment: problems[0] } });
      // Checked first, then applied together: the comment never lands without the transition.
      record(jira, issue, moveTo(jira.state, issue, chosen.to, jira.now()));
      for (const comment of comments) addComment(jira, issue, comment as AdfNode);
      res.status(204).end();
    }),
  );
}
