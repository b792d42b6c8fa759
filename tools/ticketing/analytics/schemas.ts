import { z } from 'zod';
import { CARRY_OVER, DEVELOPER, DORA, FLOW, SPRINT, SUMMARY, THROUGHPUT, TICKET_SCOPE } from './derivations.js';

/**
 * Output schemas of the ticketing analytical tools. Every result carries `metadata` (window, projects,
 * tickets read) and `derivation` (how each figure is computed); the executor adds `cache` and, when a
 * project could not be read, `partial` and `failed_sources`. Figures computed from no data are null.
 */

const Int = z.number().int();
const Timestamp = z.string().meta({ format: 'date-time' });
const Hours = z.number().nullable();
const Percent = z.number().nullable();
const ProjectKey = z.string().describe('Jira project key, e.g. "PAY"');
const Derivation = z.record(z.string(), z.string()).describe('How each figure is derived, by figure name');

const MetadataSchema = z
  .looseObject({
    time_period_days: Int,
    start_date: Timestamp.describe('Window start'),
    end_date: Timestamp.describe('Window end (now)'),
    projects: z.array(ProjectKey).describe('Projects whose tickets were read'),
    projects_analyzed: Int,
    tickets_analyzed: Int.describe(TICKET_SCOPE),
    capped: z
      .boolean()
      .describe('True when a project had more matching tickets than one call reads (figures cover the newest)'),
  })
  .describe('The window and what the figures cover');

const PercentilesSchema = z
  .looseObject({
    p50: Hours,
    p75: Hours,
    p85: Hours,
    p95: Hours,
    mean: Hours,
    count: Int.describe('Durations measured'),
  })
  .describe('Percentiles of durations in hours; null without data');

const TicketRefSchema = z.looseObject({
  key: z.string(),
  summary: z.string(),
  status: z.string(),
  assignee: z.string().nullable(),
});

const WeekSchema = z.looseObject({
  week_start: Timestamp,
  week_end: Timestamp,
  days: z.number().describe('7, except the oldest bucket of a window that is not whole weeks'),
  resolved: Int,
  created: Int,
  story_points_resolved: z.number(),
});

const TrendSchema = z
  .looseObject({
    direction: z.enum(['up', 'down', 'flat', 'insufficient_data']),
    slope_per_week: z
      .number()
      .nullable()
      .describe('Least-squares slope of resolved per week, tickets per week per week'),
    change_percent: Percent.describe('Second half of the weeks against the first half (resolved per week)'),
  })
  .describe('Trend of weekly throughput');

const ByKindSchema = z.looseObject({
  bugs: Int,
  stories: Int,
  tasks: Int.describe('Tasks and sub-tasks'),
  other: Int,
});

/** Throughput figures without their derivations (tools that embed them point to the throughput tool). */
const ThroughputCoreSchema = z.looseObject({
  resolved: Int,
  created: Int,
  net_flow: Int.describe('created - resolved: positive when the backlog grows'),
  story_points_resolved: z.number(),
  resolved_per_week: z.number(),
  resolved_by_type: ByKindSchema,
  weeks: z.array(WeekSchema).describe('Oldest first'),
  trend: TrendSchema,
});

const ThroughputSchema = ThroughputCoreSchema.extend({
  resolved: Int.describe(THROUGHPUT.resolved),
  weeks: z.array(WeekSchema).describe(`${THROUGHPUT.weeks} Oldest first.`),
  trend: TrendSchema.describe(THROUGHPUT.trend),
});

export const ThroughputResultSchema = ThroughputSchema.extend({ derivation: Derivation, metadata: MetadataSchema });
export type ThroughputResult = z.infer<typeof ThroughputResultSchema>;

export const ThroughputByProjectResultSchema = z.looseObject({
  projects: z
    .array(ThroughputSchema.extend({ project_key: ProjectKey, name: z.string() }))
    .describe('Most resolved first'),
  totals: z.looseObject({
    resolved: Int,
    created: Int,
    net_flow: Int,
    story_points_resolved: z.number(),
    resolved_per_week: z.number(),
  }),
  count: Int,
  derivation: Derivation,
  metadata: MetadataSchema,
});
export type ThroughputByProjectResult = z.infer<typeof ThroughputByProjectResultSchema>;

