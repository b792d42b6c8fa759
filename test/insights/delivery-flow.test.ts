/**
 * The delivery flow checked against figures computed here, straight from the Jira and GitHub fakes'
 * seeded records (not through the tool's code): which pull request names each resolved ticket, its
 * first review, merge and first production deployment, and the stage times between them. Then a failing
 * GitHub, another tenant and bad input, over REST and MCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusById, type IssueRecord, type JiraState } from '../../src/sandbox/jira/index.js';
import type { GithubState, IssueRecord as GithubIssue, RepoRecord } from '../../src/sandbox/github/state.js';
import type { ManualClock } from '../helpers/clock.js';
import { connectMcpClient } from '../helpers/mcp-session.js';
import { OutputChecker } from '../helpers/output-schemas.js';
import { checkedRunner, fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import { call, type TestServer } from '../helpers/server.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let server: TestServer;
let clock: ManualClock;
let run: Runner;
let jira: JiraState;
let github: GithubState;
let checker: OutputChecker;

beforeAll(async () => {
  ({ server, clock } = await systemServer('insights'));
  checker = new OutputChecker(() => server.app.registry);
  run = checkedRunner(server, 'insights', checker);
  jira = fakeState<JiraState>(server, '/jira', 'acme');
  github = fakeState<GithubState>(server, '/github', 'acme');
});
afterAll(async () => {
  // The delivery flow had a result checked against its declared output schema (full and partial);
  // my-work.test.ts checks get_my_work's.
  await server.close();
  expect(checker.checked.has('get_delivery_flow')).toBe(true);
});

interface Expected {
  key: string;
  pull: string | null;
  events: Record<string, number | null>;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const hoursOf = (from: number | null, to: number | null) =>
  from === null || to === null ? null : Math.round(((to - from) / HOUR) * 100) / 100;

function firstStart(issue: IssueRecord): number | null {
  const moved = issue.histories.find((h) =>
    h.items.some((i) => i.field === 'status' && i.to && statusById(jira, i.to)?.category === 'indeterminate'),
  );
  return moved?.created ?? null;
}

/** The first production deployment of the merge or a later one; without deployments, the first release after it. */
function firstDeploy(repo: RepoRecord, mergedAt: number): number | null {
  const mergeTimes = new Map(
    repo.issues.flatMap((i) => (i.pull?.mergeCommitSha ? [[i.pull.mergeCommitSha, i.pull.mergedAt as number]] : [])),
  );
  const times =
    repo.deployments.length > 0
      ? repo.deployments
          .filter((d) => d.environment === 'production' && (mergeTimes.get(d.sha) ?? -1) >= mergedAt)
          .flatMap((d) => d.statuses.filter((s) => s.state === 'success').map((s) => s.createdAt))
      : repo.releases
          .filter((r) => !r.draft && !r.prerelease && r.publishedAt !== null && r.publishedAt >= mergedAt)
          .map((r) => r.publishedAt as number);
  return times.length ? Math.min(...times) : null;
}

/** The flow of every ticket of the project resolved in the last `days`, from the seeded records. */
function expectedFlows(project: string, days: number): Expected[] {
  const now = clock.now();
  const tickets = jira.issues.filter(
    (i) =>
      i.projectKey === project &&
      i.resolutionDate !== null &&
      i.resolutionDate >= now - days * DAY &&
      i.resolutionDate <= now,
  );
  return tickets.map((ticket) => {
    const names = new RegExp(`\\b${ticket.key}\\b`, 'i');
    const naming: Array<{ repo: RepoRecord; pr: GithubIssue }> = github.repos.flatMap((repo) =>
      repo.issues
        .filter((i) => i.pull && names.test(`${i.pull.headRef} ${i.title} ${i.body ?? ''}`))
        .map((pr) => ({ repo, pr })),
    );
    naming.sort((a, b) => a.pr.createdAt - b.pr.createdAt);
    const first = naming[0];
    const pull = first?.pr.pull;
    const reviews = pull?.reviews.filter((r) => r.user !== first.pr.user).map((r) => r.submittedAt) ?? [];
    const mergedAt = pull?.mergedAt ?? null;
    return {
      key: ticket.key,
      pull: first ? `${first.repo.fullName}#${first.pr.number}` : null,
      events: {
        created: ticket.created,
        in_progress: firstStart(ticket),
        pr_opened: first?.pr.createdAt ?? null,
        first_review: reviews.length ? Math.min(...reviews) : null,
        merged: mergedAt,
        deployed: first && mergedAt !== null ? firstDeploy(first.repo, mergedAt) : null,
        done: ticket.resolutionDate,
      },
    };
  });
}

function median(values: number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) / 2;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.ceil(at)] - sorted[low]) * (at - low);
}

type Row = {
  key: string;
  pull_request: { repo: string; number: number } | null;
  events: Record<string, string | null>;
  stage_hours: Record<string, number | null>;
};

