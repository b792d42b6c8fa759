import type { GraphBatch, Handle } from './batch.js';
import { linkMentionedTickets, ticketNode, type Extractor } from './extractor.js';
import { arr, clip, idOf, labelNames, num, obj, str, type Json } from './read.js';

/**
 * ticketing (Jira) results, per the catalog of Document 1: tickets with status, priority, assignee and
 * reporter; projects with their lead; users; developer metrics; and the effect of ticket actions.
 */
export const extractTicketing: Extractor = ({ tool, args, result }, batch) => {
  for (const item of [...arr(result.tickets), ...arr(result.issues)]) ticket(batch, item);
  for (const project of arr(result.projects)) projectNode(batch, project);
  for (const user of arr(result.users)) atlassianUser(batch, user);
  const argProject = str(args.project_key) ?? str(args.project);
  for (const developer of arr(result.developers)) {
    const person = atlassianUser(batch, developer);
    if (argProject) batch.edge(person, 'CONTRIBUTES_TO', batch.ref('project', argProject, { key: argProject }));
  }
  for (const subtask of arr(result.subtasks)) ticket(batch, subtask);
  single(tool, args, result, batch);
};

function single(tool: string, args: Json, result: Json, batch: GraphBatch): void {
  const issueKey = str(args.issue_key);
  if (str(result.key) && str(result.summary)) ticket(batch, result);
  else if (tool === 'create_ticket' && str(result.key)) {
    const handle = ticketNode(batch, str(result.key) as string, ticketFields(args), str(args.project_key));
    batch.edge(handle, 'ASSIGNED_TO', accountRef(batch, str(args.assignee_id)));
  } else if (str(result.key) && (str(result.name) || obj(result.lead))) projectNode(batch, result);
  else if (str(result.accountId)) atlassianUser(batch, result);
  else if (issueKey && (tool === 'update_ticket' || tool === 'assign_issue')) {
    const handle = ticketNode(batch, issueKey, ticketFields(args));
    batch.edge(handle, 'ASSIGNED_TO', accountRef(batch, str(args.assignee_id)));
  }
}

/** The ticket fields an action's arguments set. */
const ticketFields = (args: Json) => ({
  summary: str(args.summary),
  priority: str(args.priority),
  issue_type: str(args.issue_type),
  labels: labelNames(args.labels),
});

const accountRef = (batch: GraphBatch, accountId: string | undefined): Handle | undefined =>
  accountId ? batch.person({ accountId }) : undefined;

export function atlassianUser(batch: GraphBatch, user: Json | undefined): Handle | undefined {
  if (!user) return undefined;
  return batch.person(
    { accountId: str(user.accountId), email: str(user.emailAddress) ?? str(user.email) },
    { name: str(user.displayName), active: typeof user.active === 'boolean' ? user.active : undefined },
  );
}

function ticket(batch: GraphBatch, item: Json): void {
  const key = str(item.key);
  if (!key) return;
  const status = obj(item.status);
  const fields = {
    id: idOf(item.id),
    summary: str(item.summary),
    description: clip(typeof item.description === 'string' ? item.description : undefined),
    status: str(status?.name) ?? str(item.status),
    status_category: str(obj(status?.category)?.key) ?? str(status?.category),
    priority: str(obj(item.priority)?.name) ?? str(item.priority),
    issue_type: str(obj(item.issuetype)?.name),
    labels: labelNames(item.labels),
    story_points: num(item.storyPoints),
    sprint: str(obj(item.sprint)?.name),
    created: str(item.created),
    updated: str(item.updated),
  };
  const projectKey = str(obj(item.project)?.key);
  const handle = ticketNode(batch, key, fields, projectKey);
  batch.edge(handle, 'ASSIGNED_TO', atlassianUser(batch, obj(item.assignee)));
  batch.edge(handle, 'AUTHORED_BY', atlassianUser(batch, obj(item.reporter) ?? obj(item.creator)));
  linkMentionedTickets(batch, handle, [fields.summary, fields.description], key);
}

function projectNode(batch: GraphBatch, project: Json): void {
  const key = str(project.key);
  if (!key) return;
  const lead = obj(project.lead);
  const handle = batch.node('project', key, {
    key,
    id: idOf(project.id),
    name: str(project.name),
    description: clip(project.description, 500),
    lead: str(lead?.displayName),
    project_type: str(project.projectTypeKey),
    style: str(project.style),
    url: str(project.url),
  });
  batch.edge(handle, 'CREATED_BY', atlassianUser(batch, lead));
}
