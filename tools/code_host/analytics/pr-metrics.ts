import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { mergeTimeMetrics } from './metrics/flow.js';
import { pullRequestPeople } from './metrics/people.js';
import { GithubLogin } from '../fields.js';
import { pullActivity } from './activity-signals.js';
import { metricsInput, metricsWindow, overRepos } from './common.js';
import {
  MergeTimeResultSchema,
  PrDeveloperResultSchema,
  type MergeTimeResult,
  type PrDeveloperResult,
} from './schemas.js';

export const getPrMergeTimeMetrics = defineTool({
  system: 'code_host',
  name: 'get_pr_merge_time_metrics',
  title: 'Pull request merge time',
  description:
    'How long pull requests merged in the last time_period_days took from opening to merge: p50/p75/p90/mean hours, time to first review and from first approval to merge, merges without approval, a breakdown by size (XS<=10, S<=100, M<=400, L<=1000 lines, XL) and by repository, and the slowest merges.',
  capability: {
    type: 'analytical',
    name: 'code_host.analytics.pr_merge_time',
    outputs: [
      'merge_time_hours',
      'time_to_first_review_hours',
      'approval_to_merge_hours',
      'by_size',
      'by_repo',
      'slowest',
    ],
  },
  input: z.object(metricsInput),
  output: MergeTimeResultSchema,
  hints: {
    aliases: ['pr cycle time', 'time to merge', 'merge time', 'how long do prs take to merge', 'review turnaround'],
    when_to_use:
      'To see whether pull requests wait too long, where (first review, approval to merge) and which sizes or repositories are slow.',
    not_for:
      'Lead time to production (use code_host_get_dora_metrics); per-person figures (code_host_get_pr_developer_metrics); PRs open right now (code_host_get_stale_prs).',
    examples: [{ query: 'how long do our PRs take to merge?', tool: 'get_pr_merge_time_metrics', params: {} }],
  },
  async run(ctx): Promise<MergeTimeResult> {
    const { window, metadata } = metricsWindow(ctx, ctx.args.time_period_days);
    const fan = await overRepos(ctx, ctx.args.repo_ids, (target) => pullActivity(ctx, target, window, { sizes: true }));
    return {
      ...mergeTimeMetrics(
        fan.perRepo.flatMap((r) => r.value),
        window,
      ),
      metadata: metadata(fan.perRepo.map((r) => r.repo)),
    };
  },
});

export const getPrDeveloperMetrics = defineTool({
  system: 'code_host',
  name: 'get_pr_developer_metrics',
  title: 'Pull request metrics per developer',
  description:
    'Pull request workflow per person over the last time_period_days. As author: PRs opened, merged, closed unmerged, merge rate, median cycle time (open to merge), median wait for a first review, median size, reviews and change requests received. As reviewer: reviews, approvals and change requests given. Bots are left out.',
  capability: {
    type: 'analytical',
    name: 'code_host.analytics.pr_developer_metrics',
    outputs: [
      'prs_opened',
      'prs_merged',
      'merge_rate_percent',
      'median_cycle_time_hours',
      'median_time_to_first_review_hours',
      'reviews_given',
    ],
  },
  input: z.object({ ...metricsInput, username: GithubLogin.optional().describe('Only this person') }),
  output: PrDeveloperResultSchema,
  hints: {
    aliases: ['pr stats per developer', 'review load', 'who reviews most', 'pr metrics by person'],
    when_to_use:
      'For 1:1s and review-load balancing: who waits long for reviews, who reviews a lot, whose PRs get sent back.',
    not_for:
      'Overall contribution volume incl. commits and issues (use code_host_get_developer_metrics); team-level merge time (code_host_get_pr_merge_time_metrics).',
    examples: [
      { query: 'who is doing the most code reviews?', tool: 'get_pr_developer_metrics', params: {} },
      {
        query: 'PR stats for ada over 60 days',
        tool: 'get_pr_developer_metrics',
        params: { username: 'ada', time_period_days: 60 },
      },
    ],
  },
  async run(ctx): Promise<PrDeveloperResult> {
    const { window, metadata } = metricsWindow(ctx, ctx.args.time_period_days);
    const fan = await overRepos(ctx, ctx.args.repo_ids, (target) => pullActivity(ctx, target, window, { sizes: true }));
    const wanted = ctx.args.username?.toLowerCase();
    const developers = pullRequestPeople(
      fan.perRepo.flatMap((r) => r.value),
      window,
    ).filter((d) => !wanted || d.login.toLowerCase() === wanted);
    return { developers, count: developers.length, metadata: metadata(fan.perRepo.map((r) => r.repo)) };
  },
});
