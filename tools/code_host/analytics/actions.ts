import { allItems } from '../github.js';
import { z } from 'zod';
import { defineTool } from '../../../src/toolkit/define-tool.js';
import { workflowBreakdown } from './metrics/ci.js';
import { percent } from '../../../src/analytics/stats.js';
import { splitRepoId } from '../fields.js';
import { runActivity } from './activity-signals.js';
import { metricsInput, metricsWindow, overRepos } from './common.js';
import { ActionsInfoSchema, type ActionsInfo } from './schemas.js';

export const getActionsInfo = defineTool({
  system: 'code_host',
  name: 'get_actions_info',
  title: 'CI (GitHub Actions) overview',
  description:
    'CI health per repository over the last time_period_days from GitHub Actions: workflows (state, runs, success rate, median duration, last run), default-branch success rate and its latest failures, and runs in progress. Success rate = succeeded / (succeeded + failed); cancelled and skipped runs are left out.',
  capability: {
    type: 'analytical',
    name: 'code_host.analytics.actions_info',
    outputs: ['workflows', 'success_rate_percent', 'median_duration_minutes', 'recent_failures', 'in_progress'],
  },
  input: z.object(metricsInput),
  output: ActionsInfoSchema,
  hints: {
    aliases: ['ci status', 'github actions', 'build health', 'failing builds', 'pipeline runs', 'workflow runs'],
    when_to_use:
      'To check whether CI is green, which workflows fail or are slow, and what broke the default branch recently.',
    not_for:
      'Deployment-based change failure rate (use code_host_get_dora_metrics); pull request review flow (code_host_get_eng_metrics).',
    examples: [
      {
        query: 'is CI green on acme/api?',
        tool: 'get_actions_info',
        params: { repo_ids: 'acme/api', time_period_days: 7 },
      },
      { query: 'which builds keep failing?', tool: 'get_actions_info', params: {} },
    ],
  },
  async run(ctx): Promise<ActionsInfo> {
    const { window, metadata } = metricsWindow(ctx, ctx.args.time_period_days);
    const octokit = ctx.client('github');
    const fan = await overRepos(ctx, ctx.args.repo_ids, async (target) => {
      const [workflows, runs] = await Promise.all([
        allItems(
          octokit.paginate.iterator(octokit.rest.actions.listRepoWorkflows, {
            ...splitRepoId(target.repo),
            per_page: 100,
          }),
        ),
        runActivity(ctx, target, window),
      ]);
      const breakdown = workflowBreakdown(runs, target.defaultBranch, window);
      const stats = new Map(breakdown.workflows.map((w) => [w.name, w]));
      return {
        repo: target.repo,
        ...breakdown,
        workflows: workflows.map((w) => ({
          ...(stats.get(w.name) ?? { runs: 0, last_run: null }),
          name: w.name,
          path: w.path,
          state: w.state,
        })),
      };
    });
    const repositories = fan.perRepo.map((r) => r.value);
    const total = (pick: (r: (typeof repositories)[number]) => number) => repositories.reduce((n, r) => n + pick(r), 0);
    const succeeded = total((r) => r.succeeded);
    const failed = total((r) => r.failed);
    return {
      repositories,
      totals: {
        runs: total((r) => r.runs),
        succeeded,
        failed,
        in_progress: total((r) => r.in_progress),
        success_rate_percent: percent(succeeded, succeeded + failed),
      },
      metadata: metadata(repositories.map((r) => r.repo)),
    };
  },
});
