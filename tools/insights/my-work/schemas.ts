import { z } from 'zod';

/** The systems whose open work is gathered, by the catalog's system ids. */
export const WORK_SYSTEMS = ['ticketing', 'code_host', 'wiki', 'suite', 'chat'] as const;
export type WorkSystem = (typeof WORK_SYSTEMS)[number];

/** The graph node an item is (type and id as the system's graph extractor names it). */
const NodeRefSchema = z.object({ type: z.string(), id: z.string() });
export type NodeRef = z.infer<typeof NodeRefSchema>;

const WorkItemSchema = z.object({
  kind: z.enum(['ticket', 'review_request', 'pull_request', 'issue', 'page', 'meeting', 'mention']),
  title: z.string(),
  status: z.string().nullable().describe('Ticket status, PR/issue state, meeting response; null when none'),
  where: z.string().nullable().describe('Project, repository, space, calendar or channel'),
  at: z.string().nullable().describe('Last update; for a meeting its start; for a mention when it was sent'),
  url: z.string().nullable(),
  node: NodeRefSchema.describe('Pass to the graph tools'),
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

const SystemWorkSchema = z.object({
  status: z
    .enum(['ok', 'not_connected', 'no_account', 'failed', 'not_read'])
    .describe(
      'not_connected: no credential or consent for the system; no_account: no account of the person there; failed: see failed_sources; not_read: not asked for',
    ),
  items: z.array(WorkItemSchema),
  total: z.number().int().nullable().describe('Items in all (the list holds at most limit per kind)'),
  message: z.string().optional(),
});
export type SystemWork = z.infer<typeof SystemWorkSchema>;

export const MyWorkResultSchema = z.object({
  systems: z.object(
    Object.fromEntries(WORK_SYSTEMS.map((s) => [s, SystemWorkSchema])) as Record<WorkSystem, typeof SystemWorkSchema>,
  ),
  not_connected: z.array(z.enum(WORK_SYSTEMS)).describe('Systems without a credential or consent for the caller'),
  rules: z.record(z.string(), z.string()).describe('What each system counts as open work'),
});
export type MyWorkResult = z.infer<typeof MyWorkResultSchema>;

/** What each system counts as open work; the result repeats it. */
export const MY_WORK_RULES: Record<WorkSystem, string> = {
  ticketing: 'Jira tickets assigned to them whose status is not in the done category, highest priority first.',
  code_host:
    'Open pull requests awaiting their review, their own open pull requests and open issues assigned to them (archived repositories left out).',
  wiki: 'Confluence pages that mention them (CQL mention), latest change first.',
  suite: 'Events of their own primary Google calendar overlapping today (UTC), recurring events expanded.',
  chat: 'Slack messages of the last mention_days mentioning them, by someone else, in a conversation where they have posted nothing since (among their latest 100 messages).',
};