const WipSchema = z.looseObject({
  count: Int.describe('Tickets in an in-progress status now'),
  by_status: z.record(z.string(), Int),
  unassigned: Int,
  per_assignee: z.number().nullable().describe('Assigned WIP per person holding any'),
  age_days: z
    .looseObject({ p50: z.number().nullable(), p85: z.number().nullable() })
    .describe('Days since work started'),
  oldest: z.array(TicketRefSchema.extend({ age_days: z.number() })),
});

const BlockedSchema = z.looseObject({
  blocked_now: Int,
  blocked_hours_in_window: z.number(),
  tickets_blocked_in_window: Int,
  blocked_share_of_cycle_percent: Percent,
  longest_blocked: z.array(
    TicketRefSchema.extend({ flagged: z.boolean(), blocked_hours: z.number().describe('Current blocked span') }),
  ),
});

const SprintCarrySchema = z.looseObject({
  id: Int,
  name: z.string(),
  completeDate: Timestamp.nullable(),
  committed: Int,
  completed: Int,
  carried_over: Int,
  carry_over_percent: Percent,
});

const CarryOverSchema = z.looseObject({
  sprints: z.array(SprintCarrySchema).describe('Closed sprints that started and completed in the window, oldest first'),
  average_carry_over_percent: Percent,
});

export const ProductivityResultSchema = z.looseObject({
  project_key: ProjectKey,
  throughput: ThroughputCoreSchema.describe('Derived as ticketing_get_throughput_metrics derives it, for this project'),
  cycle_time_hours: PercentilesSchema.describe(FLOW.cycle_time_hours),
  lead_time_hours: PercentilesSchema.describe(FLOW.lead_time_hours),
  resolved_without_start: Int.describe('Resolved without ever being in progress: no cycle time'),
  wip: WipSchema.describe(FLOW.wip),
  blocked: BlockedSchema.describe(FLOW.blocked),
  carry_over: CarryOverSchema.describe(CARRY_OVER),
  derivation: Derivation,
  metadata: MetadataSchema,
});
export type ProductivityResult = z.infer<typeof ProductivityResultSchema>;

const DeveloperSchema = z.looseObject({
  accountId: z.string(),
  displayName: z.string(),
  issues: z
    .looseObject({ total: Int, created: Int, resolved: Int, in_progress: Int, blocked: Int })
    .describe(DEVELOPER.issues),
  by_type: ByKindSchema.describe(DEVELOPER.by_type),
  story_points: z
    .looseObject({ total: z.number(), completed: z.number(), average_per_issue: z.number().nullable() })
    .describe(DEVELOPER.story_points),
  time_metrics: z
    .looseObject({ avg_resolution_hours: Hours, avg_cycle_time_hours: Hours, time_logged_hours: z.number() })
    .describe(DEVELOPER.time_metrics),
});

export const DeveloperMetricsResultSchema = z.looseObject({
  developers: z.array(DeveloperSchema),
  period_days: Int,
  total_developers: Int.describe('People with figures before the limit'),
  derivation: Derivation,
  metadata: MetadataSchema,
});
export type DeveloperMetricsResult = z.infer<typeof DeveloperMetricsResultSchema>;

export const DeveloperAllProjectsResultSchema = DeveloperMetricsResultSchema.extend({
  developers: z.array(
    DeveloperSchema.extend({
      projects: z
        .array(
          z.looseObject({ project_key: ProjectKey, total: Int, resolved: Int, story_points_completed: z.number() }),
        )
        .describe('Projects the person has tickets in'),
    }),
  ),
});
export type DeveloperAllProjectsResult = z.infer<typeof DeveloperAllProjectsResultSchema>;

const DoraCategory = z
  .enum(['elite', 'high', 'medium', 'low', 'no_data'])
  .describe('DORA band; no_data when nothing could be measured');
const Benchmark = z.looseObject({ elite: z.string(), high: z.string(), medium: z.string(), low: z.string() });
const doraMetric = (value: z.ZodType, fields: z.ZodRawShape) =>
  z.looseObject({
    value,
    unit: z.string(),
    category: DoraCategory,
    description: z.string().describe('How the figure is derived'),
    benchmark: Benchmark,
    ...fields,
  });

