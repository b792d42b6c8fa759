import { nextId, openIssue, type CommentRecord, type ReviewRecord } from '../state.js';
import { DEPENDENCIES, PR_KINDS } from './catalog.js';
import {
  BOTS,
  DAY,
  HISTORY_DAYS,
  HOUR,
  MINUTE,
  type PullPlan,
  type RepoSeedContext,
  sec,
  skewed,
  slug,
} from './context.js';

const REVIEW_BODIES = {
  APPROVED: ['LGTM', 'Looks good, thanks!', 'Ship it', ''],
  CHANGES_REQUESTED: [
    'Please add a test for the error path.',
    'This breaks the mobile layout, see inline comments.',
    'Can we avoid the extra query here?',
  ],
  COMMENTED: ['A few nits inline, nothing blocking.', 'Question about the naming inline.'],
} as const;

const COMMENTS = [
  'Thanks for picking this up!',
  'Rebased on main.',
  'CI is green now.',
  'Can we get this into the next release?',
  'Added screenshots.',
];

/** Plans the pull requests of a repository over the history window (numbers are assigned later). */
export function planPulls(ctx: RepoSeedContext): PullPlan[] {
  const { random, now, profile, team } = ctx;
  const count = Math.round(profile.activity * 22 * ctx.scale);
  // Work in flight: every active repository has a few pull requests opened in the last four days.
  const recent = profile.activity > 0 ? Math.max(2, Math.round(2 * profile.activity * ctx.scale)) : 0;
  const plans: PullPlan[] = [];
  for (let i = 0; i < count + recent; i++) {
    const window = i < count ? HISTORY_DAYS * DAY : 4 * DAY;
    const createdAt = sec(now - window + random.next() * (window - 10 * MINUTE));
    const dependabot = profile.language !== null && random.chance(0.1);
    plans.push(dependabot ? planDependabot(ctx, createdAt, i) : planHuman(ctx, createdAt, i, random.pick(team)));
  }
  return plans.sort((a, b) => a.issue.createdAt - b.issue.createdAt);
}

function planHuman(ctx: RepoSeedContext, createdAt: number, index: number, author: string): PullPlan {
  const { random, now, profile } = ctx;
  const kind = random.pick(PR_KINDS);
  const component = random.pick(profile.components);
  const title = `${random.pick(kind.verbs)} ${component}`;
  const headRef = `${author.split('-')[0]}/${kind.kind}-${slug(component)}-${index + 1}`;
  const commitCount = random.int(1, 4);
  const firstCommitAt = sec(createdAt - skewed(random, 20 * MINUTE, 3 * DAY));
  const commitTimes = spread(firstCommitAt, createdAt - MINUTE, commitCount);
  const age = now - createdAt;
  const roll = random.next();
  const fate: PullPlan['fate'] = age < 3 * DAY ? 'open' : roll < 0.75 ? 'merged' : roll < 0.85 ? 'closed' : 'open';
  const reviewers = random.sample(
    ctx.team.filter((login) => login !== author),
    random.int(1, 2),
  );
  if (reviewers.length === 0) reviewers.push(...ctx.leads.filter((login) => login !== author).slice(0, 1));
  const plan = basePlan(ctx, { createdAt, author, title, headRef, commitTimes, fate, label: kind.label });
  plan.issue.body = `## Summary\n\n${title} in the ${component}.\n\n## Testing\n\n- [x] Unit tests\n- [ ] Manual QA`;
  plan.issue.assignees = random.chance(0.6) ? [author] : [];
  plan.issue.pull.draft = fate === 'open' && random.chance(0.25);
  const pull = plan.issue.pull;
  const reviewer = reviewers[0];
  if (fate === 'merged') {
    const mergedAt = sec(Math.min(createdAt + skewed(random, HOUR, 6 * DAY), now - 10 * MINUTE));
    const firstReviewAt = sec(createdAt + 10 * MINUTE + random.next() * (mergedAt - createdAt - 15 * MINUTE) * 0.6);
    if (reviewer && random.chance(0.25)) {
      review(ctx, plan, reviewer, 'CHANGES_REQUESTED', firstReviewAt);
      const fixAt = sec(firstReviewAt + (mergedAt - firstReviewAt) * 0.4);
      plan.commitTimes.push(fixAt);
      review(ctx, plan, reviewer, 'APPROVED', sec(firstReviewAt + (mergedAt - firstReviewAt) * 0.7));
    } else if (reviewer) {
      review(ctx, plan, reviewer, 'APPROVED', firstReviewAt);
    }
    if (reviewers[1] && random.chance(0.35))
      review(ctx, plan, reviewers[1], 'COMMENTED', sec(firstReviewAt + (mergedAt - firstReviewAt) * 0.5));
    pull.merged = true;
    pull.mergedAt = mergedAt;
    pull.mergedBy = random.chance(0.7) ? author : (reviewer ?? author);
    close(plan, mergedAt, pull.mergedBy);
  } else if (fate === 'closed') {
    const closedAt = sec(Math.min(createdAt + DAY + random.next() * 7 * DAY, now - 10 * MINUTE));
    if (reviewer && random.chance(0.5))
      review(
        ctx,
        plan,
        reviewer,
        random.chance(0.5) ? 'CHANGES_REQUESTED' : 'COMMENTED',
        sec(createdAt + (closedAt - createdAt) * 0.3),
      );
    close(plan, closedAt, author);
  } else if (!pull.draft && reviewer && age > 2 * HOUR && random.chance(0.5)) {
    review(
      ctx,
      plan,
      reviewer,
      random.chance(0.5) ? 'CHANGES_REQUESTED' : 'COMMENTED',
      sec(createdAt + random.next() * age * 0.5),
    );
  } else if (!pull.draft) {
    pull.requestedReviewers = reviewers;
  }
  pull.mergeable = fate !== 'open' || !random.chance(0.15);
  pull.additions = Math.round(skewed(random, 5, 900, 3));
  pull.deletions = Math.round(random.next() * pull.additions * 0.6);
  plan.files = random.sample(filePool(ctx), random.int(1, 6));
  pull.changedFiles = plan.files.length;
  addComments(ctx, plan, random.int(0, 2));
  return plan;
}

