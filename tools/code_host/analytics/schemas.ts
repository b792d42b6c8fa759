import { z } from 'zod';
import { Int, RepoName, Timestamp } from '../schemas.js';

/**
 * Output schemas of the code_host analytical tools. Every metrics result carries `metadata` (window
 * and repositories); the executor adds `cache` (analytical results) and, when some repositories
 * failed, `partial` and `failed_sources` (as to every result).
 * Figures computed from no data are null, never 0: every ratio, percentile and mean is nullable.
 */

/** A share in percent (0-100, two decimals); null when there was nothing to divide by. */
const Percent = z.number().nullable();
/** Hours, two decimals; null when nothing was measured. */
const Hours = z.number().nullable();

const MetricsMetadataSchema = z
  .looseObject({
    time_period_days: Int,
    repositories_analyzed: Int.describe('Repositories that contributed to the figures'),
    repositories: z.array(RepoName),
    start_date: Timestamp.describe('Window start'),
    end_date: Timestamp.describe('Window end (now)'),
  })
  .describe('The window and the repositories the figures cover');
export type MetricsMetadata = z.infer<typeof MetricsMetadataSchema>;

/** The fields every metrics result carries besides its figures. */
const metricsFields = {
  metadata: MetricsMetadataSchema,
};

/** p50, p90 and mean of durations in hours, and how many durations were measured. */
const DurationSummarySchema = z.looseObject({
  p50: Hours.describe('Median hours'),
  p90: Hours,
  mean: Hours,
  count: Int.describe('Durations measured'),
});

// ---- CI ----------------------------------------------------------------------------------------

const RunSummarySchema = z.looseObject({
  runs: Int,
  succeeded: Int,
  failed: Int.describe('Concluded failure, timed_out or startup_failure'),
  cancelled_or_skipped: Int,
  in_progress: Int,
  success_rate_percent: Percent.describe('succeeded / (succeeded + failed); null without such runs'),
  median_duration_minutes: z.number().nullable().describe('Median duration of completed runs; null without any'),
});

const WorkflowRunRefSchema = z.looseObject({
  workflow: z.string(),
  status: z.string().describe('queued, in_progress or completed'),
  conclusion: z.string().nullable().describe('success, failure, cancelled, skipped, timed_out...; null while running'),
  branch: z.string(),
  event: z.string().describe('What triggered the run: push, pull_request, schedule...'),
  created_at: Timestamp,
  html_url: z.string(),
});

const WorkflowSchema = RunSummarySchema.partial()
  .extend({
    name: z.string(),
    path: z.string().describe('Workflow file, e.g. ".github/workflows/ci.yml"'),
    state: z.string().describe('active, disabled_manually, disabled_inactivity...'),
    runs: Int.describe('Runs in the window; a workflow without any has only runs and last_run'),
    last_run: WorkflowRunRefSchema.nullable().describe('Latest run in the window; null without any'),
  })
  .describe('A workflow and its runs in the window');

const RepoActionsSchema = RunSummarySchema.extend({
  repo: RepoName,
  default_branch: RunSummarySchema.extend({ branch: z.string() }).describe('Runs on the default branch only'),
  workflows: z.array(WorkflowSchema),
  recent_failures: z
    .array(WorkflowRunRefSchema)
    .describe('Latest failed runs on the default branch, newest first (at most 5)'),
}).describe('CI runs of one repository in the window (every branch)');

export const ActionsInfoSchema = z
  .looseObject({
    repositories: z.array(RepoActionsSchema),
    totals: z
      .looseObject({ runs: Int, succeeded: Int, failed: Int, in_progress: Int, success_rate_percent: Percent })
      .describe('Every repository together'),
  })
  .extend(metricsFields);
export type ActionsInfo = z.infer<typeof ActionsInfoSchema>;

// ---- DORA --------------------------------------------------------------------------------------

const DoraCategorySchema = z
  .enum(['elite', 'high', 'medium', 'low', 'no_data'])
  .describe('DORA performance band; no_data when nothing could be measured');
const DeploymentSignalSchema = z
  .enum(['deployments', 'releases', 'merged_pull_requests'])
  .describe('What counts as a delivery: production deployments, else published releases, else merged pull requests');

const DoraBenchmarkSchema = z
  .looseObject({ elite: z.string(), high: z.string(), medium: z.string(), low: z.string() })
  .describe('What each band means for this metric (DORA research)');

/** A DORA metric: the headline value in its unit and its band. */
const DoraMetricCoreSchema = z.looseObject({
  value: z.number().nullable().describe('The headline figure, in unit; null when nothing could be measured'),
  unit: z.string(),
  category: DoraCategorySchema,
});

