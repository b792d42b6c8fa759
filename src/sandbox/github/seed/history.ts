import { addCommit } from '../git.js';
import {
  nextId,
  userOf,
  type GitActor,
  type IssueEventRecord,
  type IssueRecord,
  type RunRecord,
  type Tree,
  type WorkflowRecord,
} from '../state.js';
import { BOTS, DAY, HISTORY_DAYS, MINUTE, type PullPlan, type RepoSeedContext, sec, skewed } from './context.js';
import { runRecord } from './delivery.js';

/** Main branch heads over time, oldest first: `mainHeadAt` answers "what was deployed/tagged then". */
interface Timeline {
  points: { at: number; sha: string }[];
}

function mainHeadAt(timeline: Timeline, at: number): string {
  let found = timeline.points[0].sha;
  for (const point of timeline.points) {
    if (point.at > at) break;
    found = point.sha;
  }
  return found;
}

export function actorOf(ctx: RepoSeedContext, login: string, at: number): GitActor {
  if (login === BOTS.webFlow) return { login, name: 'GitHub', email: 'noreply@github.com', date: at };
  if (login === BOTS.dependabot) return { login, name: 'dependabot[bot]', email: 'support@github.com', date: at };
  const user = userOf(ctx.state, login);
  return { login, name: user?.name ?? login, email: user?.email ?? `${login}@users.noreply.github.com`, date: at };
}

const FOLLOW_UPS = ['Address review comments', 'Fix failing test', 'Handle empty state', 'Rename variables'];

/** Builds the commit graph: an initial commit, each PR's branch commits, and the merges into main. */
export function buildCommitGraph(ctx: RepoSeedContext, pulls: PullPlan[], tree: Tree, firstAuthor: string): Timeline {
  const { repo, random } = ctx;
  const initial = addCommit(repo, {
    parents: [],
    tree,
    message: 'Initial commit',
    author: actorOf(ctx, firstAuthor, repo.createdAt),
    files: [...tree.keys()],
    additions: 40,
  });
  const timeline: Timeline = { points: [{ at: repo.createdAt, sha: initial.sha }] };
  const events: { at: number; order: number; pull: PullPlan }[] = [];
  for (const pull of pulls) {
    events.push({ at: pull.commitTimes[0] - 1000, order: 0, pull });
    if (pull.fate === 'merged') events.push({ at: pull.issue.pull.mergedAt!, order: 1, pull });
  }
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of events) {
    const head = timeline.points[timeline.points.length - 1].sha;
    const { issue } = event.pull;
    const pull = issue.pull;
    if (event.order === 0) {
      pull.baseSha = head;
      let parent = head;
      const times = event.pull.commitTimes;
      times.forEach((at, i) => {
        const share = (n: number): number => Math.round(n / times.length);
        const commit = addCommit(repo, {
          parents: [parent],
          tree: repo.commits.get(parent)!.tree,
          message: i === 0 ? issue.title : random.pick(FOLLOW_UPS),
          author: actorOf(ctx, issue.user, at),
          additions: share(pull.additions),
          deletions: share(pull.deletions),
          files: event.pull.files.filter((_, f) => f % times.length === i || times.length === 1),
        });
        pull.commitShas.push(commit.sha);
        parent = commit.sha;
      });
      pull.headSha = parent;
      continue;
    }
    const at = pull.mergedAt!;
    const squash = ctx.profile.mergeStyle === 'squash';
    const merge = addCommit(repo, {
      parents: squash ? [head] : [head, pull.headSha],
      tree: repo.commits.get(pull.headSha)!.tree,
      message: squash
        ? `${issue.title} (#${issue.number})`
        : `Merge pull request #${issue.number} from ${repo.owner}/${pull.headRef}\n\n${issue.title}`,
      author: actorOf(ctx, squash ? issue.user : pull.mergedBy!, at),
      committer: actorOf(ctx, BOTS.webFlow, at),
      additions: pull.additions,
      deletions: pull.deletions,
      files: event.pull.files,
      verified: true,
    });
    pull.baseSha = head;
    pull.mergeCommitSha = merge.sha;
    timeline.points.push({ at, sha: merge.sha });
  }
  const finalHead = timeline.points[timeline.points.length - 1].sha;
  for (const plan of pulls)
    if (plan.fate !== 'merged' && plan.issue.state === 'open') plan.issue.pull.baseSha = finalHead;
  return timeline;
}

