import type { Person } from '../../seed/people.js';
import { statusById, type IssueRecord, type JiraState } from '../../jira/state.js';
import { BOTS, type PullPlan } from './context.js';

/** The Jira project whose tickets each demo repository's pull requests carry out. */
const PROJECT_OF_REPO: Readonly<Record<string, string>> = {
  web: 'WEB',
  api: 'API',
  mobile: 'MOB',
  infra: 'OPS',
  platform: 'PLAT',
  billing: 'BILL',
};

/** A resolved Jira ticket a merged pull request may carry out. */
export interface DeliveryTicket {
  key: string;
  /** First move into an in-progress status. */
  startedAt: number;
  resolvedAt: number;
  /** GitHub login of the assignee (the same person in both fakes). */
  assignee: string | null;
}

/** The resolved, once-started tickets of the workspace's Jira per project key, oldest start first. */
export function deliveryTickets(jira: JiraState | undefined, people: readonly Person[]): Map<string, DeliveryTicket[]> {
  const byProject = new Map<string, DeliveryTicket[]>();
  if (!jira) return byProject;
  const loginOf = new Map(people.map((p) => [p.accountId, p.login]));
  for (const issue of jira.issues) {
    const startedAt = firstStart(jira, issue);
    if (issue.resolutionDate === null || startedAt === null) continue;
    const list = byProject.get(issue.projectKey) ?? [];
    list.push({
      key: issue.key,
      startedAt,
      resolvedAt: issue.resolutionDate,
      assignee: issue.assigneeId ? (loginOf.get(issue.assigneeId) ?? null) : null,
    });
    byProject.set(issue.projectKey, list);
  }
  for (const list of byProject.values()) list.sort((a, b) => a.startedAt - b.startedAt || a.key.localeCompare(b.key));
  return byProject;
}

function firstStart(jira: JiraState, issue: IssueRecord): number | null {
  for (const history of issue.histories) {
    for (const item of history.items) {
      if (item.field === 'status' && item.to && statusById(jira, item.to)?.category === 'indeterminate')
        return history.created;
    }
  }
  return null;
}

/** The tickets a repository's pull requests may name. */
export const ticketsOfRepo = (tickets: Map<string, DeliveryTicket[]>, repo: string): DeliveryTicket[] =>
  tickets.get(PROJECT_OF_REPO[repo] ?? '') ?? [];

/**
 * Makes merged pull requests name the ticket they carry out: one started before the pull request was
 * opened and resolved after it merged, the author's own when there is one, else the one resolved soonest. The key goes into the branch
 * and title, the title alone or the body alone, in turn, as teams do. Draws nothing from the seed's
 * random stream, so everything else the seed generates stays as it was.
 */
export function nameTickets(pulls: readonly PullPlan[], tickets: readonly DeliveryTicket[]): void {
  const unused = new Set(tickets);
  let linked = 0;
  for (const plan of pulls) {
    const { issue } = plan;
    if (plan.fate !== 'merged' || issue.user === BOTS.dependabot) continue;
    // The ticket resolved soonest after the merge fits best (and leaves the longer ones to later merges).
    const fits = [...unused]
      .filter((t) => t.startedAt <= issue.createdAt && t.resolvedAt >= issue.pull.mergedAt!)
      .sort((a, b) => a.resolvedAt - b.resolvedAt);
    const ticket = fits.find((t) => t.assignee === issue.user) ?? fits[0];
    if (!ticket) continue;
    unused.delete(ticket);
    const style = linked++ % 3;
    if (style === 0) {
      const [owner, rest] = issue.pull.headRef.split('/');
      issue.pull.headRef = `${owner}/${ticket.key.toLowerCase()}-${rest}`;
    }
    if (style !== 2) issue.title = `${ticket.key}: ${issue.title}`;
    else issue.body = `${issue.body ?? ''}\n\nCloses ${ticket.key}.`;
  }
}