/** A DORA metric with its derivation and the research bands (code_host_get_dora_metrics). */
const DoraMetricSchema = DoraMetricCoreSchema.extend({
  description: z.string().describe('How the figure is derived'),
  benchmark: DoraBenchmarkSchema,
});

const deploymentFrequencyFields = {
  value: z.number().describe('Successful deliveries per day'),
  total_deployments: Int.describe('Deliveries in the window (deployments, releases or merges, per signal)'),
  per_week: z.number(),
  signal: z
    .enum(['deployments', 'releases', 'merged_pull_requests', 'mixed'])
    .describe('What counted as a delivery; mixed when repositories differ'),
};
const leadTimeFields = {
  value: Hours.describe('Median (p50) hours from first commit to delivery; null when no change was delivered'),
  p50: Hours,
  p90: Hours,
  mean: Hours,
  changes_measured: Int,
  changes_pending_deployment: Int.describe('Changes merged in the window that no delivery has shipped yet'),
};
const changeFailureFields = {
  value: Percent.describe('Percent of failed deployments (or failed default-branch runs); null without any'),
  total_workflows: Int.describe('Completed default-branch workflow runs'),
  failed_workflows: Int,
  total_deployments: Int.describe('Production deployments finished in the window'),
  failed_deployments: Int,
};
const recoveryFields = {
  value: Hours.describe('Mean hours to recover; null when no incident was resolved'),
  incidents_count: Int,
  resolved_count: Int,
  unresolved_count: Int,
  median_hours: Hours,
};

const DoraFlatSchema = z
  .looseObject({
    deployment_frequency: z.number().describe('Deliveries per day'),
    lead_time_hours: Hours,
    change_failure_rate: Percent,
    mttr_hours: Hours,
  })
  .describe('The four headline figures as plain numbers');

const DoraMetricsSchema = z.looseObject({
  deployment_frequency: DoraMetricSchema.extend(deploymentFrequencyFields),
  lead_time_for_changes: DoraMetricSchema.extend(leadTimeFields),
  change_failure_rate: DoraMetricSchema.extend(changeFailureFields),
  mean_time_to_recovery: DoraMetricSchema.extend(recoveryFields),
  flat: DoraFlatSchema,
});

const DoraMetadataSchema = MetricsMetadataSchema.extend({
  signals: z
    .record(z.string(), DeploymentSignalSchema)
    .describe('The delivery signal of each repository (owner/repo to signal)'),
});

export const DoraResultSchema = DoraMetricsSchema.extend({ ...metricsFields, metadata: DoraMetadataSchema });
export type DoraResult = z.infer<typeof DoraResultSchema>;

/** One row of code_host_get_dora_metrics_by_repo: the metrics without their descriptions and bands. */
const DoraRepoRowSchema = z.looseObject({
  repo: RepoName,
  signal: DeploymentSignalSchema,
  deployment_frequency: DoraMetricCoreSchema.extend(deploymentFrequencyFields),
  lead_time_for_changes: DoraMetricCoreSchema.extend(leadTimeFields),
  change_failure_rate: DoraMetricCoreSchema.extend(changeFailureFields),
  mean_time_to_recovery: DoraMetricCoreSchema.extend(recoveryFields),
  flat: DoraFlatSchema,
});

const doraMetricNames = <T extends z.ZodType>(schema: T) =>
  z.looseObject({
    deployment_frequency: schema,
    lead_time_for_changes: schema,
    change_failure_rate: schema,
    mean_time_to_recovery: schema,
  });

export const DoraByRepoResultSchema = z
  .looseObject({
    repositories: z.array(DoraRepoRowSchema).describe('One row per repository, most deliveries per day first'),
    count: Int,
    derivations: doraMetricNames(z.string()).describe('How each metric is derived'),
    benchmark: doraMetricNames(DoraBenchmarkSchema).describe('The DORA bands of each metric'),
  })
  .extend({ ...metricsFields, metadata: DoraMetadataSchema });
export type DoraByRepoResult = z.infer<typeof DoraByRepoResultSchema>;

// ---- pull request flow -------------------------------------------------------------------------

