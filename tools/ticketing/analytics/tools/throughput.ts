import { z } from 'zod';
import { defineTool } from '../../../../src/toolkit/define-tool.js';
import { round } from '../../../../src/analytics/stats.js';
import { THROUGHPUT } from '../derivations.js';
import { overProjects, projectTickets, windowMetadata } from '../gather.js';
import {
  ThroughputByProjectResultSchema,
  ThroughputResultSchema,
  type ThroughputByProjectResult,
  type ThroughputResult,
} from '../schemas.js';
import { throughputOf } from '../throughput.js';
import { analytical, optionalProject, windowInput } from './common.js';

const OUTPUTS = ['resolved', 'created', 'net_flow', 'story_points_resolved', 'resolved_per_week', 'weeks', 'trend'];

export const getThroughputMetrics = defineTool({
  system: 'ticketing',
  name: 'get_throughput_metrics',
  title: 'Ticket throughput with weekly trend',
  description:
    'Weekly throughput of one project (all pooled without project_key) over time_period_days: tickets resolved (resolution date) and created per 7-day bucket back from now, resolved story points, net flow (created - resolved) and trend (least-squares slope of resolved per week: up/down beyond 10% of the weekly mean, else flat). The result states each derivation.',
  capability: analytical('throughput_metrics', OUTPUTS),
  input: z.object({ project_key: optionalProject, ...windowInput }),
  output: ThroughputResultSchema,
  hints: {
    aliases: [
      'ticket throughput',
      'tickets closed per week',
      'weekly velocity',
      'are we shipping more or less',
      'resolved tickets trend',
      'jira throughput',
    ],
    when_to_use:
      'To see how many Jira tickets a team finishes per week and whether that is rising or falling, or whether the backlog grows faster than it is worked off.',
    not_for:
      'Separate rows per project (use ticketing_get_throughput_metrics_by_project); cycle time, WIP and blocked work (ticketing_get_project_productivity_metrics); GitHub pull request throughput (code_host_get_eng_metrics).',
    examples: [
      {
        query: 'how many tickets did API close per week this quarter?',
        tool: 'get_throughput_metrics',
        params: { project_key: 'API', time_period_days: 90 },
      },
      { query: 'is our Jira throughput trending up?', tool: 'get_throughput_metrics', params: {} },
    ],
  },
  async run(ctx): Promise<ThroughputResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const read = (await overProjects(ctx, ctx.args.project_key, (project) => projectTickets(ctx, project, window))).map(
      (r) => r.value,
    );
    return {
      ...throughputOf(
        read.flatMap((r) => r.tickets),
        window,
      ),
      derivation: THROUGHPUT,
      metadata: metadata(read),
    };
  },
});

export const getThroughputMetricsByProject = defineTool({
  system: 'ticketing',
  name: 'get_throughput_metrics_by_project',
  title: 'Ticket throughput per project',
  description:
    'The weekly throughput of ticketing_get_throughput_metrics computed for every project the caller can see, one row each (resolved, created, net flow, story points, weekly buckets, trend), most resolved first, with totals. Projects that cannot be read are named in failed_sources. The result states each derivation.',
  capability: analytical('throughput_metrics_by_project', OUTPUTS),
  input: z.object(windowInput),
  output: ThroughputByProjectResultSchema,
  hints: {
    aliases: [
      'throughput per project',
      'compare projects throughput',
      'which team closes the most tickets',
      'jira projects weekly throughput',
    ],
    when_to_use:
      'To compare Jira projects on how much they finish per week and which ones are speeding up or slowing down.',
    not_for:
      'One pooled figure (use ticketing_get_throughput_metrics); a leadership overview with cycle time and blocked work (ticketing_get_executive_summary_all_projects).',
    examples: [
      {
        query: 'compare weekly throughput across all our Jira projects',
        tool: 'get_throughput_metrics_by_project',
        params: { time_period_days: 60 },
      },
    ],
  },
  async run(ctx): Promise<ThroughputByProjectResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const read = (await overProjects(ctx, undefined, (project) => projectTickets(ctx, project, window))).map(
      (r) => r.value,
    );
    const projects = read
      .map((r) => ({ project_key: r.project.key, name: r.project.name, ...throughputOf(r.tickets, window) }))
      .sort((a, b) => b.resolved - a.resolved || a.project_key.localeCompare(b.project_key));
    const sum = (pick: (p: (typeof projects)[number]) => number) => projects.reduce((n, p) => n + pick(p), 0);
    const resolved = sum((p) => p.resolved);
    return {
      projects,
      totals: {
        resolved,
        created: sum((p) => p.created),
        net_flow: sum((p) => p.net_flow),
        story_points_resolved: round(sum((p) => p.story_points_resolved)) as number,
        resolved_per_week: round((resolved / ctx.args.time_period_days) * 7) as number,
      },
      count: projects.length,
      derivation: THROUGHPUT,
      metadata: metadata(read),
    };
  },
});
