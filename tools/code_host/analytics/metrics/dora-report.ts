import {
  changeFailureCategory,
  deploymentFrequencyCategory,
  DORA_BENCHMARKS,
  leadTimeCategory,
  recoveryCategory,
  type DoraCategory,
} from '../../../../src/analytics/bands.js';
import type { DeploymentSignal } from './delivery.js';
import type { RepoDora } from './dora.js';
import { durationSummary, hours, mean, median, percent, round } from '../../../../src/analytics/stats.js';

/** How each metric is derived; repeated in every result so a reader never has to guess. */
export const DORA_DERIVATIONS = {
  deployment_frequency:
    'Successful production deployments per day in the window (a deployment to the "production" environment whose final status is success). A repository with no production deployment at all counts published releases instead, and one without releases counts pull requests merged into its default branch.',
  lead_time_for_changes:
    'Hours from the first commit of each pull request merged into the default branch in the window to the first successful production deployment that shipped it (deployed commit on the default branch, committed at or after the merge); the release or the merge itself where that is the signal. value is the median (p50); changes not yet deployed are left out.',
  change_failure_rate:
    'Percent of production deployments finished in the window whose final status is failure or error. Repositories without deployments contribute their completed default-branch workflow runs instead (failed vs total; cancelled and skipped runs left out). total_workflows and failed_workflows count those default-branch runs of every repository.',
  mean_time_to_recovery:
    'Mean hours to restore service. A run of consecutive failed production deployments is one incident, recovered by the next successful deployment; an issue labelled "incident" opened in the window is an incident from creation to closing, unless opened during a deployment incident or within an hour after its recovery. Unresolved incidents count in incidents_count only.',
};

interface DoraMetrics {
  deployment_frequency: {
    value: number;
    unit: string;
    category: DoraCategory;
    description: string;
    benchmark: typeof DORA_BENCHMARKS.deployment_frequency;
    total_deployments: number;
    per_week: number;
    signal: DeploymentSignal | 'mixed';
  };
  lead_time_for_changes: {
    value: number | null;
    unit: string;
    category: DoraCategory;
    description: string;
    benchmark: typeof DORA_BENCHMARKS.lead_time_for_changes;
    p50: number | null;
    p90: number | null;
    mean: number | null;
    changes_measured: number;
    changes_pending_deployment: number;
  };
  change_failure_rate: {
    value: number | null;
    unit: string;
    category: DoraCategory;
    description: string;
    benchmark: typeof DORA_BENCHMARKS.change_failure_rate;
    total_workflows: number;
    failed_workflows: number;
    total_deployments: number;
    failed_deployments: number;
  };
  mean_time_to_recovery: {
    value: number | null;
    unit: string;
    category: DoraCategory;
    description: string;
    benchmark: typeof DORA_BENCHMARKS.mean_time_to_recovery;
    incidents_count: number;
    resolved_count: number;
    unresolved_count: number;
    median_hours: number | null;
  };
  /** The same four figures as plain numbers (the capability path's flat form). */
  flat: {
    deployment_frequency: number;
    lead_time_hours: number | null;
    change_failure_rate: number | null;
    mttr_hours: number | null;
  };
}

const sum = (repos: RepoDora[], pick: (r: RepoDora) => number) => repos.reduce((total, r) => total + pick(r), 0);

/** Pools the repositories' facts into the four DORA metrics with their bands. */
export function doraMetrics(repos: RepoDora[], days: number): DoraMetrics {
  const deliveries = sum(repos, (r) => r.deliveries);
  const perDay = round(deliveries / days, 3) as number;
  const signals = [...new Set(repos.map((r) => r.signal))];
  const lead = durationSummary(repos.flatMap((r) => r.leadTimesMs));
  // Repositories with deployments count deployments; the others their default-branch runs.
  const cfrFailed = sum(repos, (r) => (r.signal === 'deployments' ? r.deployments.failed : r.runs.failed));
  const cfrTotal = sum(repos, (r) => (r.signal === 'deployments' ? r.deployments.total : r.runs.total));
  const cfr = percent(cfrFailed, cfrTotal);
  const recoveries = repos.flatMap((r) => r.incidents.recoveryMs);
  const mttr = hours(mean(recoveries));
  const incidents = sum(repos, (r) => r.incidents.count);
  return {
    deployment_frequency: {
      value: perDay,
      unit: 'deployments_per_day',
      category: deploymentFrequencyCategory(perDay),
      description: DORA_DERIVATIONS.deployment_frequency,
      benchmark: DORA_BENCHMARKS.deployment_frequency,
      total_deployments: deliveries,
      per_week: round((deliveries / days) * 7) as number,
      signal: signals.length === 1 ? signals[0] : signals.length === 0 ? 'deployments' : 'mixed',
    },
    lead_time_for_changes: {
      value: lead.p50,
      unit: 'hours',
      category: leadTimeCategory(lead.p50),
      description: DORA_DERIVATIONS.lead_time_for_changes,
      benchmark: DORA_BENCHMARKS.lead_time_for_changes,
      p50: lead.p50,
      p90: lead.p90,
      mean: lead.mean,
      changes_measured: lead.count,
      changes_pending_deployment: sum(repos, (r) => r.pendingChanges),
    },
    change_failure_rate: {
      value: cfr,
      unit: 'percent',
      category: changeFailureCategory(cfr),
      description: DORA_DERIVATIONS.change_failure_rate,
      benchmark: DORA_BENCHMARKS.change_failure_rate,
      total_workflows: sum(repos, (r) => r.runs.total),
      failed_workflows: sum(repos, (r) => r.runs.failed),
      total_deployments: sum(repos, (r) => r.deployments.total),
      failed_deployments: sum(repos, (r) => r.deployments.failed),
    },
    mean_time_to_recovery: {
      value: mttr,
      unit: 'hours',
      category: recoveryCategory(mttr),
      description: DORA_DERIVATIONS.mean_time_to_recovery,
      benchmark: DORA_BENCHMARKS.mean_time_to_recovery,
      incidents_count: incidents,
      resolved_count: recoveries.length,
      unresolved_count: sum(repos, (r) => r.incidents.unresolved),
      median_hours: hours(median(recoveries)),
    },
    flat: { deployment_frequency: perDay, lead_time_hours: lead.p50, change_failure_rate: cfr, mttr_hours: mttr },
  };
}
