import { z } from 'zod';
import { defineTool, type ToolRunContext } from '../../../../src/toolkit/define-tool.js';
import { inWindow, mean, percent, round, type TimeWindow } from '../../../../src/analytics/stats.js';
import { CARRY_OVER, FLOW, THROUGHPUT } from '../derivations.js';
import { blockedOf, flowTimes, wipOf } from '../flow.js';
import { boardSprints, boardsOf, overProjects, projectTickets, windowMetadata } from '../gather.js';
import type { TicketHistory } from '../history.js';
import { ProductivityResultSchema, type ProductivityResult } from '../schemas.js';
import { carriedOver, completedIn, type SprintRecord } from '../sprints.js';
import { throughputOf } from '../throughput.js';
import { analytical, requiredProject, windowInput } from './common.js';

/** Carry-over of the closed sprints of the project's first Scrum board that started and completed in the window. */
async function carryOver<A>(
  ctx: ToolRunContext<A>,
  projectKey: string,
  tickets: readonly TicketHistory[],
  window: TimeWindow,
) {
  const [board] = (await boardsOf(ctx, projectKey)).filter((b) => b.type === 'scrum');
  const sprints: SprintRecord[] = board ? await boardSprints(ctx, board.id) : [];
  const byId = new Map(sprints.map((s) => [s.id, s]));
  const rows = sprints
    .filter(
      (s) => s.state === 'closed' && inWindow(s.startDate, window) && inWindow(s.completeDate ?? s.endDate, window),
    )
    .map((sprint) => {
      const inSprint = tickets.filter((t) => t.sprints.some((s) => s.id === sprint.id));
      const carried = carriedOver(sprint, inSprint, byId, window.end).length;
      return {
        id: sprint.id,
        name: sprint.name,
        completeDate: sprint.completeDate === null ? null : new Date(sprint.completeDate).toISOString(),
        committed: inSprint.length,
        completed: inSprint.filter((t) => completedIn(t, sprint, window.end)).length,
        carried_over: carried,
        carry_over_percent: percent(carried, inSprint.length),
      };
    });
  const rates = rows.map((r) => r.carry_over_percent).filter((p): p is number => p !== null);
  return { sprints: rows, average_carry_over_percent: round(mean(rates)) };
}

export const getProjectProductivityMetrics = defineTool({
  system: 'ticketing',
  name: 'get_project_productivity_metrics',
  title: 'Project flow: cycle time, lead time, WIP, blocked work, carry-over',
  description:
    'Flow of one Jira project over time_period_days from status history: weekly throughput and trend; cycle time (first in-progress move to resolution) and lead time (creation to resolution) p50-p95; WIP now and its age; blocked work (status Blocked or flagged) now and in the window; carry-over of closed sprints. The result states each derivation.',
  capability: analytical('project_productivity_metrics', [
    'throughput',
    'cycle_time_hours',
    'lead_time_hours',
    'wip',
    'blocked',
    'carry_over',
  ]),
  input: z.object({ project_key: requiredProject, ...windowInput }),
  output: ProductivityResultSchema,
  hints: {
    aliases: [
      'ticket cycle time',
      'ticket lead time',
      'wip',
      'work in progress',
      'blocked tickets',
      'carry over',
      'sprint spillover',
      'flow metrics',
      'project health',
    ],
    when_to_use:
      "For a delivery lead's view of one Jira project: how long tickets take from start and from creation (percentiles), how much is in progress and for how long, what is blocked, and how much each sprint carries over.",
    not_for:
      "The current sprint's burndown figures (use ticketing_get_sprint_metrics); every project at once (ticketing_get_executive_summary_all_projects); per person (ticketing_get_developer_metrics); one ticket's status history (ticketing_get_issue_aging).",
    examples: [
      {
        query: 'what is the cycle time of API?',
        tool: 'get_project_productivity_metrics',
        params: { project_key: 'API' },
      },
      {
        query: 'how much work is blocked or carried over in WEB over the last 60 days?',
        tool: 'get_project_productivity_metrics',
        params: { project_key: 'WEB', time_period_days: 60 },
      },
    ],
  },
  async run(ctx): Promise<ProductivityResult> {
    const { window, metadata } = windowMetadata(ctx.clock.now(), ctx.args.time_period_days);
    const [{ value: read }] = await overProjects(ctx, ctx.args.project_key, (project) =>
      projectTickets(ctx, project, window),
    );
    const tickets = read.tickets;
    return {
      project_key: read.project.key,
      throughput: throughputOf(tickets, window),
      ...flowTimes(tickets, window),
      wip: wipOf(tickets, window.end),
      blocked: blockedOf(tickets, window),
      carry_over: await carryOver(ctx, read.project.key, tickets, window),
      derivation: { ...THROUGHPUT, ...FLOW, carry_over: CARRY_OVER },
      metadata: metadata([read]),
    };
  },
});
