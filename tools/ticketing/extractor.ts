import type { GraphBatch, Handle } from '../../src/graph/ingest/batch.js';
import type { Extractor } from '../../src/graph/ingest/extractor.js';
import { ticketNode } from './mentions.js';
import { clip } from '../../src/graph/ingest/read.js';
import { extractorOf, readsResultsOf } from '../../src/graph/ingest/tool-readers.js';
import { getIssueAging } from './aging.js';
import { addTicketComment, getTicketComments } from './comments.js';
import { addIssueLabels, removeIssueLabels } from './labels.js';
import { getMyTicketingWork } from './my-work.js';
import { getAvailableStatuses, getProjectInfo, getProjects } from './projects.js';
import type { Project, Ticket, TicketDetail, UserRef } from './schemas.js';
import { assignIssue, createTicket, updateTicket } from './ticket-actions.js';
import { getIssuesByStatus, getTicket, getTickets, getTicketsByUser } from './tickets.js';
import { getAvailableTransitions, transitionIssue } from './transitions.js';
import { getAssignableUsers, getUserByEmail, getUsers } from './users.js';

/**
 * How the graph reads ticketing results: tickets (`issue` nodes keyed by their key, in their
 * `project`), projects and people. A person is one `user` node across systems: the Atlassian account
 * id and the email address are both aliases, so the same human seen on the code_host (by email)
 * meets their Jira self. Ticket keys mentioned in descriptions and comments become LINKED_TO edges.
 */
export const extractTicketing: Extractor = extractorOf([
  readsResultsOf(getProjects, ({ result }, batch) => result.projects.forEach((p) => project(batch, p))),
  readsResultsOf(
    getProjectInfo,
    ({ result }, batch) =>
      void project(batch, result, {
        issue_types: result.issueTypes.map((t) => t.name),
        story_points_field: result.story_points_field?.name,
      }),
  ),
  readsResultsOf(
    getAvailableStatuses,
    ({ result }, batch) =>
      void batch.node('project', result.project_key, {
        key: result.project_key,
        statuses: result.statuses.map((s) => s.name),
      }),
  ),
  readsResultsOf(getAssignableUsers, ({ result }, batch) => result.users.forEach((u) => person(batch, u))),
  readsResultsOf(getUsers, ({ result }, batch) => result.users.forEach((u) => person(batch, u))),
  readsResultsOf(
    getUserByEmail,
    ({ args, result }, batch) => void person(batch, { ...result, emailAddress: result.emailAddress ?? args.email }),
  ),
  readsResultsOf(getTickets, ({ result }, batch) => result.tickets.forEach((t) => ticket(batch, t))),
  readsResultsOf(getIssuesByStatus, ({ result }, batch) => result.tickets.forEach((t) => ticket(batch, t))),
  readsResultsOf(getTicketsByUser, ({ result }, batch) => result.tickets.forEach((t) => ticket(batch, t))),
  readsResultsOf(getTicket, ({ result }, batch) => void ticketDetail(batch, result)),
  readsResultsOf(createTicket, ({ result }, batch) => void ticketDetail(batch, result.ticket)),
  readsResultsOf(updateTicket, ({ result }, batch) => void ticketDetail(batch, result)),
  readsResultsOf(transitionIssue, ({ result }, batch) => void ticketDetail(batch, result.ticket)),
  readsResultsOf(assignIssue, ({ result }, batch) => {
    const handle = ticketNode(batch, result.issue_key);
    batch.edge(handle, 'ASSIGNED_TO', person(batch, result.assignee));
  }),
  readsResultsOf(
    getAvailableTransitions,
    ({ result }, batch) =>
      void ticketNode(batch, result.issue_key, {
        status: result.current_status.name,
        status_category: result.current_status.category,
      }),
  ),
  readsResultsOf(
    getIssueAging,
    ({ result }, batch) =>
      void ticketNode(batch, result.issue_key, {
        status: result.current_status,
        status_category: result.status_category,
        created_at: result.created,
        age_days: result.age_days,
        time_in_status_hours: result.time_in_status_hours,
      }),
  ),
  readsResultsOf(getTicketComments, ({ args, result }, batch) => {
    const handle = ticketNode(batch, args.issue_key, {}, undefined, true);
    for (const comment of result.comments) {
      person(batch, comment.author);
      batch.linkMentions(handle, [comment.body], ['issue'], args.issue_key);
    }
  }),
  readsResultsOf(addTicketComment, ({ args, result }, batch) => {
    person(batch, result.author);
    batch.linkMentions(
      ticketNode(batch, args.issue_key, {}, undefined, true),
      [result.body],
      ['issue'],
      args.issue_key,
    );
  }),
  readsResultsOf(
    addIssueLabels,
    ({ result }, batch) => void ticketNode(batch, result.issue_key, { labels: result.labels }),
  ),
  readsResultsOf(
    removeIssueLabels,
    ({ result }, batch) => void ticketNode(batch, result.issue_key, { labels: result.labels }),
  ),
  readsResultsOf(getMyTicketingWork, ({ result }, batch) => {
    const me = person(batch, result.user);
    const lists = [result.open, result.in_current_sprint, result.blocked, result.recently_resolved];
    for (const list of lists) {
      for (const t of list ?? []) {
        const handle = ticketNode(batch, t.key, {
          summary: t.summary,
          status: t.status,
          priority: t.priority ?? undefined,
          issue_type: t.issue_type,
          story_points: t.story_points,
          url: t.url,
          updated_at: t.updated,
        });
        batch.edge(handle, 'ASSIGNED_TO', me);
      }
    }
  }),
]);