/** The reviewed commit of each review: the PR's latest commit at the time of the review. */
export function linkReviews(ctx: RepoSeedContext, pulls: PullPlan[]): void {
  for (const plan of pulls) {
    const { pull } = plan.issue;
    for (const review of pull.reviews) {
      review.id = nextId(ctx.state);
      let commitId = pull.commitShas[0];
      plan.commitTimes.forEach((at, i) => {
        if (at <= review.submittedAt) commitId = pull.commitShas[i];
      });
      review.commitId = commitId;
    }
  }
}

/** CI runs of each pull request: one when it is opened and one per later push. */
export function pullRequestRuns(ctx: RepoSeedContext, pulls: PullPlan[], ci: WorkflowRecord): RunRecord[] {
  const runs: RunRecord[] = [];
  for (const plan of pulls) {
    const { issue } = plan;
    const pushes = plan.commitTimes
      .map((at, i) => ({ at: Math.max(at, issue.createdAt) + 20_000, sha: issue.pull.commitShas[i] }))
      .filter((push, i, all) => i === all.length - 1 || push.at < all[i + 1].at);
    pushes.forEach((push, i) => {
      const last = i === pushes.length - 1;
      const conclusion = last
        ? plan.fate === 'merged' || ctx.random.chance(0.88)
          ? 'success'
          : 'failure'
        : ctx.random.chance(0.6)
          ? 'failure'
          : 'success';
      plan.checks.push(conclusion);
      runs.push(
        runRecord(ctx, {
          workflow: ci,
          event: 'pull_request',
          at: sec(push.at),
          finishedAt: sec(push.at + skewed(ctx.random, 3 * MINUTE, 11 * MINUTE)),
          conclusion,
          headBranch: issue.pull.headRef,
          headSha: push.sha,
          actor: issue.user,
          title: issue.title,
          pullNumbers: [issue.number],
        }),
      );
    });
  }
  return runs;
}

/** Releases every two weeks or so, tagged on main; each lists the pull requests merged since the last one. */
export function buildReleases(
  ctx: RepoSeedContext,
  timeline: Timeline,
  pulls: PullPlan[],
  workflow: WorkflowRecord | undefined,
): RunRecord[] {
  const { random, now, repo } = ctx;
  const runs: RunRecord[] = [];
  const major = random.int(1, 3);
  let minor = random.int(0, 8);
  let previous = now - HISTORY_DAYS * DAY;
  let previousSha = '';
  for (
    let at = sec(previous + 7 * DAY + random.next() * 3 * DAY);
    at < now;
    at = sec(at + 11 * DAY + random.next() * 6 * DAY)
  ) {
    const sha = mainHeadAt(timeline, at);
    if (sha === previousSha) continue;
    const merged = pulls.filter(
      (p) => p.fate === 'merged' && p.issue.pull.mergedAt! > previous && p.issue.pull.mergedAt! <= at,
    );
    const tagName = `v${major}.${++minor}.0`;
    const author = random.pick(ctx.leads);
    const lines = merged.map((p) => `* ${p.issue.title} by @${p.issue.user} in #${p.issue.number}`);
    repo.releases.push({
      id: nextId(ctx.state),
      tagName,
      name: tagName,
      body: `## What's Changed\n${lines.join('\n')}\n`,
      draft: false,
      prerelease: false,
      targetCommitish: repo.defaultBranch,
      sha,
      author,
      createdAt: sec(at - 5 * MINUTE),
      publishedAt: at,
    });
    repo.tags.push({ name: tagName, sha });
    if (workflow) {
      runs.push(
        runRecord(ctx, {
          workflow,
          event: 'push',
          at: at + 5_000,
          finishedAt: sec(at + skewed(random, 4 * MINUTE, 10 * MINUTE)),
          conclusion: 'success',
          headBranch: tagName,
          headSha: sha,
          actor: author,
          title: tagName,
        }),
      );
    }
    previous = at;
    previousSha = sha;
  }
  return runs;
}

