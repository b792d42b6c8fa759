import { z } from 'zod';
import { defineTool } from '../../../../src/toolkit/define-tool.js';
import { inWindow, round } from '../../../../src/analytics/stats.js';
import { DEVELOPER } from '../derivations.js';
import { activeIn, developerMetrics } from '../developers.js';
import { overProjects, projectTickets, windowMetadata } from '../gather.js';
import {
  DeveloperAllProjectsResultSchema,
  DeveloperMetricsResultSchema,
  type DeveloperAllProjectsResult,
  type DeveloperMetricsResult,
} from '../schemas.js';
import { analytical, DeveloperLimit, optionalProject, windowInput } from './common.js';

const OUTPUTS = ['issues', 'by_type', 'story_points', 'time_metrics'];

export const getDeveloperMetrics = defineTool({
  system: 'ticketing',
  name: 'get_developer_metrics',
  title: 'Ticket metrics per person',
  description:
    'Jira figures per person over time_period_days in one project (all pooled without project_key): assigned tickets active in the window, reported, resolved, in progress and blocked now; by type; story points (project field); mean resolution and cycle time (first in-progress move to resolution); worklog hours. Most resolved first, up to limit. Activity, not performance.',
  capability: analytical('developer_metrics', OUTPUTS),
  input: z.object({ project_key: optionalProject, ...windowInput, limit: DeveloperLimit }),
  output: DeveloperMetricsResultSchema,
  hints: {
    aliases: [
      'jira developer metrics',
      'who resolved the most tickets',
      'tickets per engineer',
      'story points per person',
      'team workload jira',
    ],
    when_to_use:
      'To see per person how many Jira tickets they hold, finished, have in progress or blocked, their story points and how long their tickets take, e.g. before 1:1s or to spot overload.',
    not_for:
      "A per-project breakdown for each person (use ticketing_get_developer_metrics_all_projects); GitHub commits and reviews (code_host_get_developer_metrics); one person's open tickets (ticketing_get_tickets_by_user).",
    examples: [
      {
        query: 'who on API resolved the most tickets this month?',
        tool: 'get_developer_metrics',
        params: { project_key: 'API' },
      },
      {
        query: 'story points per developer over the last two weeks, top 10',
        tool: 'get_developer_metrics',
        params: { time_period_days: 14, limit: 10 },
      },
    ],
  },
  async run(ctx): Promise<DeveloperMetricsResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const read = (await overProjects(ctx, ctx.args.project_key, (project) => projectTickets(ctx, project, window))).map(
      (r) => r.value,
    );
    const developers = developerMetrics(
      read.flatMap((r) => r.tickets),
      window,
    );
    return {
      developers: developers.slice(0, ctx.args.limit),
      period_days: ctx.args.time_period_days,
      total_developers: developers.length,
      derivation: DEVELOPER,
      metadata: metadata(read),
    };
  },
});

export const getDeveloperMetricsAllProjects = defineTool({
  system: 'ticketing',
  name: 'get_developer_metrics_all_projects',
  specNames: ['get_developer_ticket_metrics_all_projects'],
  title: 'Ticket metrics per person across every project',
  description:
    'The per-person figures of ticketing_get_developer_metrics over every project the caller can see, pooled per person, with each project the person has tickets in (assigned and active, resolved, story points completed). Most resolved first, up to limit. Unreadable projects are named in failed_sources. The result states each derivation.',
  capability: analytical('developer_ticket_metrics_all_projects', [...OUTPUTS, 'projects']),
  input: z.object({ ...windowInput, limit: DeveloperLimit }),
  output: DeveloperAllProjectsResultSchema,
  hints: {
    aliases: [
      'developer metrics all projects',
      'cross-project workload',
      'who works on which projects',
      'engineer ticket load across teams',
    ],
    when_to_use:
      "To see each person's Jira work across every project at once and how it splits between projects, e.g. to find people spread over too many projects.",
    not_for:
      'One project only (use ticketing_get_developer_metrics with project_key); project-level figures (ticketing_get_executive_summary_all_projects).',
    examples: [
      {
        query: "how is each engineer's ticket load spread across projects?",
        tool: 'get_developer_metrics_all_projects',
        params: {},
      },
    ],
  },
  async run(ctx): Promise<DeveloperAllProjectsResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const read = (await overProjects(ctx, undefined, (project) => projectTickets(ctx, project, window))).map(
      (r) => r.value,
    );
    const all = developerMetrics(
      read.flatMap((r) => r.tickets),
      window,
    );
    const developers = all.slice(0, ctx.args.limit).map((dev) => ({
      ...dev,
      projects: read.flatMap(({ project, tickets }) => {
        const mine = tickets.filter((t) => t.assignee?.accountId === dev.accountId && activeIn(t, window));
        if (mine.length === 0) return [];
        const resolved = mine.filter((t) => inWindow(t.resolved, window));
        return [
          {
            project_key: project.key,
            total: mine.length,
            resolved: resolved.length,
            story_points_completed: round(resolved.reduce((n, t) => n + (t.storyPoints ?? 0), 0)) as number,
          },
        ];
      }),
    }));
    return {
      developers,
      period_days: ctx.args.time_period_days,
      total_developers: all.length,
      derivation: DEVELOPER,
      metadata: metadata(read),
    };
  },
});