export const DoraResultSchema = z.looseObject({
  deployment_frequency: doraMetric(z.number().describe('Releases per week'), { total_releases: Int }).describe(
    DORA.deployment_frequency,
  ),
  lead_time_for_changes: doraMetric(Hours.describe('Median hours'), { p90: Hours, changes_measured: Int }).describe(
    DORA.lead_time_for_changes,
  ),
  change_failure_rate: doraMetric(Percent, {
    bugs_after_release: Int,
    failed_releases: Int,
    total_releases: Int,
  }).describe(DORA.change_failure_rate),
  mean_time_to_recovery: doraMetric(Hours, { incidents_count: Int, resolved_count: Int }).describe(
    DORA.mean_time_to_recovery,
  ),
  releases: z
    .array(
      z.looseObject({
        project_key: ProjectKey,
        id: z.string(),
        name: z.string(),
        releaseDate: z.string(),
        bugs_after_release: Int,
      }),
    )
    .describe('Releases in the window, oldest first'),
  metadata: MetadataSchema,
});
export type DoraResult = z.infer<typeof DoraResultSchema>;

const SprintHeaderSchema = z.looseObject({
  id: Int,
  name: z.string(),
  state: z.enum(['active', 'closed', 'future']),
  startDate: Timestamp.nullable(),
  endDate: Timestamp.nullable(),
  completeDate: Timestamp.nullable(),
  days_remaining: Int.nullable().describe('Whole days to the end date; 0 once closed; null without an end date'),
});

const SprintFiguresSchema = z.looseObject({
  total_issues: Int,
  completed: Int,
  remaining: Int,
  completion_rate_percent: Percent,
  story_points: z.looseObject({
    committed: z.number(),
    completed: z.number(),
    remaining: z.number(),
    velocity: z.number().nullable(),
  }),
  by_status: z.record(z.string(), Int),
});

export const SprintMetricsResultSchema = z.looseObject({
  board: z
    .looseObject({ id: Int, name: z.string(), project_key: ProjectKey.nullable() })
    .nullable()
    .describe('The board read; null when none was found'),
  sprint: SprintHeaderSchema.nullable().describe(`${SPRINT.sprint} Null when the board has no active sprint.`),
  metrics: SprintFiguresSchema.nullable().describe(`${SPRINT.completed} ${SPRINT.story_points}`),
  closed_sprints: z
    .array(
      z.looseObject({
        sprint: SprintHeaderSchema,
        metrics: SprintFiguresSchema,
        carried_over: Int.describe(SPRINT.carried_over),
      }),
    )
    .describe('current_only=false: the latest closed sprints, newest first; empty otherwise'),
  derivation: Derivation,
});
export type SprintMetricsResult = z.infer<typeof SprintMetricsResultSchema>;

const ProjectSummarySchema = z.looseObject({
  project_key: ProjectKey,
  name: z.string(),
  resolved: Int,
  created: Int,
  net_flow: Int,
  story_points_resolved: z.number(),
  trend: TrendSchema.shape.direction,
  cycle_time_p50_hours: Hours,
  lead_time_p50_hours: Hours,
  wip: Int,
  blocked_now: Int,
  open_bugs: Int.describe(SUMMARY.open_bugs),
  releases: Int.describe(SUMMARY.releases),
  attention: z.array(z.string()).describe(`Why the project needs a look; empty when none. ${SUMMARY.attention}`),
});

export const ExecutiveSummaryResultSchema = z.looseObject({
  totals: z.looseObject({
    projects: Int,
    resolved: Int,
    created: Int,
    net_flow: Int,
    story_points_resolved: z.number(),
    wip: Int,
    blocked_now: Int,
    open_bugs: Int,
    releases: Int,
    cycle_time_p50_hours: Hours.describe('Over every project pooled'),
    lead_time_p50_hours: Hours,
  }),
  projects: z.array(ProjectSummarySchema).describe('Projects needing attention first, then most resolved'),
  needs_attention: Int.describe('Projects with at least one attention reason'),
  derivation: Derivation,
  metadata: MetadataSchema,
});
export type ExecutiveSummaryResult = z.infer<typeof ExecutiveSummaryResultSchema>;
