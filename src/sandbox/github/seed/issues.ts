import { openIssue, type IssueRecord } from '../state.js';
import { ISSUE_KINDS } from './catalog.js';
import { DAY, HISTORY_DAYS, HOUR, MINUTE, type DeploymentPlan, type RepoSeedContext, sec, skewed } from './context.js';
import { addComments } from './pulls.js';

const ISSUE_COMMENTS = [
  'I can reproduce this on main.',
  'Looking into it.',
  'Fixed by the linked pull request.',
  'Any update on this?',
  '+1, customers are asking.',
];
const INCIDENT_COMMENTS = [
  'Paged on-call, investigating.',
  'Error rate back to baseline after the rollback.',
  'Postmortem scheduled for Thursday.',
];

function blankIssue(createdAt: number, user: string, title: string, labels: string[]): IssueRecord {
  return openIssue({ id: 0, number: 0, title, body: null, user, labels, assignees: [], createdAt });
}

/** Plain issues over the history window: bugs, enhancements, docs and debt, about two thirds closed. */
export function planIssues(ctx: RepoSeedContext): IssueRecord[] {
  const { random, now, profile } = ctx;
  const count = Math.round(profile.activity * 16 * ctx.scale) + (profile.activity === 0 ? 0 : 1);
  const issues: IssueRecord[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = sec(now - HISTORY_DAYS * DAY + random.next() * (HISTORY_DAYS * DAY - HOUR));
    let roll = random.next();
    const kind = ISSUE_KINDS.find((k) => (roll -= k.weight) < 0) ?? ISSUE_KINDS[0];
    const component = random.pick(profile.components);
    const verb = random.pick(kind.verbs);
    const title =
      kind.labels[0] === 'bug'
        ? `${capitalize(component)} ${verb} ${random.pick(['Safari', 'production', 'the EU region', 'large accounts'])}`
        : `${verb} ${component}`;
    const labels: string[] = [...kind.labels];
    if (kind.labels[0] === 'bug' && random.chance(0.3)) labels.push('priority: high');
    const issue = blankIssue(createdAt, random.pick(ctx.everyone), title, labels);
    issue.body = `### Description\n\n${title}.\n\n### Expected\n\nIt works.\n`;
    const assigneeCount = random.chance(0.7) ? random.int(1, 2) : 0;
    issue.assignees = random.sample(ctx.team, assigneeCount);
    if (now - createdAt > 2 * DAY && random.chance(0.65)) {
      const closedAt = sec(Math.min(createdAt + skewed(random, 2 * HOUR, 25 * DAY), now - HOUR));
      issue.state = 'closed';
      issue.stateReason = random.chance(0.85) ? 'completed' : 'not_planned';
      issue.closedAt = closedAt;
      issue.closedBy = issue.assignees[0] ?? issue.user;
      issue.updatedAt = closedAt;
    }
    addComments(ctx, { issue }, random.int(0, 4), ISSUE_COMMENTS);
    issues.push(issue);
  }
  return issues;
}

/**
 * One `incident` issue per failed production deployment, opened minutes after the failure and
 * closed shortly after the rollback that restored service (open when the rollback is still ahead).
 */
export function planIncidents(
  ctx: RepoSeedContext,
  deployments: DeploymentPlan[],
): { issue: IssueRecord; deployment: DeploymentPlan; resolvedBy?: DeploymentPlan }[] {
  const { random, now } = ctx;
  const production = deployments
    .filter((d) => d.environment === 'production')
    .sort((a, b) => a.createdAt - b.createdAt);
  const incidents: { issue: IssueRecord; deployment: DeploymentPlan; resolvedBy?: DeploymentPlan }[] = [];
  production.forEach((deployment, index) => {
    if (deployment.outcome === 'success' || deployment.finishedAt >= now) return;
    const createdAt = sec(deployment.finishedAt + random.int(3, 20) * MINUTE);
    if (createdAt >= now) return;
    const onCall = random.pick(ctx.leads);
    const labels = random.chance(0.5) ? ['incident', 'bug', 'priority: high'] : ['incident', 'bug'];
    const issue = blankIssue(createdAt, onCall, `Incident: ${ctx.repo.name} errors after production deploy`, labels);
    issue.assignees = [onCall];
    const resolvedBy = production.slice(index + 1).find((d) => d.rollback || d.outcome === 'success');
    if (resolvedBy && resolvedBy.finishedAt <= now) {
      const closedAt = sec(Math.min(resolvedBy.finishedAt + random.int(5, 60) * MINUTE, now - MINUTE));
      issue.state = 'closed';
      issue.stateReason = 'completed';
      issue.closedAt = Math.max(closedAt, createdAt + MINUTE);
      issue.closedBy = onCall;
      issue.updatedAt = issue.closedAt;
    }
    addComments(ctx, { issue }, random.int(1, 3), INCIDENT_COMMENTS);
    incidents.push({ issue, deployment, resolvedBy });
  });
  return incidents;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
