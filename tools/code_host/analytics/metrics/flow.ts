import {
  firstApprovalAt,
  firstReviewAt,
  groupBy,
  linesChanged,
  sizeBucket,
  SIZE_BUCKETS,
  type PullActivity,
} from './activity.js';
import {
  durationSummary,
  hours,
  inWindow,
  median,
  percent,
  percentile,
  round,
  type TimeWindow,
} from '../../../../src/analytics/stats.js';

/** Pull requests merged within the window. */
const mergedIn = (prs: readonly PullActivity[], window: TimeWindow) =>
  prs.filter((pr) => inWindow(pr.mergedAt, window));

const cycleMs = (pr: PullActivity) => (pr.mergedAt as number) - pr.createdAt;
const toFirstReviewMs = (pr: PullActivity) => {
  const at = firstReviewAt(pr);
  return at === null ? null : Math.max(0, at - pr.createdAt);
};
const present = (values: Array<number | null>): number[] => values.filter((v): v is number => v !== null);

/** Merge time (opened to merged) of the pull requests merged within the window, with its breakdowns. */
export function mergeTimeMetrics(prs: readonly PullActivity[], window: TimeWindow, slowest = 5) {
  const merged = mergedIn(prs, window);
  const cycle = merged.map(cycleMs);
  const approvalToMerge = present(
    merged.map((pr) => {
      const at = firstApprovalAt(pr);
      return at === null ? null : Math.max(0, (pr.mergedAt as number) - at);
    }),
  );
  const bySize = groupBy(merged, (pr) => {
    const lines = linesChanged(pr);
    return lines === null ? null : sizeBucket(lines);
  });
  return {
    merged_count: merged.length,
    merge_time_hours: { ...durationSummary(cycle), p75: hours(percentile(cycle, 75)) },
    time_to_first_review_hours: durationSummary(present(merged.map(toFirstReviewMs))),
    approval_to_merge_hours: durationSummary(approvalToMerge),
    merged_without_approval: merged.filter((pr) => firstApprovalAt(pr) === null).length,
    by_size: SIZE_BUCKETS.filter((b) => bySize.has(b)).map((bucket) => {
      const group = bySize.get(bucket) as PullActivity[];
      return { size: bucket, merged: group.length, p50_hours: hours(median(group.map(cycleMs))) };
    }),
    by_repo: [...groupBy(merged, (pr) => pr.repo)].map(([repo, group]) => ({
      repo,
      merged: group.length,
      ...durationSummary(group.map(cycleMs)),
    })),
    slowest: [...merged]
      .sort((a, b) => cycleMs(b) - cycleMs(a))
      .slice(0, slowest)
      .map((pr) => ({
        repo: pr.repo,
        number: pr.number,
        title: pr.title,
        author: pr.author,
        hours: hours(cycleMs(pr)),
      })),
  };
}

/** Throughput, cycle time, review coverage and size of the pull requests of the window. */
export function pullFlowMetrics(prs: readonly PullActivity[], window: TimeWindow, days: number) {
  const merged = mergedIn(prs, window);
  const opened = prs.filter((pr) => inWindow(pr.createdAt, window));
  const closedUnmerged = prs.filter((pr) => pr.mergedAt === null && inWindow(pr.closedAt, window));
  const sizes = present(merged.map(linesChanged));
  const approved = merged.filter((pr) => firstApprovalAt(pr) !== null).length;
  return {
    throughput: {
      prs_opened: opened.length,
      prs_merged: merged.length,
      prs_closed_unmerged: closedUnmerged.length,
      merged_per_week: round((merged.length / days) * 7),
    },
    cycle_time_hours: durationSummary(merged.map(cycleMs)),
    time_to_first_review_hours: durationSummary(present(opened.map(toFirstReviewMs))),
    review: {
      approved_before_merge_percent: percent(approved, merged.length),
      merged_without_approval: merged.length - approved,
      reviews_per_merged_pr: merged.length
        ? round(merged.reduce((n, pr) => n + pr.reviews.length, 0) / merged.length)
        : null,
    },
    pr_size_lines: { p50: median(sizes), p90: round(percentile(sizes, 90), 0), measured: sizes.length },
  };
}
