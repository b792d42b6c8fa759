import type { Request, Response, Router } from 'express';
import {
  handle,
  notFound,
  paginate,
  param,
  query,
  requireRepo,
  validationFailed,
  type GithubRequest,
} from './context.js';
import { deployment, deploymentStatus, release, workflow, workflowRun } from '../serializers/actions.js';
import type { RepoRecord, RunRecord } from '../state.js';

const DOCS = {
  runs: 'https://docs.github.com/rest/actions/workflow-runs#list-workflow-runs-for-a-repository',
  workflowRuns: 'https://docs.github.com/rest/actions/workflow-runs#list-workflow-runs-for-a-workflow',
  workflows: 'https://docs.github.com/rest/actions/workflows#list-repository-workflows',
  deployments: 'https://docs.github.com/rest/deployments/deployments#list-deployments',
  statuses: 'https://docs.github.com/rest/deployments/statuses#list-deployment-statuses',
  releases: 'https://docs.github.com/rest/releases/releases#list-releases',
  latest: 'https://docs.github.com/rest/releases/releases#get-the-latest-release',
};

/** A date or date-time as the half-open interval it denotes: a whole day for `2026-10-01`. */
function interval(text: string): [number, number] | undefined {
  const value = Date.parse(text);
  if (Number.isNaN(value)) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? [value, value + 86_400_000] : [value, value + 1000];
}

/** GitHub's search date syntax: `>=d`, `>d`, `<=d`, `<d`, `a..b` (with `*`), or `d`. */
export function dateRange(expr: string): (at: number) => boolean {
  const fail = (): never => {
    throw validationFailed({ resource: 'WorkflowRun', field: 'created', code: 'invalid', value: expr });
  };
  const op = expr.match(/^(>=|<=|>|<)(.+)$/);
  if (op) {
    const [start, end] = interval(op[2]) ?? fail();
    if (op[1] === '>=') return (at) => at >= start;
    if (op[1] === '>') return (at) => at >= end;
    if (op[1] === '<=') return (at) => at < end;
    return (at) => at < start;
  }
  if (expr.includes('..')) {
    const [from, to] = expr.split('..');
    const start = from === '*' ? -Infinity : (interval(from) ?? fail())[0];
    const end = to === '*' ? Infinity : (interval(to) ?? fail())[1];
    return (at) => at >= start && at < end;
  }
  const [start, end] = interval(expr) ?? fail();
  return (at) => at >= start && at < end;
}

function filterRuns(req: Request, runs: RunRecord[]): RunRecord[] {
  const actor = query(req, 'actor')?.toLowerCase();
  const branch = query(req, 'branch');
  const event = query(req, 'event');
  const status = query(req, 'status');
  const headSha = query(req, 'head_sha');
  const created = query(req, 'created');
  const inRange = created ? dateRange(created) : undefined;
  return runs
    .filter((run) => {
      if (actor && run.actor.toLowerCase() !== actor) return false;
      if (branch && run.headBranch !== branch) return false;
      if (event && run.event !== event) return false;
      if (status && run.status !== status && run.conclusion !== status) return false;
      if (headSha && run.headSha !== headSha) return false;
      if (inRange && !inRange(run.createdAt)) return false;
      return true;
    })
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

function sendRuns(req: Request, res: Response, gh: GithubRequest, repo: RepoRecord, runs: RunRecord[]): void {
  const list = filterRuns(req, runs);
  const exclude = query(req, 'exclude_pull_requests') === 'true';
  const page = paginate(req, res, list, gh).map((run) => {
    const json = workflowRun(gh.view, repo, run);
    return exclude ? { ...json, pull_requests: [] } : json;
  });
  res.json({ total_count: list.length, workflow_runs: page });
}

/** Workflows and their runs, deployments with statuses, and releases. */
export function actionRoutes(router: Router): void {
  router.get(
    '/repos/:owner/:repo/actions/runs',
    handle(DOCS.runs, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      sendRuns(req, res, gh, repo, repo.runs);
    }),
  );

  router.get(
    '/repos/:owner/:repo/actions/workflows',
    handle(DOCS.workflows, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      res.json({
        total_count: repo.workflows.length,
        workflows: paginate(req, res, repo.workflows, gh).map((w) => workflow(gh.view, repo, w)),
      });
    }),
  );

  router.get(
    '/repos/:owner/:repo/actions/workflows/:workflow_id/runs',
    handle(DOCS.workflowRuns, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const id = param(req, 'workflow_id');
      const flow = repo.workflows.find((w) => String(w.id) === id || w.path.split('/').pop() === id);
      if (!flow) throw notFound();
      sendRuns(
        req,
        res,
        gh,
        repo,
        repo.runs.filter((run) => run.workflowId === flow.id),
      );
    }),
  );

  router.get(
    '/repos/:owner/:repo/deployments',
    handle(DOCS.deployments, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const filters = {
        sha: query(req, 'sha'),
        ref: query(req, 'ref'),
        task: query(req, 'task'),
        environment: query(req, 'environment'),
      };
      const list = repo.deployments
        .filter(
          (d) =>
            (filters.sha === undefined || d.sha === filters.sha) &&
            (filters.ref === undefined || d.ref === filters.ref),
        )
        .filter(
          (d) =>
            (filters.task === undefined || d.task === filters.task) &&
            (filters.environment === undefined || d.environment === filters.environment),
        )
        .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      res.json(paginate(req, res, list, gh).map((d) => deployment(gh.view, repo, d)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/deployments/:deployment_id/statuses',
    handle(DOCS.statuses, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const record = repo.deployments.find((d) => String(d.id) === param(req, 'deployment_id'));
      if (!record) throw notFound();
      const statuses = [...record.statuses].reverse();
      res.json(paginate(req, res, statuses, gh).map((s) => deploymentStatus(gh.view, repo, record, s)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/releases',
    handle(DOCS.releases, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const list = [...repo.releases].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      res.json(paginate(req, res, list, gh).map((r) => release(gh.view, repo, r)));
    }),
  );

  router.get(
    '/repos/:owner/:repo/releases/latest',
    handle(DOCS.latest, (req, res, gh) => {
      const repo = requireRepo(req, gh);
      const latest = repo.releases
        .filter((r) => !r.draft && !r.prerelease && r.publishedAt !== null)
        .sort((a, b) => b.publishedAt! - a.publishedAt!)[0];
      if (!latest) throw notFound();
      res.json(release(gh.view, repo, latest));
    }),
  );
}