function planDependabot(ctx: RepoSeedContext, createdAt: number, index: number): PullPlan {
  const { random, now } = ctx;
  const dep = random.pick(DEPENDENCIES);
  const minor = random.int(1, 30);
  const title = `Bump ${dep} from 1.${minor}.0 to 1.${minor + 1}.0`;
  const fate: PullPlan['fate'] = now - createdAt < 3 * DAY ? 'open' : random.chance(0.85) ? 'merged' : 'closed';
  const plan = basePlan(ctx, {
    createdAt,
    author: BOTS.dependabot,
    title,
    headRef: `dependabot/${slug(dep)}-1.${minor + 1}.0-${index + 1}`,
    commitTimes: [createdAt - MINUTE],
    fate,
    label: 'dependencies',
  });
  plan.issue.body = `Bumps ${dep} from 1.${minor}.0 to 1.${minor + 1}.0.\n\nDependabot will resolve any conflicts with this PR as long as you don't alter it yourself.`;
  const pull = plan.issue.pull;
  const reviewer = random.pick(ctx.leads);
  if (fate === 'merged') {
    const mergedAt = sec(Math.min(createdAt + skewed(random, 30 * MINUTE, 3 * DAY), now - 10 * MINUTE));
    review(ctx, plan, reviewer, 'APPROVED', sec(createdAt + (mergedAt - createdAt) * 0.8));
    pull.merged = true;
    pull.mergedAt = mergedAt;
    pull.mergedBy = reviewer;
    close(plan, mergedAt, reviewer);
  } else if (fate === 'closed') {
    close(plan, sec(Math.min(createdAt + 2 * DAY, now - 10 * MINUTE)), BOTS.dependabot);
  }
  pull.additions = random.int(2, 40);
  pull.deletions = random.int(2, pull.additions);
  plan.files = ['dependencies.lock'];
  pull.changedFiles = 1;
  return plan;
}

interface PlanInput {
  createdAt: number;
  author: string;
  title: string;
  headRef: string;
  commitTimes: number[];
  fate: PullPlan['fate'];
  label: string;
}

function basePlan(ctx: RepoSeedContext, input: PlanInput): PullPlan {
  const { createdAt } = input;
  return {
    issue: {
      ...openIssue({
        id: 0,
        number: 0,
        title: input.title,
        body: null,
        user: input.author,
        labels: [input.label],
        assignees: [],
        createdAt,
      }),
      pull: {
        id: 0,
        headRef: input.headRef,
        headSha: '',
        baseRef: ctx.repo.defaultBranch,
        baseSha: '',
        draft: false,
        merged: false,
        mergedAt: null,
        mergedBy: null,
        mergeCommitSha: null,
        mergeable: true,
        commitShas: [],
        additions: 0,
        deletions: 0,
        changedFiles: 0,
        reviews: [],
        reviewComments: 0,
        requestedReviewers: [],
      },
    },
    commitTimes: input.commitTimes,
    files: [],
    fate: input.fate,
    checks: [],
  };
}

function review(ctx: RepoSeedContext, plan: PullPlan, user: string, state: ReviewRecord['state'], at: number): void {
  const bodies = REVIEW_BODIES[state as keyof typeof REVIEW_BODIES] ?? [''];
  plan.issue.pull.reviews.push({ id: 0, user, state, body: ctx.random.pick(bodies), submittedAt: at, commitId: '' });
  if (state !== 'APPROVED') plan.issue.pull.reviewComments += ctx.random.int(1, 3);
  plan.issue.updatedAt = Math.max(plan.issue.updatedAt, at);
}

function close(plan: PullPlan, at: number, by: string): void {
  plan.issue.state = 'closed';
  plan.issue.closedAt = at;
  plan.issue.closedBy = by;
  plan.issue.updatedAt = Math.max(plan.issue.updatedAt, at);
}

/** Adds conversation comments between creation and closing (or now). */
export function addComments(
  ctx: RepoSeedContext,
  plan: { issue: { createdAt: number; closedAt: number | null; updatedAt: number; comments: CommentRecord[] } },
  count: number,
  bodies: readonly string[] = COMMENTS,
): void {
  const { issue } = plan;
  const end = issue.closedAt ?? ctx.now - MINUTE;
  for (let i = 0; i < count; i++) {
    const at = sec(issue.createdAt + ((i + 1) / (count + 1)) * (end - issue.createdAt));
    issue.comments.push({
      id: nextId(ctx.state),
      user: ctx.random.pick(ctx.team),
      body: ctx.random.pick(bodies),
      createdAt: at,
      updatedAt: at,
    });
    issue.updatedAt = Math.max(issue.updatedAt, at);
  }
}

/** `count` times from `from` to `to`, evenly spread, whole seconds. */
function spread(from: number, to: number, count: number): number[] {
  if (count === 1) return [sec(to)];
  return Array.from({ length: count }, (_, i) => sec(from + ((to - from) * i) / (count - 1)));
}

function filePool(ctx: RepoSeedContext): string[] {
  const paths = Object.keys(ctx.profile.files);
  for (const component of ctx.profile.components) paths.push(`src/${slug(component)}/index`);
  paths.push('README.md');
  return paths;
}
