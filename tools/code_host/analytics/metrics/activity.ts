/** Plain records of engineering activity that the flow and developer metrics are computed from. */

interface ReviewActivity {
  user: string | null;
  /** APPROVED, CHANGES_REQUESTED, COMMENTED or DISMISSED. */
  state: string;
  submittedAt: number | null;
}

export interface PullActivity {
  repo: string;
  number: number;
  title: string;
  author: string | null;
  /** True for bot accounts (dependabot and the like). */
  bot: boolean;
  createdAt: number;
  mergedAt: number | null;
  closedAt: number | null;
  draft: boolean;
  /** Lines added and deleted; null when the details were not fetched. */
  additions: number | null;
  deletions: number | null;
  reviews: ReviewActivity[];
}

export interface IssueActivity {
  repo: string;
  number: number;
  author: string | null;
  assignees: string[];
  labels: string[];
  createdAt: number;
  closedAt: number | null;
}

export interface CommitActivity {
  repo: string;
  sha: string;
  /** Login of the author, or null when the email maps to no account. */
  author: string | null;
  at: number;
}

export interface RunActivity {
  repo: string;
  workflow: string;
  branch: string;
  event: string;
  status: string;
  conclusion: string | null;
  createdAt: number;
  /** Run duration (start to last update) for completed runs. */
  durationMs: number | null;
  htmlUrl: string;
}

/** Earliest review by someone other than the author. */
export function firstReviewAt(pr: Pick<PullActivity, 'author' | 'reviews'>): number | null {
  const times = pr.reviews
    .filter((r) => r.user !== pr.author && r.submittedAt !== null)
    .map((r) => r.submittedAt as number);
  return times.length ? Math.min(...times) : null;
}

/** Earliest approval by someone other than the author. */
export function firstApprovalAt(pr: PullActivity): number | null {
  const times = pr.reviews
    .filter((r) => r.state === 'APPROVED' && r.user !== pr.author && r.submittedAt !== null)
    .map((r) => r.submittedAt as number);
  return times.length ? Math.min(...times) : null;
}

export const linesChanged = (pr: PullActivity): number | null =>
  pr.additions === null || pr.deletions === null ? null : pr.additions + pr.deletions;

type SizeBucket = 'XS' | 'S' | 'M' | 'L' | 'XL';

/** Size buckets by lines changed: XS <= 10, S <= 100, M <= 400, L <= 1000, XL beyond. */
export function sizeBucket(lines: number): SizeBucket {
  if (lines <= 10) return 'XS';
  if (lines <= 100) return 'S';
  if (lines <= 400) return 'M';
  if (lines <= 1000) return 'L';
  return 'XL';
}

export const SIZE_BUCKETS: SizeBucket[] = ['XS', 'S', 'M', 'L', 'XL'];

/** Groups items by a key, keeping first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
}
