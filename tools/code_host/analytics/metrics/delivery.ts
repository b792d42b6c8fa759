/**
 * The delivery signals of one repository, as plain data: what the DORA computation needs and nothing
 * GitHub-specific. `tools/code_host/analytics/delivery-signals.ts` fetches them.
 */
export type DeploymentSignal = 'deployments' | 'releases' | 'merged_pull_requests';

/** A finished production deployment: its final status decides the outcome. */
export interface DeploymentEvent {
  id: number;
  /** Commit that was deployed. */
  sha: string;
  createdAt: number;
  /** When the final status (success, failure or error) was reported. */
  finishedAt: number;
  outcome: 'success' | 'failure';
}

/** A pull request merged into the default branch. */
export interface MergedChange {
  number: number;
  mergedAt: number;
  /** Author date of its earliest commit (the pull request's creation when it has none). */
  firstCommitAt: number;
  mergeSha: string | null;
}

/** A completed workflow run on the default branch (cancelled and skipped runs are left out). */
interface RunOutcome {
  createdAt: number;
  outcome: 'success' | 'failure';
}

/** An issue labelled `incident`. */
interface IncidentIssue {
  number: number;
  createdAt: number;
  closedAt: number | null;
}

export interface RepoDeliverySignals {
  repo: string;
  /** True when the repository has any production deployment at all (decides the signal). */
  hasDeployments: boolean;
  /** True when the repository has any published release (the fallback signal). */
  hasReleases: boolean;
  /** Finished production deployments from shortly before the window on. */
  deployments: DeploymentEvent[];
  /** Publication times of releases (not drafts, not pre-releases). */
  releases: number[];
  /** Pull requests merged into the default branch within the window. */
  merged: MergedChange[];
  /** Committer time of the default branch's commits since the window start, by SHA. */
  mainCommitTimes: Record<string, number>;
  runs: RunOutcome[];
  incidents: IncidentIssue[];
}

/** Which events count as deliveries: deployments, else releases, else merged pull requests. */
export function signalOf(signals: Pick<RepoDeliverySignals, 'hasDeployments' | 'hasReleases'>): DeploymentSignal {
  if (signals.hasDeployments) return 'deployments';
  if (signals.hasReleases) return 'releases';
  return 'merged_pull_requests';
}
