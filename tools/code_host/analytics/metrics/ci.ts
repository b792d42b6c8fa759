import { groupBy, type IssueActivity, type RunActivity } from './activity.js';
import { durationSummary, inWindow, median, percent, type TimeWindow } from '../../../../src/analytics/stats.js';

const FAILED = new Set(['failure', 'timed_out', 'startup_failure']);

/** Outcome of a run for success rates: success, failure, or null (cancelled, skipped, still running). */
export function runOutcome(run: Pick<RunActivity, 'status' | 'conclusion'>): 'success' | 'failure' | null {
  if (run.status !== 'completed') return null;
  if (run.conclusion === 'success') return 'success';
  return run.conclusion !== null && FAILED.has(run.conclusion) ? 'failure' : null;
}

/** Counts, success rate (failed vs succeeded; cancelled and skipped left out) and durations of runs. */
export function runSummary(runs: readonly RunActivity[]) {
  const outcomes = runs.map(runOutcome);
  const succeeded = outcomes.filter((o) => o === 'success').length;
  const failed = outcomes.filter((o) => o === 'failure').length;
  return {
    runs: runs.length,
    succeeded,
    failed,
    cancelled_or_skipped: runs.filter((r) => r.status === 'completed' && runOutcome(r) === null).length,
    in_progress: runs.filter((r) => r.status !== 'completed').length,
    success_rate_percent: percent(succeeded, succeeded + failed),
    median_duration_minutes: ((ms) => (ms === null ? null : Math.round((ms / 60_000) * 10) / 10))(
      median(runs.map((r) => r.durationMs).filter((d): d is number => d !== null)),
    ),
  };
}

/** Run statistics per workflow, the latest run of each, and the latest failures on the default branch. */
export function workflowBreakdown(runs: readonly RunActivity[], defaultBranch: string, window: TimeWindow) {
  const inRange = runs.filter((r) => inWindow(r.createdAt, window));
  const newestFirst = [...inRange].sort((a, b) => b.createdAt - a.createdAt);
  const workflows = [...groupBy(newestFirst, (r) => r.workflow)].map(([name, group]) => ({
    name,
    ...runSummary(group),
    last_run: lastRun(group[0]),
  }));
  const mainRuns = inRange.filter((r) => r.branch === defaultBranch);
  return {
    ...runSummary(inRange),
    default_branch: { branch: defaultBranch, ...runSummary(mainRuns) },
    workflows,
    recent_failures: newestFirst
      .filter((r) => r.branch === defaultBranch && runOutcome(r) === 'failure')
      .slice(0, 5)
      .map(lastRun),
  };
}

function lastRun(run: RunActivity) {
  return {
    workflow: run.workflow,
    status: run.status,
    conclusion: run.conclusion,
    branch: run.branch,
    event: run.event,
    created_at: new Date(run.createdAt).toISOString(),
    html_url: run.htmlUrl,
  };
}

/** Issues opened and closed within the window, the share of bugs and the time to close. */
export function issueFlow(issues: readonly IssueActivity[], window: TimeWindow) {
  const opened = issues.filter((i) => inWindow(i.createdAt, window));
  const closed = issues.filter((i) => inWindow(i.closedAt, window));
  const toClose = durationSummary(closed.map((i) => (i.closedAt as number) - i.createdAt));
  return {
    opened: opened.length,
    closed: closed.length,
    bugs_opened: opened.filter((i) => i.labels.includes('bug')).length,
    bug_share_percent: percent(opened.filter((i) => i.labels.includes('bug')).length, opened.length),
    time_to_close_hours: { p50: toClose.p50, p90: toClose.p90 },
    still_open: issues.filter((i) => i.closedAt === null).length,
  };
}
