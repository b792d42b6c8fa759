import { firstReviewAt, linesChanged, type CommitActivity, type IssueActivity, type PullActivity } from './activity.js';
import { hours, inWindow, median, percent, type TimeWindow } from '../../../../src/analytics/stats.js';

interface Tally {
  login: string;
  repositories: Set<string>;
  [counter: string]: number | string | Set<string>;
}

function tallies() {
  const byLogin = new Map<string, Tally>();
  const of = (login: string): Tally => {
    let tally = byLogin.get(login);
    if (!tally) byLogin.set(login, (tally = { login, repositories: new Set() }));
    return tally;
  };
  const add = (login: string | null, repo: string, counter: string, amount = 1): void => {
    if (!login) return;
    const tally = of(login);
    tally[counter] = ((tally[counter] as number | undefined) ?? 0) + amount;
    tally.repositories.add(repo);
  };
  return { byLogin, add };
}

/** What a person's contribution is counted in (the analytical tool's outputs). */
export const CONTRIBUTION_COUNTERS = [
  'commits',
  'prs_opened',
  'prs_merged',
  'reviews_given',
  'lines_added',
  'lines_deleted',
  'issues_opened',
  'issues_closed',
] as const;

/**
 * Contribution volume per person within the window: commits on default branches, pull requests
 * opened and merged (with the lines they changed), reviews given, issues opened and assigned issues
 * closed. Bots are left out.
 */
export function developerActivity(
  input: { prs: readonly PullActivity[]; issues: readonly IssueActivity[]; commits: readonly CommitActivity[] },
  window: TimeWindow,
) {
  const { byLogin, add } = tallies();
  for (const commit of input.commits) if (inWindow(commit.at, window)) add(commit.author, commit.repo, 'commits');
  for (const pr of input.prs) {
    if (pr.bot) continue;
    if (inWindow(pr.createdAt, window)) add(pr.author, pr.repo, 'prs_opened');
    if (inWindow(pr.mergedAt, window)) {
      add(pr.author, pr.repo, 'prs_merged');
      add(pr.author, pr.repo, 'lines_added', pr.additions ?? 0);
      add(pr.author, pr.repo, 'lines_deleted', pr.deletions ?? 0);
    }
    for (const review of pr.reviews)
      if (review.user !== pr.author && inWindow(review.submittedAt, window)) add(review.user, pr.repo, 'reviews_given');
  }
  for (const issue of input.issues) {
    if (inWindow(issue.createdAt, window)) add(issue.author, issue.repo, 'issues_opened');
    if (inWindow(issue.closedAt, window))
      for (const assignee of issue.assignees) add(assignee, issue.repo, 'issues_closed');
  }
  return [...byLogin.values()]
    .filter((t) => !t.login.endsWith('[bot]'))
    .map(
      (t) =>
        ({
          login: t.login,
          ...Object.fromEntries(CONTRIBUTION_COUNTERS.map((c) => [c, (t[c] as number | undefined) ?? 0])),
          repositories: [...t.repositories].sort(),
        }) as {
          login: string;
          repositories: string[];
        } & Record<(typeof CONTRIBUTION_COUNTERS)[number], number>,
    )
    .sort(
      (a, b) =>
        b.prs_merged + b.reviews_given + b.commits - (a.prs_merged + a.reviews_given + a.commits) ||
        a.login.localeCompare(b.login),
    );
}

/**
 * Pull request workflow per person within the window: as author (opened, merged, merge rate, median
 * cycle time, time to first review, size, reviews and change requests received) and as reviewer
 * (reviews, approvals and change requests given).
 */
export function pullRequestPeople(prs: readonly PullActivity[], window: TimeWindow) {
  const people = new Map<
    string,
    { authored: PullActivity[]; given: { approvals: number; changes: number; total: number } }
  >();
  const person = (login: string) => {
    let p = people.get(login);
    if (!p) people.set(login, (p = { authored: [], given: { approvals: 0, changes: 0, total: 0 } }));
    return p;
  };
  for (const pr of prs) {
    if (pr.bot || !pr.author) continue;
    const active = inWindow(pr.createdAt, window) || inWindow(pr.mergedAt, window) || inWindow(pr.closedAt, window);
    if (active) person(pr.author).authored.push(pr);
    for (const review of pr.reviews) {
      if (
        !review.user ||
        review.user === pr.author ||
        !inWindow(review.submittedAt, window) ||
        review.user.endsWith('[bot]')
      )
        continue;
      const given = person(review.user).given;
      given.total++;
      if (review.state === 'APPROVED') given.approvals++;
      if (review.state === 'CHANGES_REQUESTED') given.changes++;
    }
  }
  return [...people]
    .map(([login, { authored, given }]) => {
      const merged = authored.filter((pr) => inWindow(pr.mergedAt, window));
      const closedUnmerged = authored.filter((pr) => pr.mergedAt === null && inWindow(pr.closedAt, window));
      const reviewWaits = authored.map((pr) => (firstReviewAt(pr) ?? NaN) - pr.createdAt).filter((ms) => ms >= 0);
      return {
        login,
        prs_opened: authored.filter((pr) => inWindow(pr.createdAt, window)).length,
        prs_merged: merged.length,
        prs_closed_unmerged: closedUnmerged.length,
        merge_rate_percent: percent(merged.length, merged.length + closedUnmerged.length),
        median_cycle_time_hours: hours(median(merged.map((pr) => (pr.mergedAt as number) - pr.createdAt))),
        median_time_to_first_review_hours: hours(median(reviewWaits)),
        median_pr_size_lines: median(merged.map(linesChanged).filter((n): n is number => n !== null)),
        reviews_received: authored.reduce((n, pr) => n + pr.reviews.filter((r) => r.user !== login).length, 0),
        changes_requested_received: authored.reduce(
          (n, pr) => n + pr.reviews.filter((r) => r.state === 'CHANGES_REQUESTED').length,
          0,
        ),
        reviews_given: given.total,
        approvals_given: given.approvals,
        changes_requested_given: given.changes,
      };
    })
    .sort((a, b) => b.prs_merged - a.prs_merged || b.reviews_given - a.reviews_given || a.login.localeCompare(b.login));
}
