import { z } from 'zod';
import { defineTool } from '../../../../src/toolkit/define-tool.js';
import { DORA_BENCHMARKS } from '../../../../src/analytics/bands.js';
import { DORA } from '../derivations.js';
import { ticketDora } from '../dora.js';
import { overProjects, projectTickets, projectVersions, windowMetadata } from '../gather.js';
import { DoraResultSchema, type DoraResult } from '../schemas.js';
import { analytical, optionalProject, windowInput } from './common.js';

export const getDoraMetrics = defineTool({
  system: 'ticketing',
  name: 'get_dora_metrics',
  title: 'DORA metrics from Jira releases',
  description:
    "DORA metrics of one project (all pooled without project_key) over time_period_days from Jira releases: released versions per week; lead time = first in-progress move of fixed tickets to the release day's end (median); failure rate = releases followed by a bug (affects-version, else within 7 days); MTTR = mean hours to resolve incidents. Each has its band and derivation.",
  capability: analytical('dora_metrics', [
    'deployment_frequency',
    'lead_time_for_changes',
    'change_failure_rate',
    'mean_time_to_recovery',
  ]),
  input: z.object({ project_key: optionalProject, ...windowInput }),
  output: DoraResultSchema,
  hints: {
    aliases: [
      'dora jira',
      'release frequency',
      'releases per week',
      'bugs after release',
      'incident recovery time',
      'jira delivery performance',
    ],
    when_to_use:
      'For DORA-style delivery questions answered from Jira releases (fix versions), bugs and incidents rather than from code deployments.',
    not_for:
      'DORA from GitHub deployments, CI and pull requests (use code_host_get_dora_metrics); sprint progress (ticketing_get_sprint_metrics).',
    examples: [
      {
        query: 'DORA metrics of the API project from our Jira releases',
        tool: 'get_dora_metrics',
        params: { project_key: 'API' },
      },
      {
        query: 'how often did we release last quarter and how many releases had bugs?',
        tool: 'get_dora_metrics',
        params: { time_period_days: 90 },
      },
    ],
  },
  async run(ctx): Promise<DoraResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const read = await overProjects(ctx, ctx.args.project_key, async (project) => {
      const [tickets, versions] = await Promise.all([
        projectTickets(ctx, project, window),
        projectVersions(ctx, project.key),
      ]);
      return { tickets, versions };
    });
    const dora = ticketDora(
      read.flatMap((r) => r.value.tickets.tickets),
      read.flatMap((r) => r.value.versions),
      window,
      ctx.args.time_period_days,
    );
    return {
      deployment_frequency: {
        ...dora.deployment_frequency,
        description: DORA.deployment_frequency,
        benchmark: DORA_BENCHMARKS.deployment_frequency,
      },
      lead_time_for_changes: {
        ...dora.lead_time_for_changes,
        description: DORA.lead_time_for_changes,
        benchmark: DORA_BENCHMARKS.lead_time_for_changes,
      },
      change_failure_rate: {
        ...dora.change_failure_rate,
        description: DORA.change_failure_rate,
        benchmark: DORA_BENCHMARKS.change_failure_rate,
      },
      mean_time_to_recovery: {
        ...dora.mean_time_to_recovery,
        description: DORA.mean_time_to_recovery,
        benchmark: DORA_BENCHMARKS.mean_time_to_recovery,
      },
      releases: dora.releases,
      metadata: metadata(read.map((r) => r.value.tickets)),
    };
  },
});
