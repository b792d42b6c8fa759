import { z } from 'zod';
import { defineTool, type ToolRunContext } from '../../../src/toolkit/define-tool.js';
import { DORA_BENCHMARKS } from '../../../src/analytics/bands.js';
import { repoDora } from './metrics/dora.js';
import { DORA_DERIVATIONS, doraMetrics } from './metrics/dora-report.js';
import { metricsInput, metricsWindow, overRepos, type MetricsArgs } from './common.js';
import { deliverySignals } from './delivery-signals.js';
import { DoraByRepoResultSchema, DoraResultSchema, type DoraByRepoResult, type DoraResult } from './schemas.js';

const OUTPUTS = ['deployment_frequency', 'lead_time_for_changes', 'change_failure_rate', 'mean_time_to_recovery'];

/** The per-repository DORA facts of the requested repositories. */
async function doraOf(ctx: ToolRunContext<MetricsArgs>, args: MetricsArgs) {
  const { window, metadata } = metricsWindow(ctx, args.time_period_days);
  const fan = await overRepos(ctx, args.repo_ids, async (target) =>
    repoDora(await deliverySignals(ctx, target, window), window),
  );
  const repos = fan.perRepo.map((r) => r.value);
  return {
    repos,
    metadata: {
      ...metadata(repos.map((r) => r.repo)),
      signals: Object.fromEntries(repos.map((r) => [r.repo, r.signal])),
    },
  };
}

const WHEN =
  'For delivery performance questions (how often we ship, how long changes take to reach production, how often deploys fail, how fast we recover) and comparisons with the DORA research bands.';

export const getDoraMetrics = defineTool({
  system: 'code_host',
  name: 'get_dora_metrics',
  title: 'DORA metrics',
  description:
    'The four DORA metrics over all (or the given) repositories for the last time_period_days: deployment frequency (successful production deployments; else releases; else merges), lead time (first commit to deployment, p50/p90), change failure rate (failed deployments, else failed default-branch runs), MTTR (failed deploy to next success; incident issues). Each metric states its derivation.',
  capability: { type: 'analytical', name: 'code_host.analytics.dora_metrics', outputs: OUTPUTS },
  input: z.object(metricsInput),
  output: DoraResultSchema,
  hints: {
    aliases: [
      'dora',
      'dora metrics',
      'deployment frequency',
      'lead time for changes',
      'change failure rate',
      'mttr',
      'delivery performance',
    ],
    when_to_use: `${WHEN} Each metric carries its category (elite, high, medium, low) and the benchmark bands; flat holds the four plain numbers.`,
    not_for:
      'One row per repository (use code_host_get_dora_metrics_by_repo); pull request flow and review figures (code_host_get_eng_metrics); CI details (code_host_get_actions_info).',
    examples: [
      { query: 'what are our DORA metrics?', tool: 'get_dora_metrics', params: {} },
      {
        query: 'DORA for acme/api and acme/web over the last quarter',
        tool: 'get_dora_metrics',
        params: { repo_ids: 'acme/api,acme/web', time_period_days: 90 },
      },
    ],
  },
  async run(ctx): Promise<DoraResult> {
    const { repos, metadata } = await doraOf(ctx, ctx.args);
    return { ...doraMetrics(repos, ctx.args.time_period_days), metadata };
  },
});

export const getDoraMetricsByRepo = defineTool({
  system: 'code_host',
  name: 'get_dora_metrics_by_repo',
  title: 'DORA metrics per repository',
  description:
    'The four DORA metrics computed separately for each repository (all accessible or the given ones) over the last time_period_days, derived exactly as code_host_get_dora_metrics does, with the delivery signal each repository uses (deployments, releases or merged_pull_requests), sorted by deployment frequency.',
  capability: { type: 'analytical', name: 'code_host.analytics.dora_metrics_by_repo', outputs: OUTPUTS },
  input: z.object(metricsInput),
  output: DoraByRepoResultSchema,
  hints: {
    aliases: ['dora per repo', 'dora by repository', 'compare repos delivery', 'which service deploys most'],
    when_to_use: `${WHEN} Use it to compare repositories or to find the one dragging the team numbers down.`,
    not_for:
      'A single team-wide figure (use code_host_get_dora_metrics); per-person figures (code_host_get_developer_metrics).',
    examples: [
      {
        query: 'which repositories have the worst change failure rate?',
        tool: 'get_dora_metrics_by_repo',
        params: { time_period_days: 60 },
      },
    ],
  },
  async run(ctx): Promise<DoraByRepoResult> {
    const { repos, metadata } = await doraOf(ctx, ctx.args);
    const rows = repos.map((repo) => {
      const { deployment_frequency, lead_time_for_changes, change_failure_rate, mean_time_to_recovery, flat } =
        doraMetrics([repo], ctx.args.time_period_days);
      const bare = <T extends { description: string; benchmark: unknown }>({
        description: _d,
        benchmark: _b,
        ...rest
      }: T) => rest;
      return {
        repo: repo.repo,
        signal: repo.signal,
        deployment_frequency: bare(deployment_frequency),
        lead_time_for_changes: bare(lead_time_for_changes),
        change_failure_rate: bare(change_failure_rate),
        mean_time_to_recovery: bare(mean_time_to_recovery),
        flat,
      };
    });
    rows.sort((a, b) => b.flat.deployment_frequency - a.flat.deployment_frequency || a.repo.localeCompare(b.repo));
    return {
      repositories: rows,
      count: rows.length,
      derivations: DORA_DERIVATIONS,
      benchmark: DORA_BENCHMARKS,
      metadata,
    };
  },
});