function person(batch: GraphBatch, user: UserRef | null | undefined): Handle | undefined {
  if (!user?.accountId) return undefined;
  return batch.person({ accountId: user.accountId, email: user.emailAddress ?? undefined }, { name: user.displayName });
}

function project(batch: GraphBatch, p: Project, extra: Record<string, unknown> = {}): Handle | undefined {
  const handle = batch.node('project', p.key, {
    key: p.key,
    name: p.name,
    description: clip(p.description, 500),
    project_type: p.projectTypeKey,
    style: p.style,
    url: p.url,
    ...extra,
  });
  batch.edge(person(batch, p.lead), 'CONTRIBUTES_TO', handle, { role: 'lead' });
  return handle;
}

function ticket(batch: GraphBatch, t: Ticket): Handle | undefined {
  const handle = ticketNode(
    batch,
    t.key,
    {
      summary: t.summary,
      title: t.summary,
      status: t.status.name,
      status_category: t.status.category.key,
      issue_type: t.issuetype.name,
      priority: t.priority?.name,
      labels: t.labels,
      story_points: t.storyPoints,
      description: clip(t.description),
      url: t.url,
      created_at: t.created,
      updated_at: t.updated,
      resolved_at: t.resolved,
    },
    t.project,
  );
  batch.edge(handle, 'ASSIGNED_TO', person(batch, t.assignee));
  batch.edge(handle, 'AUTHORED_BY', person(batch, t.reporter));
  if (t.parent)
    batch.edge(handle, 'LINKED_TO', ticketNode(batch, t.parent.key, { summary: t.parent.summary }, undefined, true), {
      relation: 'parent',
    });
  batch.linkMentions(handle, [t.summary, t.description ?? undefined], ['issue'], t.key);
  return handle;
}

function ticketDetail(batch: GraphBatch, t: TicketDetail): Handle | undefined {
  const handle = ticket(batch, t);
  if (t.sprint) batch.node('issue', t.key, { sprint: t.sprint.name, sprint_state: t.sprint.state });
  for (const sub of t.subtasks)
    batch.edge(
      ticketNode(batch, sub.key, { summary: sub.summary, status: sub.status }, undefined, true),
      'LINKED_TO',
      handle,
      { relation: 'parent' },
    );
  return handle;
}
