import { signalOf, type DeploymentEvent, type DeploymentSignal, type RepoDeliverySignals } from './delivery.js';
import { HOUR_MS, inWindow, type TimeWindow } from '../../../../src/analytics/stats.js';

/** An incident issue opened this long after a deployment incident's recovery still belongs to it. */
const INCIDENT_GRACE_MS = HOUR_MS;

/** The DORA facts of one repository within a window, before any rounding or banding. */
export interface RepoDora {
  repo: string;
  signal: DeploymentSignal;
  /** Successful deliveries (deployments, releases or merges, per the signal) within the window. */
  deliveries: number;
  /** First commit to delivery, per change merged within the window and already delivered. */
  leadTimesMs: number[];
  /** Changes merged within the window that no delivery has shipped yet. */
  pendingChanges: number;
  deployments: { total: number; failed: number };
  runs: { total: number; failed: number };
  /** Recovery durations of resolved incidents, and the count of incidents started within the window. */
  incidents: { count: number; unresolved: number; recoveryMs: number[] };
}

const success = (d: DeploymentEvent) => d.outcome === 'success';

/** The per-repository facts, derived as each tool description states. */
export function repoDora(signals: RepoDeliverySignals, window: TimeWindow): RepoDora {
  const signal = signalOf(signals);
  const finished = signals.deployments.filter((d) => inWindow(d.finishedAt, window));
  const merged = signals.merged.filter((m) => inWindow(m.mergedAt, window));
  const delivered = deliveryTimes(signals, signal, window);
  const leadTimesMs: number[] = [];
  let pendingChanges = 0;
  for (const change of merged) {
    const shippedAt = delivered(change.mergedAt);
    if (shippedAt === null) pendingChanges++;
    else leadTimesMs.push(Math.max(0, shippedAt - change.firstCommitAt));
  }
  const deliveries =
    signal === 'deployments'
      ? finished.filter(success).length
      : signal === 'releases'
        ? signals.releases.filter((t) => inWindow(t, window)).length
        : merged.length;
  const runs = signals.runs.filter((r) => inWindow(r.createdAt, window));
  return {
    repo: signals.repo,
    signal,
    deliveries,
    leadTimesMs,
    pendingChanges,
    deployments: { total: finished.length, failed: finished.filter((d) => !success(d)).length },
    runs: { total: runs.length, failed: runs.filter((r) => r.outcome === 'failure').length },
    incidents: incidentsOf(signals, window),
  };
}

/**
 * For a change merged at t: when the first delivery that contains it finished, or null. A deployment
 * contains the change when the deployed commit is on the default branch and was committed at or after
 * the merge (history of the default branch is linear in merges); a release, when published after it.
 * Deliveries after the window's end do not count.
 */
function deliveryTimes(
  signals: RepoDeliverySignals,
  signal: DeploymentSignal,
  window: TimeWindow,
): (mergedAt: number) => number | null {
  if (signal === 'merged_pull_requests') return (mergedAt) => mergedAt;
  if (signal === 'releases') {
    const published = signals.releases.filter((t) => t <= window.end).sort((a, b) => a - b);
    return (mergedAt) => published.find((t) => t >= mergedAt) ?? null;
  }
  const mergedBySha = new Map(signals.merged.filter((m) => m.mergeSha).map((m) => [m.mergeSha as string, m.mergedAt]));
  const good = signals.deployments
    .filter((d) => success(d) && d.finishedAt <= window.end)
    .map((d) => ({
      finishedAt: d.finishedAt,
      shippedAsOf: signals.mainCommitTimes[d.sha] ?? mergedBySha.get(d.sha) ?? null,
    }))
    .sort((a, b) => a.finishedAt - b.finishedAt);
  return (mergedAt) =>
    good.find((d) => d.shippedAsOf !== null && d.shippedAsOf >= mergedAt && d.finishedAt >= mergedAt)?.finishedAt ??
    null;
}

/**
 * Incidents: a run of consecutive failed production deployments is one incident, from the first
 * failure to the next successful deployment. An `incident` issue opened during such an incident (or
 * within the grace period after its recovery) is the same incident; any other incident issue is one
 * on its own, from creation to closing.
 */
function incidentsOf(signals: RepoDeliverySignals, window: TimeWindow): RepoDora['incidents'] {
  const spans: Array<{ start: number; end: number | null }> = [];
  let open: { start: number; end: number | null } | undefined;
  for (const d of [...signals.deployments].sort((a, b) => a.finishedAt - b.finishedAt)) {
    if (!success(d) && !open) spans.push((open = { start: d.finishedAt, end: null }));
    else if (success(d) && open) {
      open.end = d.finishedAt;
      open = undefined;
    }
  }
  const counted = spans.filter((s) => inWindow(s.start, window));
  const recoveryMs = counted.filter((s) => s.end !== null).map((s) => (s.end as number) - s.start);
  let unresolved = counted.length - recoveryMs.length;
  let count = counted.length;
  for (const issue of signals.incidents) {
    if (!inWindow(issue.createdAt, window)) continue;
    const sameAsDeployment = spans.some(
      (s) => issue.createdAt >= s.start && (s.end === null || issue.createdAt <= s.end + INCIDENT_GRACE_MS),
    );
    if (sameAsDeployment) continue;
    count++;
    if (issue.closedAt === null) unresolved++;
    else recoveryMs.push(Math.max(0, issue.closedAt - issue.createdAt));
  }
  return { count, unresolved, recoveryMs };
}
