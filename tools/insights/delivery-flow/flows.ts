import { durationSummary, hours } from '../../../src/analytics/stats.js';
import { firstReviewAt } from '../../code_host/analytics/metrics/activity.js';
import type { TicketHistory } from '../../ticketing/analytics/history.js';
import { startedAt } from '../../ticketing/analytics/timeline.js';
import type { NamingPull, RepoDeliveryRecord } from './code-signals.js';

/** The stages of a ticket's way to production, each from one event to the next. */
export const STAGES = ['coding', 'pickup', 'review', 'deploy_wait'] as const;
type Stage = (typeof STAGES)[number];

export type NotFollowedReason = 'no_pull_request' | 'pull_request_not_merged' | 'no_deployment_after_merge';

/** The events of one ticket's flow (epoch ms; null where it did not happen or could not be seen). */
interface FlowEvents {
  created: number;
  in_progress: number | null;
  pr_opened: number | null;
  first_review: number | null;
  merged: number | null;
  deployed: number | null;
  done: number;
}

export interface TicketFlow {
  ticket: TicketHistory & { resolved: number };
  pull: NamingPull | null;
  events: FlowEvents;
  stagesMs: Record<Stage | 'lead_time', number | null>;
  longest: Stage | null;
  reopened: number;
  notFollowed: NotFollowedReason | null;
}

/** Text naming any of the keys as a whole word, any case (`web-17-fix` names WEB-17, `WEB-170` does not). */
export function keyPattern(keys: readonly string[]): RegExp {
  return new RegExp(`\\b(?:${keys.map((k) => k.replace(/[^A-Za-z0-9_]/g, '\\$&')).join('|')})\\b`, 'i');
}

/** Times the ticket left a done status for one that is not. */
export const reopenedCount = (ticket: TicketHistory): number =>
  ticket.statusChanges.filter((c) => c.from?.category === 'done' && c.to.category !== 'done').length;

/**
 * When the merge first reached an environment: the first success of a deployment (production when the
 * repository deploys there, any environment otherwise) of the merge commit or a later merge; without
 * deployments, the first release published after the merge.
 */
export function deployedAt(record: RepoDeliveryRecord, mergedAt: number): number | null {
  const production = record.deployments.filter((d) => d.environment.toLowerCase() === 'production');
  const candidates = (production.length ? production : record.deployments)
    .filter((d) => (record.mergeTimeOfSha[d.sha] ?? -Infinity) >= mergedAt)
    .map((d) => d.succeededAt);
  if (record.deployments.length === 0) candidates.push(...record.releases.filter((t) => t >= mergedAt));
  return candidates.length ? Math.min(...candidates) : null;
}

const span = (from: number | null, to: number | null): number | null =>
  from === null || to === null ? null : Math.max(0, to - from);

/** Follows one resolved ticket through the first pull request naming it (earliest opened) to its deployment. */
export function followTicket(
  ticket: TicketHistory & { resolved: number },
  repos: readonly RepoDeliveryRecord[],
): TicketFlow {
  const pattern = keyPattern([ticket.key]);
  const candidates = repos.flatMap((record) =>
    record.pulls.filter((p) => pattern.test(p.text)).map((pull) => ({ pull, record })),
  );
  candidates.sort((a, b) => a.pull.createdAt - b.pull.createdAt || a.pull.repo.localeCompare(b.pull.repo));
  const first = candidates[0];
  const merged = first?.pull.mergedAt ?? null;
  const events: FlowEvents = {
    created: ticket.created,
    in_progress: startedAt(ticket),
    pr_opened: first?.pull.createdAt ?? null,
    first_review: first ? firstReviewAt(first.pull) : null,
    merged,
    deployed: first && merged !== null ? deployedAt(first.record, merged) : null,
    done: ticket.resolved,
  };
  const stagesMs = {
    coding: span(events.in_progress, events.pr_opened),
    pickup: span(events.pr_opened, events.first_review),
    review: span(events.first_review, events.merged),
    deploy_wait: span(events.merged, events.deployed),
    lead_time: span(events.created, events.done),
  };
  let longest: Stage | null = null;
  for (const stage of STAGES) {
    const value = stagesMs[stage];
    if (value !== null && (longest === null || value > (stagesMs[longest] as number))) longest = stage;
  }
  const notFollowed: NotFollowedReason | null = !first
    ? 'no_pull_request'
    : merged === null
      ? 'pull_request_not_merged'
      : events.deployed === null
        ? 'no_deployment_after_merge'
        : null;
  return { ticket, pull: first?.pull ?? null, events, stagesMs, longest, reopened: reopenedCount(ticket), notFollowed };
}

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

/** One ticket's flow as the result shows it. */
export function flowRow(flow: TicketFlow) {
  const { ticket, pull, events, stagesMs } = flow;
  return {
    key: ticket.key,
    summary: ticket.summary,
    assignee: ticket.assignee?.displayName ?? null,
    pull_request: pull ? { repo: pull.repo, number: pull.number, title: pull.title, url: pull.url } : null,
    events: {
      created: iso(events.created) as string,
      in_progress: iso(events.in_progress),
      pr_opened: iso(events.pr_opened),
      first_review: iso(events.first_review),
      merged: iso(events.merged),
      deployed: iso(events.deployed),
      done: iso(events.done) as string,
    },
    stage_hours: {
      coding: hours(stagesMs.coding),
      pickup: hours(stagesMs.pickup),
      review: hours(stagesMs.review),
      deploy_wait: hours(stagesMs.deploy_wait),
      lead_time: hours(stagesMs.lead_time),
    },
    longest_stage: flow.longest,
    reopened: flow.reopened,
  };
}

/** Median and p90 of every stage over the tickets where both its events were seen. */
export function stageSummary(flows: readonly TicketFlow[]) {
  const of = (stage: Stage | 'lead_time') =>
    durationSummary(flows.flatMap((f) => (f.stagesMs[stage] === null ? [] : [f.stagesMs[stage]])));
  return {
    coding: of('coding'),
    pickup: of('pickup'),
    review: of('review'),
    deploy_wait: of('deploy_wait'),
    lead_time: of('lead_time'),
  };
}

/** Where time waits: how many tickets each stage was the longest of, and the reopened tickets. */
export function waitsOf(flows: readonly TicketFlow[]) {
  const longest = (stage: Stage) => flows.filter((f) => f.longest === stage).length;
  return {
    longest_stage: {
      coding: longest('coding'),
      pickup: longest('pickup'),
      review: longest('review'),
      deploy_wait: longest('deploy_wait'),
    },
    waiting_for_review: longest('pickup'),
    waiting_for_deploy: longest('deploy_wait'),
    reopened: flows.filter((f) => f.reopened > 0).length,
  };
}