function checkAgainstSeed(
  project: string,
  days: number,
  result: {
    tickets: Row[];
    tickets_resolved: number;
    tickets_followed: number;
    stages: any;
    not_followed: Array<{ key: string; reason: string }>;
  },
) {
  const expected = expectedFlows(project, days);
  expect(expected.length).toBeGreaterThan(3);
  const followed = expected.filter((e) => e.events.deployed !== null);
  expect(followed.length).toBeGreaterThan(0);
  expect(result.tickets_resolved).toBe(expected.length);
  expect(result.tickets_followed).toBe(followed.length);
  for (const want of expected) {
    const row = result.tickets.find((t) => t.key === want.key);
    expect(row, want.key).toBeDefined();
    const got = row!.pull_request ? `${row!.pull_request.repo}#${row!.pull_request.number}` : null;
    expect(got, want.key).toBe(want.pull);
    expect(row!.events, want.key).toEqual(Object.fromEntries(Object.entries(want.events).map(([k, v]) => [k, iso(v)])));
    const e = want.events;
    expect(row!.stage_hours, want.key).toEqual({
      coding: hoursOf(e.in_progress, e.pr_opened) === null ? null : Math.max(0, hoursOf(e.in_progress, e.pr_opened)!),
      pickup: hoursOf(e.pr_opened, e.first_review),
      review: hoursOf(e.first_review, e.merged),
      deploy_wait: hoursOf(e.merged, e.deployed),
      lead_time: hoursOf(e.created, e.done),
    });
  }
  const deployWaits = followed.map((f) => (f.events.deployed as number) - (f.events.merged as number));
  expect(result.stages.deploy_wait.count).toBe(followed.length);
  expect(result.stages.deploy_wait.p50).toBeCloseTo(median(deployWaits)! / HOUR, 1);
  const leads = expected.map((f) => (f.events.done as number) - (f.events.created as number));
  expect(result.stages.lead_time.p50).toBeCloseTo(median(leads)! / HOUR, 1);
  for (const missing of expected.filter((f) => f.events.deployed === null)) {
    const reason =
      missing.pull === null
        ? 'no_pull_request'
        : missing.events.merged === null
          ? 'pull_request_not_merged'
          : 'no_deployment_after_merge';
    expect(result.not_followed).toContainEqual({ key: missing.key, reason });
  }
}

describe('delivery flow against the seeded Jira and GitHub', () => {
  it('through the executor, each WEB ticket resolved in 30 days follows its pull request to production', async () => {
    checkAgainstSeed('WEB', 30, await run('get_delivery_flow', { project_key: 'WEB' }));
  });

  it('a repository without deployments: MOB tickets reach users with the first release after the merge', async () => {
    const result = await run('get_delivery_flow', { project_key: 'MOB', time_period_days: 90 });
    checkAgainstSeed('MOB', 90, result);
    expect(result.tickets_followed).toBeGreaterThan(0);
  });

  it('over REST and MCP alike, the second call from the analytics cache', async () => {
    const token = await server.tokenFor('acme');
    const rest = await call(server, 'POST', '/mcp/insights/execute', {
      token,
      body: { tool: 'get_delivery_flow', arguments: { project_key: 'web', refresh: true } },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.cache.status).toBe('miss');
    checkAgainstSeed('WEB', 30, rest.body.data);
    const client = await connectMcpClient(server, token);
    try {
      const result = await client.callTool({ name: 'insights_get_delivery_flow', arguments: { project_key: 'WEB' } });
      expect(result.isError).toBeFalsy();
      checkAgainstSeed('WEB', 30, result.structuredContent as never);
      expect(result.structuredContent).toMatchObject({ cache: { status: 'fresh' } });
    } finally {
      await client.close();
    }
  });
});

describe('delivery flow: other tenants and bad input', () => {
  it('another tenant sees neither the project nor the repositories over REST', async () => {
    const globex = await server.tokenFor('globex');
    const project = await call(server, 'POST', '/mcp/insights/execute', {
      token: globex,
      body: { tool: 'get_delivery_flow', arguments: { project_key: 'WEB' } },
    });
    expect(project.status).toBe(400);
    expect(project.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(project.body.error.message).toContain('WEB');
    const repos = await call(server, 'POST', '/mcp/insights/execute', {
      token: globex,
      body: { tool: 'get_delivery_flow', arguments: { project_key: 'PLAT', repo_ids: 'acme/web,globex/platform' } },
    });
    expect(repos.status).toBe(200);
    expect(repos.body.data.metadata.repositories).toEqual(['globex/platform']);
    expect(repos.body.data.failed_sources.map((f: { resource: string }) => f.resource)).toContain('acme/web');
    expect(JSON.stringify(repos.body.data.tickets)).not.toContain('acme/');
  });

  it('another tenant sees neither over MCP', async () => {
    const client = await connectMcpClient(server, await server.tokenFor('globex'));
    try {
      const result = await client.callTool({ name: 'insights_get_delivery_flow', arguments: { project_key: 'WEB' } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('Unknown Jira project WEB');
    } finally {
      await client.close();
    }
  });

  it('until before since is a 400 over REST and an error over MCP', async () => {
    const token = await server.tokenFor('acme');
    const args = { project_key: 'WEB', since: '2026-10-20', until: '2026-10-01' };
    const rest = await call(server, 'POST', '/mcp/insights/execute', {
      token,
      body: { tool: 'get_delivery_flow', arguments: args },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.error.message).toMatch(/until .* is before since/);
    const client = await connectMcpClient(server, token);
    try {
      const result = await client.callTool({ name: 'insights_get_delivery_flow', arguments: args });
      expect(result.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('delivery flow when GitHub fails', () => {
  it('returns the Jira side, partial, naming code_host', async () => {
    const fault = server.sandbox.faults.add({ prefix: '/github', status: 503 });
    try {
      const result = await run('get_delivery_flow', { project_key: 'WEB', refresh: true });
      expect(result.partial).toBe(true);
      expect(result.failed_sources.map((f: { resource: string }) => f.resource)).toContain('code_host');
      expect(result.tickets_resolved).toBe(expectedFlows('WEB', 30).length);
      expect(result.tickets_followed).toBe(0);
    } finally {
      server.sandbox.faults.clear(fault);
    }
  });
});
