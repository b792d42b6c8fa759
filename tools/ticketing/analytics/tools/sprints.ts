import { z } from 'zod';
import { defineTool } from '../../../../src/toolkit/define-tool.js';
import { Refresh } from '../../../shared/fields.js';
import { SPRINT } from '../derivations.js';
import { boardSprints, boardsOf, sprintTickets } from '../gather.js';
import { SprintMetricsResultSchema, type SprintMetricsResult } from '../schemas.js';
import {
  carriedOver,
  sprintFigures,
  sprintHeader,
  velocityBefore,
  VELOCITY_SPRINTS,
  type SprintRecord,
} from '../sprints.js';
import { analytical, optionalProject } from './common.js';

/** Closed sprints listed when current_only is false. */
const CLOSED_LISTED = 6;

export const getSprintMetrics = defineTool({
  system: 'ticketing',
  name: 'get_sprint_metrics',
  title: 'Sprint progress and velocity',
  description:
    "The active sprint of a project's Scrum board: issues completed (done, resolved by sprint end) and remaining, completion rate, story points committed (tickets in the sprint now), completed and remaining, velocity (mean completed points of the last 3 closed sprints), by status. current_only=false adds recent closed sprints with carry-over.",
  capability: analytical('sprint_metrics', [
    'sprint',
    'completion_rate_percent',
    'story_points',
    'velocity',
    'by_status',
    'carried_over',
  ]),
  input: z.object({
    project_key: optionalProject,
    current_only: z
      .boolean()
      .default(true)
      .describe('Only the active sprint (default); false adds the latest closed sprints with carry-over'),
    refresh: Refresh,
  }),
  output: SprintMetricsResultSchema,
  hints: {
    aliases: [
      'sprint progress',
      'sprint burndown',
      'current sprint',
      'velocity',
      'story points committed',
      'will we finish the sprint',
      'sprint report',
    ],
    when_to_use:
      'To see how the current sprint is going (done vs remaining, story points against velocity, days left) or how past sprints went and what they carried over.',
    not_for:
      'Flow over a period (cycle time, WIP, blocked: use ticketing_get_project_productivity_metrics); the tickets themselves (ticketing_get_tickets).',
    examples: [
      { query: 'how is the current API sprint going?', tool: 'get_sprint_metrics', params: { project_key: 'API' } },
      {
        query: 'velocity and carry-over of the last sprints in WEB',
        tool: 'get_sprint_metrics',
        params: { project_key: 'WEB', current_only: false },
      },
    ],
  },
  async run(ctx): Promise<SprintMetricsResult> {
    const now = ctx.clock.now();
    const boards = (await boardsOf(ctx, ctx.args.project_key)).filter((b) => b.type === 'scrum');
    let chosen: { board: (typeof boards)[number]; sprints: SprintRecord[] } | undefined;
    for (const board of boards) {
      const sprints = await boardSprints(ctx, board.id);
      chosen ??= { board, sprints };
      if (sprints.some((s) => s.state === 'active')) {
        chosen = { board, sprints };
        break;
      }
    }
    if (!chosen) return { board: null, sprint: null, metrics: null, closed_sprints: [], derivation: SPRINT };
    const { board, sprints } = chosen;
    const projectKey = board.projectKey ?? ctx.args.project_key ?? '';
    const active = sprints.find((s) => s.state === 'active') ?? null;
    const closed = sprints
      .filter((s) => s.state === 'closed')
      .sort((a, b) => (b.completeDate ?? b.endDate ?? 0) - (a.completeDate ?? a.endDate ?? 0))
      .slice(0, (ctx.args.current_only ? 0 : CLOSED_LISTED) + VELOCITY_SPRINTS);
    const [activeTickets, ...closedTickets] = await Promise.all([
      active ? sprintTickets(ctx, active.id, projectKey) : Promise.resolve([]),
      ...closed.map((s) => sprintTickets(ctx, s.id, projectKey)),
    ]);
    const history = closed.map((sprint, i) => ({ sprint, tickets: closedTickets[i] }));
    const byId = new Map(sprints.map((s) => [s.id, s]));
    const closedRows = ctx.args.current_only
      ? []
      : history.slice(0, CLOSED_LISTED).map(({ sprint, tickets }) => ({
          sprint: sprintHeader(sprint, now),
          metrics: sprintFigures(sprint, tickets, now, velocityBefore(sprint, history, now)),
          carried_over: carriedOver(sprint, tickets, byId, now).length,
        }));
    return {
      board: { id: board.id, name: board.name, project_key: board.projectKey },
      sprint: active ? sprintHeader(active, now) : null,
      metrics: active ? sprintFigures(active, activeTickets, now, velocityBefore(active, history, now)) : null,
      closed_sprints: closedRows,
      derivation: SPRINT,
    };
  },
});
