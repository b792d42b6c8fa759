import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { CONTRIBUTION_COUNTERS, developerActivity } from './metrics/people.js';
import { GithubLogin } from '../fields.js';
import { commitActivity, issueActivity, pullActivity } from './activity-signals.js';
import { metricsInput, metricsWindow, overRepos } from './common.js';
import { DeveloperMetricsResultSchema, type DeveloperMetricsResult } from './schemas.js';

export const getDeveloperMetrics = defineTool({
  system: 'code_host',
  name: 'get_developer_metrics',
  title: 'Developer activity metrics',
  description:
    'Contribution volume per person over the last time_period_days: commits on default branches, pull requests opened and merged, lines added and deleted by merged PRs, reviews given, issues opened and assigned issues closed, and the repositories worked in. Bots are left out. Counts describe activity, not performance.',
  capability: {
    type: 'analytical',
    name: 'code_host.analytics.developer_metrics',
    outputs: [...CONTRIBUTION_COUNTERS],
  },
  input: z.object({ ...metricsInput, username: GithubLogin.optional().describe('Only this person') }),
  output: DeveloperMetricsResultSchema,
  hints: {
    aliases: [
      'developer metrics',
      'engineer activity',
      'who is working on what',
      'contribution stats',
      'team activity',
    ],
    when_to_use:
      'To see who contributed what across repositories in a period, e.g. before 1:1s or to spot someone overloaded or blocked.',
    not_for:
      "Review speed and PR workflow per person (use code_host_get_pr_developer_metrics); lifetime commit counts (code_host_get_contributors); one person's open work (code_host_get_my_code_host_work).",
    examples: [
      { query: 'what has the team been working on this month?', tool: 'get_developer_metrics', params: {} },
      {
        query: 'activity of ada in acme/api over two weeks',
        tool: 'get_developer_metrics',
        params: { repo_ids: 'acme/api', time_period_days: 14, username: 'ada' },
      },
    ],
  },
  async run(ctx): Promise<DeveloperMetricsResult> {
    const { window, metadata } = metricsWindow(ctx, ctx.args.time_period_days);
    const fan = await overRepos(ctx, ctx.args.repo_ids, async (target) => {
      const [prs, issues, commits] = await Promise.all([
        pullActivity(ctx, target, window, { sizes: true }),
        issueActivity(ctx, target, window),
        commitActivity(ctx, target, window),
      ]);
      return { prs, issues, commits };
    });
    const all = fan.perRepo.map((r) => r.value);
    const wanted = ctx.args.username?.toLowerCase();
    const developers = developerActivity(
      { prs: all.flatMap((a) => a.prs), issues: all.flatMap((a) => a.issues), commits: all.flatMap((a) => a.commits) },
      window,
    ).filter((d) => !wanted || d.login.toLowerCase() === wanted);
    return { developers, count: developers.length, metadata: metadata(fan.perRepo.map((r) => r.repo)) };
  },
});
