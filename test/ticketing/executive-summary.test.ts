/**
 * The executive summary's figures against the fake's own tickets: what each project row and the totals
 * say about unresolved work (WIP, blocked now, open bugs, created) must be what the tickets hold, however
 * the tool reads them.
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
