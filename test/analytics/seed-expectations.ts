import type { GithubState, RepoRecord } from '../../src/sandbox/github/index.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface ExpectedRepoDora {
  repo: string;
  signal: 'deployments' | 'releases' | 'merged_pull_requests';
  deliveries: number;
  leadTimesMs: number[];
  pending: number;
  deployments: { total: number; failed: number };
  runs: { total: number; failed: number };
  incidents: { count: number; recoveryMs: number[] };
}

const inRange = (t: number | null | undefined, start: number, end: number): t is number =>
  typeof t === 'number' && t >= start && t <= end;

/**
 * DORA facts of one seeded repository, read straight from the fake's state records (not through the
 * API), following the definitions the tool descriptions state.
 */
export function expectedRepoDora(repo: RepoRecord, end: number, days: number): ExpectedRepoDora {
  const start = end - days * DAY;
  const production = repo.deployments.filter((d) => d.environment === 'production');
  const finished = production.flatMap((d) => {
    const good = d.statuses.find((s) => s.state === 'success');
    const bad = [...d.statuses].reverse().find((s) => s.state === 'failure' || s.state === 'error');
    const final = good ?? bad;
    return final ? [{ sha: d.sha, finishedAt: final.createdAt, ok: Boolean(good) }] : [];
  });
  const signal =
    production.length > 0
      ? 'deployments'
      : repo.releases.some((r) => !r.draft && !r.prerelease && r.publishedAt !== null)
        ? 'releases'
        : 'merged_pull_requests';
  const merged = repo.issues.filter(
    (i) => i.pull?.merged && i.pull.baseRef === repo.defaultBranch && inRange(i.pull.mergedAt, start, end),
  );
  const published = repo.releases
    .filter((r) => !r.draft && !r.prerelease && r.publishedAt !== null)
    .map((r) => r.publishedAt as number)
    .sort((a, b) => a - b);
  const good = finished.filter((d) => d.ok && d.finishedAt <= end).sort((a, b) => a.finishedAt - b.finishedAt);
  const leadTimesMs: number[] = [];
  let pending = 0;
  for (const issue of merged) {
    const pull = issue.pull!;
    const firstCommit = Math.min(issue.createdAt, ...pull.commitShas.map((sha) => repo.commits.get(sha)!.author.date));
    let shipped: number | undefined;
    if (signal === 'merged_pull_requests') shipped = pull.mergedAt!;
    else if (signal === 'releases') shipped = published.find((t) => t >= pull.mergedAt! && t <= end);
    else
      shipped = good.find(
        (d) =>
          (repo.commits.get(d.sha)?.committer.date ?? -Infinity) >= pull.mergedAt! && d.finishedAt >= pull.mergedAt!,
      )?.finishedAt;
    if (shipped === undefined) pending++;
    else leadTimesMs.push(shipped - firstCommit);
  }
  const inWindow = finished.filter((d) => inRange(d.finishedAt, start, end));
  const deliveries =
    signal === 'deployments'
      ? inWindow.filter((d) => d.ok).length
      : signal === 'releases'
        ? published.filter((t) => inRange(t, start, end)).length
        : merged.length;
  const runs = repo.runs.filter(
    (r) =>
      r.headBranch === repo.defaultBranch &&
      r.status === 'completed' &&
      inRange(r.createdAt, start, end) &&
      (r.conclusion === 'success' || r.conclusion === 'failure'),
  );
  // Incidents: runs of failed deployments until the next success; incident issues not opened during one.
  const spans: Array<{ start: number; end: number | null }> = [];
  let open: { start: number; end: number | null } | undefined;
  for (const d of [...finished].sort((a, b) => a.finishedAt - b.finishedAt)) {
    if (!d.ok && !open) spans.push((open = { start: d.finishedAt, end: null }));
    if (d.ok && open) {
      open.end = d.finishedAt;
      open = undefined;
    }
  }
  const counted = spans.filter((s) => inRange(s.start, start, end));
  const recoveryMs = counted.filter((s) => s.end !== null).map((s) => s.end! - s.start);
  let count = counted.length;
  for (const issue of repo.issues) {
    if (issue.pull || !issue.labels.includes('incident') || !inRange(issue.createdAt, start, end)) continue;
    if (spans.some((s) => issue.createdAt >= s.start && (s.end === null || issue.createdAt <= s.end + HOUR))) continue;
    count++;
    if (issue.closedAt !== null) recoveryMs.push(issue.closedAt - issue.createdAt);
  }
  return {
    repo: repo.fullName,
    signal,
    deliveries,
    leadTimesMs,
    pending,
    deployments: { total: inWindow.length, failed: inWindow.filter((d) => !d.ok).length },
    runs: { total: runs.length, failed: runs.filter((r) => r.conclusion === 'failure').length },
    incidents: { count, recoveryMs },
  };
}

/** Every non-archived repository of the workspace, as the fan-out covers them. */
export function expectedDora(state: GithubState, end: number, days: number): ExpectedRepoDora[] {
  return state.repos.filter((r) => !r.archived).map((r) => expectedRepoDora(r, end, days));
}

/** Median by linear interpolation, in hours with two decimals (the tools' rounding). */
export function medianHours(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  const value = (sorted[Math.floor(mid)] + sorted[Math.ceil(mid)]) / 2;
  return Math.round((value / HOUR) * 100) / 100;
}

export const meanHours = (values: number[]): number | null =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length / HOUR) * 100) / 100;