/** Branches: main, the heads of open PRs, some heads of closed PRs, and a few stale experiments. */
export function buildBranches(ctx: RepoSeedContext, timeline: Timeline, pulls: PullPlan[]): void {
  const { repo, random, now } = ctx;
  repo.branches.push({
    name: repo.defaultBranch,
    sha: timeline.points[timeline.points.length - 1].sha,
    protected: true,
  });
  for (const plan of pulls) {
    const { pull } = plan.issue;
    if (plan.issue.state === 'open' || (plan.fate === 'closed' && random.chance(0.5)))
      repo.branches.push({ name: pull.headRef, sha: pull.headSha, protected: false });
  }
  const stale = random.int(1, 2);
  for (let i = 0; i < stale; i++) {
    const at = sec(now - random.int(30, HISTORY_DAYS) * DAY);
    const base = mainHeadAt(timeline, at);
    const author = random.pick(ctx.team);
    const topic = random
      .pick(ctx.profile.components)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    const commit = addCommit(repo, {
      parents: [base],
      tree: repo.commits.get(base)!.tree,
      message: `Spike: ${topic}`,
      author: actorOf(ctx, author, at),
      additions: random.int(10, 200),
      files: ['README.md'],
    });
    repo.branches.push({ name: `experiment/${topic}-${i + 1}`, sha: commit.sha, protected: false });
  }
  repo.branches.sort((a, b) => a.name.localeCompare(b.name));
}

/** The issue events GitHub records for the seeded history. */
export function buildEvents(ctx: RepoSeedContext, issues: IssueRecord[]): void {
  const events: Omit<IssueEventRecord, 'id'>[] = [];
  const colors = new Map(ctx.repo.labels.map((l) => [l.name, l.color]));
  for (const issue of issues) {
    for (const name of issue.labels)
      events.push({
        issueNumber: issue.number,
        actor: issue.user,
        event: 'labeled',
        createdAt: issue.createdAt,
        commitId: null,
        label: { name, color: colors.get(name) ?? 'ededed' },
      });
    for (const login of issue.assignees)
      events.push({
        issueNumber: issue.number,
        actor: issue.user,
        event: 'assigned',
        createdAt: issue.createdAt + 1000,
        commitId: null,
        assignee: login,
      });
    const pull = issue.pull;
    if (pull?.merged) {
      events.push({
        issueNumber: issue.number,
        actor: pull.mergedBy!,
        event: 'merged',
        createdAt: pull.mergedAt!,
        commitId: pull.mergeCommitSha,
      });
      events.push({
        issueNumber: issue.number,
        actor: pull.mergedBy!,
        event: 'closed',
        createdAt: pull.mergedAt!,
        commitId: null,
      });
      events.push({
        issueNumber: issue.number,
        actor: pull.mergedBy!,
        event: 'head_ref_deleted',
        createdAt: pull.mergedAt! + 2000,
        commitId: null,
      });
    } else if (issue.closedAt !== null) {
      events.push({
        issueNumber: issue.number,
        actor: issue.closedBy ?? issue.user,
        event: 'closed',
        createdAt: issue.closedAt,
        commitId: null,
      });
    }
  }
  events.sort((a, b) => a.createdAt - b.createdAt || a.issueNumber - b.issueNumber);
  for (const event of events) ctx.repo.events.push({ id: nextId(ctx.state), ...event });
}
