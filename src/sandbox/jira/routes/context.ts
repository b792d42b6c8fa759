import type { NextFunction, Request, Response, Router } from 'express';
import type { WorkspaceId } from '../../credentials.js';
import type { FakeContext } from '../../fake-upstream.js';
import { FakeError, notFound, pathParam, workspaceOf } from '../../kit/index.js';
import { compileJql, JqlError, type CompiledQuery } from '../jql/compile.js';
import type { View } from '../serializers/common.js';
import { projectByKey, type IssueRecord, type JiraState, type ProjectRecord } from '../state.js';

/** What each Jira handler gets: the caller's workspace state, the URL view and the clock. */
export interface JiraRequest {
  workspace: WorkspaceId;
  state: JiraState;
  view: View;
  now(): number;
}

const JIRA = 'sandboxJira';

/** Builds the handler context once the workspace is known; mount after `workspaceAuth`. */
export function jiraContext(states: Record<WorkspaceId, JiraState>, ctx: FakeContext) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const workspace = workspaceOf(res);
    const state = states[workspace];
    const jira: JiraRequest = {
      workspace,
      state,
      view: { state, base: `${ctx.origin()}/jira`, me: state.myselfId },
      now: () => ctx.clock.now(),
    };
    res.locals[JIRA] = jira;
    next();
  };
}

export type Handler = (req: Request, res: Response, jira: JiraRequest) => void;

/** Wraps a handler with the request context. */
export const handle =
  (handler: Handler) =>
  (req: Request, res: Response): void =>
    handler(req, res, res.locals[JIRA] as JiraRequest);

/** Registers GET routes of one module. */
export type Routes = (router: Router) => void;

const ISSUE_NOT_FOUND = 'Issue does not exist or you do not have permission to see it.';

/** The issue named by `:issueIdOrKey`, or Jira's 404. */
export function issueParam(req: Request, jira: JiraRequest): IssueRecord {
  const ref = pathParam(req, 'issueIdOrKey');
  const issue =
    jira.state.byKey.get(ref.toUpperCase()) ??
    (/^\d+$/.test(ref) ? jira.state.issues.find((i) => i.id === ref) : undefined);
  if (!issue) throw notFound(ISSUE_NOT_FOUND);
  return issue;
}

/** The project named by `:projectIdOrKey`, or Jira's 404. */
export function projectParam(req: Request, jira: JiraRequest, name = 'projectIdOrKey'): ProjectRecord {
  const ref = pathParam(req, name);
  const project = projectByKey(jira.state, ref);
  if (!project) throw notFound(`No project could be found with key '${ref}'.`);
  return project;
}

/** A query compiled for the caller, or Jira's 400 `Error in the JQL Query: ...`. */
export function jqlQuery(jira: JiraRequest, jql: string): CompiledQuery {
  try {
    return compileJql(jql, { state: jira.state, me: jira.view.me, now: jira.now() });
  } catch (error) {
    if (error instanceof JqlError) throw jqlError(error.message);
    throw error;
  }
}

/** Jira's 400 for a query it cannot run: `{errorMessages: ["Error in the JQL Query: ..."], errors: {}}`. */
export const jqlError = (message: string): FakeError =>
  new FakeError(
    'bad_request',
    message.startsWith('Field ') ||
      message.startsWith('The value ') ||
      message.startsWith('An issue ') ||
      message.startsWith('Unbounded')
      ? message
      : `Error in the JQL Query: ${message}`,
  );