export const MergeTimeResultSchema = z
  .looseObject({
    merged_count: Int.describe('Pull requests merged in the window'),
    merge_time_hours: DurationSummarySchema.extend({ p75: Hours }).describe('Opened to merged'),
    time_to_first_review_hours: DurationSummarySchema.describe('Opened to the first review by someone else'),
    approval_to_merge_hours: DurationSummarySchema.describe('First approval to merge'),
    merged_without_approval: Int,
    by_size: z
      .array(z.looseObject({ size: z.enum(['XS', 'S', 'M', 'L', 'XL']), merged: Int, p50_hours: Hours }))
      .describe('By lines added + deleted: XS<=10, S<=100, M<=400, L<=1000, XL above; sizes without merges left out'),
    by_repo: z.array(DurationSummarySchema.extend({ repo: RepoName, merged: Int })),
    slowest: z
      .array(
        z.looseObject({ repo: RepoName, number: Int, title: z.string(), author: z.string().nullable(), hours: Hours }),
      )
      .describe('Slowest merges, slowest first'),
  })
  .extend(metricsFields);
export type MergeTimeResult = z.infer<typeof MergeTimeResultSchema>;

const PrDeveloperSchema = z.looseObject({
  login: z.string(),
  prs_opened: Int,
  prs_merged: Int,
  prs_closed_unmerged: Int,
  merge_rate_percent: Percent.describe('merged / (merged + closed unmerged); null without either'),
  median_cycle_time_hours: Hours.describe('Opened to merged'),
  median_time_to_first_review_hours: Hours,
  median_pr_size_lines: z.number().nullable().describe('Lines added + deleted of merged pull requests'),
  reviews_received: Int,
  changes_requested_received: Int,
  reviews_given: Int,
  approvals_given: Int,
  changes_requested_given: Int,
});

export const PrDeveloperResultSchema = z
  .looseObject({ developers: z.array(PrDeveloperSchema).describe('Most merges first'), count: Int })
  .extend(metricsFields);
export type PrDeveloperResult = z.infer<typeof PrDeveloperResultSchema>;

const DeveloperActivitySchema = z.looseObject({
  login: z.string(),
  commits: Int.describe('Commits on default branches'),
  prs_opened: Int,
  prs_merged: Int,
  reviews_given: Int.describe('Reviews of pull requests by others'),
  lines_added: Int.describe('By their merged pull requests'),
  lines_deleted: Int,
  issues_opened: Int,
  issues_closed: Int.describe('Issues assigned to them that were closed'),
  repositories: z.array(RepoName).describe('Repositories they were active in'),
});

export const DeveloperMetricsResultSchema = z
  .looseObject({ developers: z.array(DeveloperActivitySchema).describe('Most active first'), count: Int })
  .extend(metricsFields);
export type DeveloperMetricsResult = z.infer<typeof DeveloperMetricsResultSchema>;

// ---- engineering overview ----------------------------------------------------------------------

const EngOverviewSchema = z.looseObject({
  throughput: z.looseObject({
    prs_opened: Int,
    prs_merged: Int,
    prs_closed_unmerged: Int,
    merged_per_week: z.number().nullable(),
  }),
  cycle_time_hours: DurationSummarySchema.describe('Opened to merged, of the pull requests merged in the window'),
  time_to_first_review_hours: DurationSummarySchema.describe(
    'Opened to first review by someone else, of the pull requests opened in the window',
  ),
  review: z.looseObject({
    approved_before_merge_percent: Percent,
    merged_without_approval: Int,
    reviews_per_merged_pr: z.number().nullable(),
  }),
  pr_size_lines: z
    .looseObject({ p50: z.number().nullable(), p90: z.number().nullable(), measured: Int })
    .describe('Lines added + deleted of merged pull requests'),
  open_work: z.looseObject({
    open_prs: Int,
    draft_prs: Int,
    stale_prs: Int.describe('Open pull requests without update for stale_after_days'),
    stale_after_days: Int,
  }),
  issues: z.looseObject({
    opened: Int,
    closed: Int,
    bugs_opened: Int,
    bug_share_percent: Percent,
    time_to_close_hours: z.looseObject({ p50: Hours, p90: Hours }),
    still_open: Int,
  }),
  ci: RunSummarySchema.extend({ scope: z.string() }).describe('Completed workflow runs on the default branch'),
});

const derivation = z.string().describe('How each figure is derived');

export const EngMetricsResultSchema = EngOverviewSchema.extend({ derivation }).extend(metricsFields);
export type EngMetricsResult = z.infer<typeof EngMetricsResultSchema>;

export const EngMetricsByRepoResultSchema = z
  .looseObject({
    repositories: z
      .array(EngOverviewSchema.extend({ repo: RepoName }))
      .describe('One overview per repository, most merges first'),
    count: Int,
    derivation,
  })
  .extend(metricsFields);
export type EngMetricsByRepoResult = z.infer<typeof EngMetricsByRepoResultSchema>;
