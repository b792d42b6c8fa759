import { z } from 'zod';
import { defineTool, type ToolRunContext } from '../../../src/toolkit/define-tool.js';
import type { IssueActivity, PullActivity, RunActivity } from './metrics/activity.js';
import { issueFlow, runSummary } from './metrics/ci.js';
import { pullFlowMetrics } from './metrics/flow.js';
import { DAY_MS, type TimeWindow } from '../../../src/analytics/stats.js';
import { issueActivity, openPulls, pullActivity, runActivity } from './activity-signals.js';
import { metricsInput, metricsWindow, overRepos, type MetricsArgs } from './common.js';
import {
  EngMetricsByRepoResultSchema,
  EngMetricsResultSchema,
  type EngMetricsByRepoResult,
  type EngMetricsResult,
} from './schemas.js';

const STALE_DAYS = 7;
const OUTPUTS = [
  'throughput',
  'cycle_time_hours',
  'time_to_first_review_hours',
  'review',
  'pr_size_lines',
  'open_work',
  'issues',
  'ci',
];

interface RepoActivity {
  prs: PullActivity[];
  issues: IssueActivity[];
  runs: RunActivity[];
  open: Array<{ draft: boolean; updatedAt: number }>;
}

/** The engineering overview of a set of repositories' activity. */
function overview(activity: RepoActivity[], window: TimeWindow, days: number) {
  const open = activity.flatMap((a) => a.open);
  return {
    ...pullFlowMetrics(
      activity.flatMap((a) => a.prs),
      window,
      days,
    ),
    open_work: {
      open_prs: open.length,
      draft_prs: open.filter((p) => p.draft).length,
      stale_prs: open.filter((p) => p.updatedAt < window.end - STALE_DAYS * DAY_MS).length,
      stale_after_days: STALE_DAYS,
    },
    issues: issueFlow(
      activity.flatMap((a) => a.issues),
      window,
    ),
    ci: { scope: 'default branch', ...runSummary(activity.flatMap((a) => a.runs)) },
  };
}

async function gatherActivity(ctx: ToolRunContext<MetricsArgs>) {
  const { window, metadata } = metricsWindow(ctx, ctx.args.time_period_days);
  const fan = await overRepos(ctx, ctx.args.repo_ids, async (target): Promise<RepoActivity> => {
    const [prs, issues, runs, open] = await Promise.all([
      pullActivity(ctx, target, window, { sizes: true }),
      issueActivity(ctx, target, window),
      runActivity(ctx, target, window, target.defaultBranch),
      openPulls(ctx, target),
    ]);
    return { prs, issues, runs, open };
  });
  return { fan, window, metadata: metadata(fan.perRepo.map((r) => r.repo)) };
}

const DERIVATION =
  'PR figures cover pull requests opened or merged in the last time_period_days (cycle time = opened to merged; review = approval by someone else before merge; size = lines added + deleted); issues opened/closed in the window; CI = completed default-branch workflow runs (cancelled and skipped left out); stale = open PRs without update for 7 days.';

export const getEngMetrics = defineTool({
  system: 'code_host',
  name: 'get_eng_metrics',
  title: 'Engineering metrics',
  description:
    'Engineering flow and quality over the last time_period_days across all (or the given) repositories: PR throughput, cycle time (opened to merged) and time to first review (p50/p90), review coverage, PR size, open and stale PRs, issue flow and default-branch CI success. The result states how each figure is derived.',
  capability: { type: 'analytical', name: 'code_host.analytics.eng_metrics', outputs: OUTPUTS },
  input: z.object(metricsInput),
  output: EngMetricsResultSchema,
  hints: {
    aliases: ['engineering metrics', 'team health', 'engineering overview', 'throughput', 'cycle time'],
    when_to_use:
      "For a manager's overview of how the team delivers: throughput, cycle time, review coverage, PR size, backlog, issue flow and CI health.",
    not_for:
      'Deployment-based delivery metrics (use code_host_get_dora_metrics); one row per repository (code_host_get_eng_metrics_by_repo); per person (code_host_get_developer_metrics).',
    examples: [{ query: 'how is engineering doing this month?', tool: 'get_eng_metrics', params: {} }],
  },
  async run(ctx): Promise<EngMetricsResult> {
    const { fan, window, metadata } = await gatherActivity(ctx);
    return {
      ...overview(
        fan.perRepo.map((r) => r.value),
        window,
        ctx.args.time_period_days,
      ),
      derivation: DERIVATION,
      metadata,
    };
  },
});

export const getEngMetricsByRepo = defineTool({
  system: 'code_host',
  name: 'get_eng_metrics_by_repo',
  title: 'Engineering metrics per repository',
  description:
    'The code_host_get_eng_metrics overview (throughput, cycle time, review coverage, PR size, open and stale PRs, issue flow, CI success) computed for each repository separately over the last time_period_days, most merges first. The result states how each figure is derived.',
  capability: { type: 'analytical', name: 'code_host.analytics.eng_metrics_by_repo', outputs: OUTPUTS },
  input: z.object(metricsInput),
  output: EngMetricsByRepoResultSchema,
  hints: {
    aliases: ['engineering metrics per repo', 'repo health', 'compare repositories', 'which repo is slowest'],
    when_to_use:
      'To compare repositories on throughput, cycle time, review coverage, backlog and CI health and find where help is needed.',
    not_for:
      'One team-wide figure (use code_host_get_eng_metrics); DORA per repository (code_host_get_dora_metrics_by_repo).',
    examples: [
      {
        query: 'which of our repos has the slowest reviews?',
        tool: 'get_eng_metrics_by_repo',
        params: { time_period_days: 30 },
      },
    ],
  },
  async run(ctx): Promise<EngMetricsByRepoResult> {
    const { fan, window, metadata } = await gatherActivity(ctx);
    const repositories = fan.perRepo
      .map(({ repo, value }) => ({ repo, ...overview([value], window, ctx.args.time_period_days) }))
      .sort((a, b) => b.throughput.prs_merged - a.throughput.prs_merged || a.repo.localeCompare(b.repo));
    return { repositories, count: repositories.length, derivation: DERIVATION, metadata };
  },
});
