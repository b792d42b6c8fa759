/**
 * What the ticketing tools ask Jira for: a deep page of tickets over every project and a cold executive
 * summary, counted at the fake (the answers themselves are checked by tools.test.ts and
 * analytics-seed.test.ts); and, as the summary counts unresolved tickets instead of reading them, its
 * figures of unresolved work (WIP, blocked now, open bugs, created) against the fake's own tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueRecord, JiraState } from '../../src/sandbox/jira/index.js';
import { checkedRunner, fakeState, systemServer, type Runner } from '../helpers/sandbox.js';
import type { TestServer } from '../helpers/server.js';

let server: TestServer;
let run: Runner;
let jira: JiraState;

beforeAll(async () => {
  ({ server } = await systemServer('ticketing'));
  run = checkedRunner(server, 'ticketing');
  jira = fakeState<JiraState>(server, '/jira', 'acme');
});
afterAll(() => server.close());

/** Requests `work` sent to the Jira fake, as `METHOD /rest/...`. */
async function jiraRequests(work: () => Promise<unknown>): Promise<string[]> {
  const before = server.sandbox.faults.log.length;
  await work();
  return server.sandbox.faults.log
    .slice(before)
    .filter((r) => r.path.startsWith('/jira/'))
    .map((r) => `${r.method} ${r.path.slice('/jira'.length)}`);
}

const searches = (requests: readonly string[]) => requests.filter((r) => r === 'GET /rest/api/3/search/jql');
const byUpdated = (a: IssueRecord, b: IssueRecord) => b.updated - a.updated || a.key.localeCompare(b.key);

describe('upstream reads of the ticketing tools', () => {
  it('a deep page over every project comes from one ordered query, not offset + limit tickets per project', async () => {
    const all = [...jira.issues].sort(byUpdated);
    expect(all.length).toBeGreaterThan(200);
    await run('get_tickets', { limit: 5 });
    let page: { tickets: Array<{ key: string }>; pagination: { offset: number; has_more: boolean } } | undefined;
    const requests = await jiraRequests(async () => (page = await run('get_tickets', { offset: 150, limit: 30 })));
    expect(page?.tickets.map((t) => t.key)).toEqual(all.slice(150, 180).map((i) => i.key));
    expect(page?.pagination).toMatchObject({ offset: 150, has_more: true });
    // The page's keys located by one keys-only search, then the page read: two searches whatever the depth.
    expect(searches(requests)).toHaveLength(2);
  });

  it('a cold executive summary reads the site statuses and issue types once and counts unresolved tickets across projects', async () => {
    const projects = jira.projects.length;
    const first = await jiraRequests(() => run('get_executive_summary_all_projects', { refresh: true }));
    expect(first.filter((r) => r.includes('/statuses'))).toEqual([]);
    expect(first.filter((r) => r === 'GET /rest/api/3/status')).toHaveLength(1);
    const again = await jiraRequests(() => run('get_executive_summary_all_projects', { refresh: true }));
    expect(again.filter((r) => r.includes('status'))).toEqual([]);
    expect(first.filter((r) => r === 'GET /rest/api/3/issuetype')).toHaveLength(1);
    expect(again.filter((r) => r.includes('issuetype'))).toEqual([]);
    // The project list; each project's versions, its tickets resolved in the window (without changelog)
    // and their status changes in one bulk read; the unresolved tickets of every project counted at once
    // by five keys-only searches (all, created in the window, in progress, blocked, bugs).
    const bulk = again.filter((r) => r === 'POST /rest/api/3/changelog/bulkfetch');
    expect(bulk).toHaveLength(projects);
    expect(again).toHaveLength(1 + projects + searches(again).length + bulk.length);
    expect(searches(again)).toHaveLength(projects + 5);
  });
});

interface Summary {
  totals: { wip: number; blocked_now: number; open_bugs: number; created: number };
  projects: Array<{ project_key: string; wip: number; blocked_now: number; open_bugs: number; created: number }>;
  metadata: { start_date: string; end_date: string; tickets_analyzed: number };
}

/** The figures one project's tickets hold over [start, end] (tickets resolved before the window left out). */
function expectedOf(issues: readonly IssueRecord[], start: number, end: number) {
  const status = (i: IssueRecord) => jira.statuses.find((s) => s.id === i.statusId);
  const type = (i: IssueRecord) => jira.issueTypes.find((t) => t.id === i.issueTypeId);
  const read = issues.filter((i) => i.resolutionDate === null || i.resolutionDate >= start);
  const blocked = (i: IssueRecord) =>
    status(i)?.category !== 'done' && (status(i)?.name.trim().toLowerCase() === 'blocked' || i.flagged);
  const bug = (i: IssueRecord) => !type(i)?.subtask && ['bug', 'defect'].includes(type(i)?.name.toLowerCase() ?? '');
  return {
    wip: read.filter((i) => status(i)?.category === 'indeterminate').length,
    blocked_now: read.filter(blocked).length,
    open_bugs: read.filter((i) => i.resolutionDate === null && bug(i)).length,
    created: read.filter((i) => i.created >= start && i.created <= end).length,
    read: read.length,
  };
}

describe('executive summary figures', () => {
  it('counts unresolved work per project exactly as the tickets hold it', async () => {
    const summary = (await run('get_executive_summary_all_projects', {
      time_period_days: 30,
      refresh: true,
    })) as Summary;
    const start = Date.parse(summary.metadata.start_date);
    const end = Date.parse(summary.metadata.end_date);
    let analyzed = 0;
    for (const row of summary.projects) {
      const { read, ...expected } = expectedOf(
        jira.issues.filter((i) => i.projectKey === row.project_key),
        start,
        end,
      );
      analyzed += read;
      expect({ key: row.project_key, ...expected }).toEqual({
        key: row.project_key,
        wip: row.wip,
        blocked_now: row.blocked_now,
        open_bugs: row.open_bugs,
        created: row.created,
      });
    }
    expect(summary.metadata.tickets_analyzed).toBe(analyzed);
    // The seed holds work of every kind, so the figures above are not trivially zero.
    expect(summary.totals.wip).toBeGreaterThan(0);
    expect(summary.totals.blocked_now).toBeGreaterThan(0);
    expect(summary.totals.open_bugs).toBeGreaterThan(0);
  });
});
